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
    try {
      return await this.send<T>(subject, input, options);
    } catch (error) {
      outcome = error instanceof AppError ? error.code.toLowerCase() : 'internal';
      throw error;
    } finally {
      // The subject is un-namespaced and one of a fixed set, so the label stays small.
      metrics.rpc.clientCalls.inc({ subject, outcome });
      metrics.rpc.clientDuration.observe({ subject, outcome }, secondsSince(start));
    }
  }

  private async send<T>(subject: string, input: unknown, options: RpcCallOptions): Promise<T> {
    const hdrs = headers();
    hdrs.set(HEADERS.correlationId, options.correlationId ?? currentCorrelationId());
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
