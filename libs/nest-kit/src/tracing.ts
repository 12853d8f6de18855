/**
 * Traces (OpenTelemetry): one order is one trace across the gateway and every service. The trace
 * context travels as W3C `traceparent` in NATS headers for requests, and in the event envelope for
 * events (written with the outbox row, so it survives the relay, a restart and a redelivery).
 *
 * Spans are parented explicitly from the kit's request context (context.ts), not through a global
 * context manager: the gateway binds its context with `enterWith` from a Fastify hook, which a
 * context manager's `with` cannot follow.
 *
 * Off unless OTEL_EXPORTER_OTLP_ENDPOINT is set: the API's no-op tracer then makes spans that are
 * never recorded and carry no context, so nothing is sent and headers stay empty. When on, the
 * standard OTEL_TRACES_SAMPLER / OTEL_TRACES_SAMPLER_ARG choose which traces are kept (default:
 * all; `parentbased_traceidratio` with 0.1 keeps one in ten, decided once at the gateway and
 * followed by every part of that trace).
 */
import {
  INVALID_SPAN_CONTEXT,
  isSpanContextValid,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Link,
  type Span,
  type TextMapGetter,
  type TextMapSetter,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import {
  currentContext,
  currentCorrelationId,
  runWithContext,
  type RequestContext,
} from './context.js';

export { SpanKind, SpanStatusCode, type Span };

const propagator = new W3CTraceContextPropagator();
const TRACEPARENT = /^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;

let provider: BasicTracerProvider | undefined;

/**
 * The span of work that is not traced: tracing is off in this process and nothing upstream carries
 * a trace to continue. What the API's no-op tracer would make each time, made once: it holds no
 * state (its methods do nothing, its context is the invalid one), so every request can share it,
 * and a request costs no tracer lookup, span or context object while tracing is off.
 */
export const UNTRACED_SPAN: Span = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

/** Whether this process records spans (initTracing installed a provider). */
export function tracingOn(): boolean {
  return provider !== undefined;
}

/**
 * Installs the process's tracer provider: OTLP over HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set
 * (the exporter reads the standard OTEL_* variables itself), or the given processor (tests: an
 * in-memory exporter). Without either, tracing stays off.
 */
export function initTracing(
  service: string,
  options: { env?: NodeJS.ProcessEnv; processor?: SpanProcessor } = {},
): boolean {
  const env = options.env ?? process.env;
  const processor =
    options.processor ??
    (env.OTEL_EXPORTER_OTLP_ENDPOINT ? new BatchSpanProcessor(new OTLPTraceExporter()) : null);
  if (!processor || provider) return false;
  provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME ?? service }),
    spanProcessors: [processor],
  });
  trace.setGlobalTracerProvider(provider);
  return true;
}

/** Sends what is buffered (on shutdown). */
export async function shutdownTracing(): Promise<void> {
  await provider?.shutdown().catch(() => undefined);
}

/** Spans of each part of the product carry its name as the instrumentation scope. */
function tracer(service: string) {
  return trace.getTracer(`lockerroom.${service}`);
}

/** The context a new span of the current request is a child of. */
function parentContext(parent?: Context): Context {
  if (parent) return parent;
  const span = currentContext()?.span;
  return span ? trace.setSpan(ROOT_CONTEXT, span) : ROOT_CONTEXT;
}

/** Whether the new span's parent (given, or the current request's span) carries a trace. */
function parentIsTraced(parent?: Context): boolean {
  const span = parent ? trace.getSpan(parent) : currentContext()?.span;
  return span !== undefined && isSpanContextValid(span.spanContext());
}

export function startSpan(
  service: string,
  name: string,
  options: {
    kind?: SpanKind;
    parent?: Context;
    links?: Link[];
    attributes?: Record<string, string | number>;
  } = {},
): Span {
  // The no-op tracer's answer here is a span with the invalid context: the shared one is the same.
  if (!provider && !parentIsTraced(options.parent)) return UNTRACED_SPAN;
  return tracer(service).startSpan(
    name,
    {
      kind: options.kind ?? SpanKind.INTERNAL,
      ...(options.links ? { links: options.links } : {}),
      ...(options.attributes ? { attributes: options.attributes } : {}),
    },
    parentContext(options.parent),
  );
}

/** Ends `span`, marking it failed when `error` is given. */
export function endSpan(span: Span, error?: unknown): void {
  if (error !== undefined) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message ?? 'error' });
  }
  span.end();
}

/**
 * Runs `work` in a child span of the current request (a database transaction, a stock movement),
 * with that span current for what `work` starts.
 */
export function withSpan<T>(service: string, name: string, work: () => Promise<T>): Promise<T> {
  const span = startSpan(service, name);
  const context = currentContext();
  // Untraced work inside an untraced request: `work` keeps the context it already has.
  if (span === UNTRACED_SPAN && context?.span === UNTRACED_SPAN) {
    try {
      return work();
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return inSpan(span, context, work);
}

/** Runs `work` with `span` as the current request's span, and ends the span with its outcome. */
async function inSpan<T>(
  span: Span,
  context: RequestContext | undefined,
  work: () => Promise<T>,
): Promise<T> {
  try {
    // The rest of the context stays: a span inside a consumer's transaction must keep its
    // afterCommit list, or an outbox write in it falls back to a NOTIFY.
    const result = await runWithContext(
      { ...context, correlationId: context?.correlationId ?? currentCorrelationId(), span },
      work,
    );
    endSpan(span);
    return result;
  } catch (error) {
    endSpan(span, error);
    throw error;
  }
}

/** Headers of a NATS message (or anything with get/set). */
interface HeaderBag {
  get(key: string): string;
  set(key: string, value: string): void;
}

const setter: TextMapSetter<HeaderBag> = { set: (carrier, key, value) => carrier.set(key, value) };
const getter: TextMapGetter<HeaderBag | undefined> = {
  get: (carrier, key) => carrier?.get(key) || undefined,
  keys: () => ['traceparent', 'tracestate'],
};

/** Writes `span`'s context as `traceparent` (nothing when tracing is off). */
export function injectTrace(span: Span, headers: HeaderBag): void {
  // The propagator writes nothing for such a span either; this skips building a context for it.
  if (!isSpanContextValid(span.spanContext())) return;
  propagator.inject(trace.setSpan(ROOT_CONTEXT, span), headers, setter);
}

/** The context a received message's headers carry (ROOT_CONTEXT when none). */
export function extractTrace(headers: HeaderBag | undefined): Context {
  return propagator.extract(ROOT_CONTEXT, headers, getter);
}

/**
 * The `traceparent` of the current span, for an event written now; undefined when off. A trace
 * the sampler left out is named too (its flags say "not sampled"): the event's consumers then
 * leave it out as well, instead of sampling their part again as a trace of its own.
 */
export function currentTraceparent(): string | undefined {
  const span = currentContext()?.span;
  if (!span || !isSpanContextValid(span.spanContext())) return undefined;
  const carrier = new Map<string, string>();
  propagator.inject(trace.setSpan(ROOT_CONTEXT, span), carrier, {
    set: (c, k, v) => c.set(k, v),
  });
  const value = carrier.get('traceparent');
  return value && TRACEPARENT.test(value) ? value : undefined;
}

/** The context an event's stored `traceparent` names (ROOT_CONTEXT when none or malformed). */
export function contextOfTraceparent(traceparent: string | undefined): Context {
  if (!traceparent || !TRACEPARENT.test(traceparent)) return ROOT_CONTEXT;
  return propagator.extract(ROOT_CONTEXT, traceparent, {
    get: (value, key) => (key === 'traceparent' ? value : undefined),
    keys: () => ['traceparent'],
  });
}

/** A link to the span a received message's context names (none when it carries no trace). */
export function linksTo(parent: Context): Link[] {
  const producer = trace.getSpanContext(parent);
  return producer ? [{ context: producer }] : [];
}
