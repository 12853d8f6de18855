/**
 * Per-request context: the correlation id that entered at the gateway travels through NATS headers
 * and is attached to every log line written while handling that request.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Span } from '@opentelemetry/api';

export interface RequestContext {
  correlationId: string;
  /** The span of the work in hand: parent of the spans it starts (tracing.ts). */
  span?: Span;
  /**
   * Set by whoever runs a transaction and calls these once it has committed (the durable
   * consumer): work inside it that needs a commit first (waking this process's outbox relay)
   * goes here instead of asking the database to notify.
   */
  afterCommit?: (() => void)[];
  /**
   * When the caller stops waiting for the reply (this process's clock: the caller sends how long it
   * waits, not until when, so the two clocks need not agree).
   */
  replyBy?: number;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** For hooks that cannot wrap the rest of the request (Fastify onRequest): binds the context from here on. */
export function enterContext(context: RequestContext): void {
  storage.enterWith(context);
}

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

/**
 * How long the caller of the request in hand still waits for its reply, in ms; Infinity outside a
 * request or when the caller did not say.
 */
export function callerWaitsMs(now = Date.now()): number {
  const replyBy = storage.getStore()?.replyBy;
  return replyBy === undefined ? Infinity : replyBy - now;
}

/** The current correlation id, or a new one when running outside any request (e.g. a timer). */
export function currentCorrelationId(): string {
  return storage.getStore()?.correlationId ?? randomUUID();
}
