/**
 * A NestJS microservice transport for request-reply over core NATS.
 *
 * Nest's built-in NATS transport cannot prefix subjects at run time, and parallel test runs share one
 * nats-server, so this strategy subscribes each `@Handles(operation)` subject under the configured
 * namespace, in a queue group named after the service (replicas share the work), and answers with
 * the one reply convention `{ ok, data } | { ok: false, error: { code, message } }`.
 *
 * A service's requests arrive on the service's own NATS connection (`shareConnection`, done by
 * `startService`): the one its cache hints and events arrive on. nats-server delivers what it routes
 * to one connection in the order it routed it, so a hint flushed before a change was answered is
 * read before any request sent after that answer, and a cache cleared by it is never served stale
 * to the next request (hints.ts).
 */
import { Logger as NestLogger } from '@nestjs/common';
import { Server, type CustomTransportStrategy } from '@nestjs/microservices';
import { ZodError } from 'zod';
import {
  AppError,
  HEADERS,
  describeZodError,
  namespaced,
  type RpcErrorBody,
  type RpcReply,
  type RpcRequest,
  type ServiceName,
} from '@lr/contracts';
import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { runWithContext } from './context.js';
import { conflictFromUniqueViolation } from './db.js';
import { metrics, secondsSince } from './metrics.js';
import { endSpan, extractTrace, SpanKind, startSpan } from './tracing.js';
import { PublishBatcher } from './publish-batcher.js';
import type { DirectHandler } from './direct-handlers.js';

export interface NatsRpcServerOptions {
  namespace: string;
  /** Queue group; replicas of one service share it. */
  service: ServiceName;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** nats-server's default max_payload, for the moment before the server's INFO is known. */
const DEFAULT_MAX_PAYLOAD = 1024 * 1024;
/** Room left under max_payload for the reply's protocol line and headers. */
const REPLY_OVERHEAD_BYTES = 1024;

/** Request ids are the callers' uuids; anything else is ignored (the call is then not deduped). */
const REQUEST_ID = /^[0-9A-Za-z-]{8,64}$/;

/** When the caller stops waiting, by its `replyWithinMs` header; undefined when it did not say. */
function replyByOf(msg: Msg, receivedAt: number): number | undefined {
  const within = Number(msg.headers?.get(HEADERS.replyWithinMs));
  return Number.isFinite(within) && within > 0 ? receivedAt + within : undefined;
}

function requestIdOf(msg: Msg): string | null {
  const id = msg.headers?.get(HEADERS.requestId);
  return id && REQUEST_ID.test(id) ? id : null;
}

/** The small reply a caller gets instead of one that could not be sent. */
function unsentReply(pattern: string): Uint8Array {
  const reply: RpcReply<never> = {
    ok: false,
    error: {
      code: 'INTERNAL',
      message: `The reply to ${pattern} could not be sent (too large or refused by the broker)`,
    },
  };
  return encoder.encode(JSON.stringify(reply));
}

export class NatsRpcServer extends Server implements CustomTransportStrategy {
  /** The service's connection (its owner, the kit, drains and closes it; this server never does). */
  private nc: NatsConnection | undefined;
  private readonly subscriptions: Subscription[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  /** Replies finished in one loop turn go out together. */
  private replies: PublishBatcher | undefined;
  private readonly log = new NestLogger('NatsRpcServer');
  /** Each subject's handler, called without Nest's per-call pipeline (direct-handlers.ts). */
  private direct = new Map<string, DirectHandler>();

  constructor(private readonly options: NatsRpcServerOptions) {
    super();
  }

  /** The handlers `dispatch` calls, by subject; every subject Nest registers must have one. */
  callDirectly(handlers: Map<string, DirectHandler>): void {
    this.direct = handlers;
  }

  /** Answers on `nc`, the service's connection; required before `listen`. */
  shareConnection(nc: NatsConnection): void {
    this.nc = nc;
  }

  async listen(callback: (...optionalParams: unknown[]) => unknown): Promise<void> {
    try {
      if (!this.nc) throw new Error('NatsRpcServer: shareConnection(nc) must come before listen');
      this.replies = new PublishBatcher(this.nc);
      for (const [pattern, handler] of this.messageHandlers) {
        if (handler.isEventHandler) continue;
        if (!this.direct.has(pattern))
          throw new Error(`NatsRpcServer: no direct handler for ${pattern} (callDirectly)`);
        const subject = namespaced(this.options.namespace, pattern);
        const sub = this.nc.subscribe(subject, {
          queue: namespaced(this.options.namespace, this.options.service),
          callback: (err, msg) => {
            if (err) return;
            const job = this.handle(pattern, msg).finally(() => this.inFlight.delete(job));
            this.inFlight.add(job);
          },
        });
        this.subscriptions.push(sub);
      }
      await this.nc.flush();
      callback();
    } catch (error) {
      callback(error);
    }
  }

  private async handle(pattern: string, msg: Msg): Promise<void> {
    const correlationId = msg.headers?.get(HEADERS.correlationId) || randomUUID();
    const replyBy = replyByOf(msg, Date.now());
    const start = process.hrtime.bigint();
    const span = startSpan(this.options.service, pattern, {
      kind: SpanKind.SERVER,
      parent: extractTrace(msg.headers),
      attributes: { 'rpc.system': 'nats', 'rpc.method': pattern },
    });
    await runWithContext({ correlationId, span, replyBy }, async () => {
      const reply = await this.dispatch(pattern, msg);
      if (msg.reply) this.sendReply(pattern, msg.reply, reply);
      const outcome = reply.ok ? 'ok' : reply.error.code.toLowerCase();
      endSpan(span, reply.ok ? undefined : new Error(reply.error.code));
      metrics.rpc.serverRequests.inc({ subject: pattern, outcome });
      metrics.rpc.serverDuration.observe({ subject: pattern, outcome }, secondsSince(start));
    });
  }

  /**
   * A reply the broker would refuse is never published: the client would drop it without a word and
   * the caller would wait for its timeout. The caller gets a small error at once and the log says
   * which subject produced how many bytes.
   */
  private sendReply(pattern: string, to: string, reply: RpcReply<unknown>): void {
    const data = encoder.encode(JSON.stringify(reply));
    const limit = (this.nc?.info?.max_payload ?? DEFAULT_MAX_PAYLOAD) - REPLY_OVERHEAD_BYTES;
    if (data.length > limit) {
      this.log.error(
        `Reply to ${pattern} not sent: ${data.length} bytes is over the broker's limit of ${limit}`,
      );
      this.replies?.publish(to, unsentReply(pattern));
      return;
    }
    this.replies?.publish(to, data, undefined, (error) => {
      this.log.error(
        `Reply to ${pattern} (${data.length} bytes) could not be published: ${error.message}`,
      );
      try {
        this.nc?.publish(to, unsentReply(pattern));
      } catch {
        // The connection itself is failing; the caller's timeout is all that is left.
      }
    });
  }

  private async dispatch(pattern: string, msg: Msg): Promise<RpcReply<unknown>> {
    const handler = this.direct.get(pattern);
    if (!handler)
      return { ok: false, error: { code: 'NOT_FOUND', message: `No handler for ${pattern}` } };
    try {
      let payload: unknown;
      try {
        payload = JSON.parse(decoder.decode(msg.data));
      } catch {
        throw AppError.badRequest('Malformed request');
      }
      if (payload !== null && typeof payload === 'object') {
        // From the header only: a body cannot claim another call's recorded reply.
        (payload as RpcRequest).requestId = requestIdOf(msg);
      }
      const value: unknown = await handler(payload);
      return { ok: true, data: value ?? null };
    } catch (error) {
      return { ok: false, error: this.toErrorBody(error, pattern) };
    }
  }

  private toErrorBody(error: unknown, pattern: string): RpcErrorBody {
    if (error instanceof AppError) return error.toBody();
    if (error instanceof ZodError) return { code: 'BAD_REQUEST', message: describeZodError(error) };
    // A unique index no repository mapped is still a conflict, not a server fault.
    const conflict = conflictFromUniqueViolation(error);
    if (conflict) return conflict.toBody();
    this.log.error(
      `Unexpected error handling ${pattern}: ${(error as Error)?.stack ?? String(error)}`,
    );
    return { code: 'INTERNAL', message: 'Internal server error' };
  }

  async close(): Promise<void> {
    for (const sub of this.subscriptions) sub.unsubscribe();
    this.subscriptions.length = 0;
    await Promise.allSettled([...this.inFlight]);
    this.replies?.flush();
    // The connection stays open for the rest of the service's shutdown (its consumers and relay);
    // the replies just handed over still reach the server first.
    if (this.nc && !this.nc.isClosed()) await this.nc.flush().catch(() => undefined);
  }

  on(): void {
    // No transport events are exposed.
  }

  unwrap<T>(): T {
    return this.nc as T;
  }
}
