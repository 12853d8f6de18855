/**
 * The root span of each HTTP request: everything the gateway asks the services for, and every
 * event that follows, joins its trace. A caller's own `traceparent` is continued.
 */
import {
  endSpan,
  extractTrace,
  SpanKind,
  startSpan,
  tracingOn,
  UNTRACED_SPAN,
  type Span,
} from '@lr/nest-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The spans still to end: only those that record something (ending any other does nothing). */
const spans = new WeakMap<FastifyRequest, Span>();

/** Starts the request's span; the caller binds it to the request context. */
export function startRequestSpan(request: FastifyRequest): Span {
  const header = request.headers.traceparent;
  // Tracing off and no trace to continue: nothing to name, extract or remember.
  if (header === undefined && !tracingOn()) return UNTRACED_SPAN;
  const route = request.routeOptions.url ?? 'unmatched';
  const span = startSpan('gateway', `${request.method} ${route}`, {
    kind: SpanKind.SERVER,
    parent: extractTrace({
      get: (key) => (key === 'traceparent' && typeof header === 'string' ? header : ''),
      set: () => undefined,
    }),
    attributes: { 'http.request.method': request.method, 'http.route': route },
  });
  if (span.isRecording()) spans.set(request, span);
  return span;
}

export function registerHttpTracing(fastify: FastifyInstance): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request);
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      endSpan(span, reply.statusCode >= 500 ? new Error(`HTTP ${reply.statusCode}`) : undefined);
    }
    done();
  });
}
