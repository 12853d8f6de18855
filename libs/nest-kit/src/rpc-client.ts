/**
 * Request-reply client: sends `{ actor, input }` to a service subject with the correlation id in a
 * header, and turns an error reply back into an AppError so callers just `await`.
 */
import {
  AppError,
  HEADERS,
  namespaced,
  rpcErrorSchema,
  type Actor,
  type RpcReply,
} from '@lr/contracts';
import { headers, type NatsConnection } from '@nats-io/transport-node';
import { currentCorrelationId } from './context.js';
import { metrics, secondsSince } from './metrics.js';
import { endSpan, injectTrace, SpanKind, startSpan, type Span } from './tracing.js';
import { ReplyInbox, RequestFailedError } from './reply-inbox.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export interface RpcCallOptions {
  actor?: Actor | null;
  timeoutMs?: number;
  correlationId?: string;
}

export class RpcClient {
  private readonly inbox: ReplyInbox;

  constructor(
    nc: NatsConnection,
    private readonly namespace: string,
    private readonly defaultTimeoutMs = 10_000,
    /** The calling process, for its spans. */
    private readonly caller = 'rpc',
  ) {
    this.inbox = new ReplyInbox(nc);
  }

  async call<T = unknown>(
    subject: string,
    input: unknown,
    options: RpcCallOptions = {},
  ): Promise<T> {
    const start = process.hrtime.bigint();
    let outcome = 'ok';
    const span = startSpan(this.caller, subject, {
      kind: SpanKind.CLIENT,
      attributes: { 'rpc.system': 'nats', 'rpc.method': subject },
    });
    try {
      const result = await this.send<T>(subject, input, options, span);
      endSpan(span);
      return result;
    } catch (error) {
      outcome = error instanceof AppError ? error.code.toLowerCase() : 'internal';
      endSpan(span, error);
      throw error;
    } finally {
      // The subject is un-namespaced and one of a fixed set, so the label stays small.
      metrics.rpc.clientCalls.inc({ subject, outcome });
      metrics.rpc.clientDuration.observe({ subject, outcome }, secondsSince(start));
    }
  }

  private async send<T>(
    subject: string,
    input: unknown,
    options: RpcCallOptions,
    span: Span,
  ): Promise<T> {
    const hdrs = headers();
    hdrs.set(HEADERS.correlationId, options.correlationId ?? currentCorrelationId());
    injectTrace(span, hdrs);
    const body = encoder.encode(
      JSON.stringify({ actor: options.actor ?? null, input: input ?? null }),
    );
    let raw: string;
    try {
      const reply = await this.inbox.request(namespaced(this.namespace, subject), body, {
        timeoutMs: options.timeoutMs ?? this.defaultTimeoutMs,
        headers: hdrs,
      });
      raw = decoder.decode(reply.data);
    } catch (error) {
      const service = subject.split('.')[1];
      // The client refused to publish the request (too large for max_payload): no use retrying.
      if (!(error instanceof RequestFailedError)) {
        throw new AppError('INTERNAL', `The request to the ${service} service could not be sent`, {
          cause: (error as Error).message,
        });
      }
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        `The ${service} service is not answering; please try again`,
        {
          cause: (error as Error).message,
        },
      );
    }
    const parsed = JSON.parse(raw) as RpcReply<T>;
    if (parsed.ok) return parsed.data;
    const body2 = rpcErrorSchema.safeParse(parsed.error);
    if (!body2.success) throw new AppError('INTERNAL', 'Malformed reply');
    throw new AppError(body2.data.code, body2.data.message, body2.data.details);
  }
}
