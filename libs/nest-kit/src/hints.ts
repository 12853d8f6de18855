/**
 * Publishing a hint (HINTS in contracts): a core NATS broadcast that tells other processes' caches
 * what just became stale. Not an event: no JetStream, no outbox, so losing one costs a subscriber at
 * most its cache's TTL of staleness, and a failure here is logged, never thrown.
 *
 * Call it after the transaction commits (a cache that refills at once must read the new state) and
 * before answering the request that caused it: flushing means the server has already routed the
 * hint to every subscriber when the reply is sent, and nats-server delivers what it routes to one
 * connection in that order. A subscriber therefore reads the hint before anything that follows the
 * answer on the connection it reads hints on: the gateway its replies, a service the next requests
 * (its RPC server answers on the service's connection, rpc-server.ts), before it serves them from a
 * cache.
 */
import type { NatsConnection } from '@nats-io/transport-node';
import type { Logger } from './logger.js';

/** How long a reply may wait for the hint to reach the server (only slow during a NATS outage). */
const FLUSH_TIMEOUT_MS = 1_000;

/** Resolves when the server has answered a PING on `nc`; rejects after `timeoutMs`. */
async function flushWithin(nc: NatsConnection, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      nc.flush(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('flush timed out')), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export async function publishHint(
  nc: NatsConnection,
  subject: string,
  hint: object,
  logger: Logger,
): Promise<void> {
  try {
    nc.publish(subject, JSON.stringify(hint));
    await flushWithin(nc, FLUSH_TIMEOUT_MS);
  } catch (error) {
    logger.warn(
      { subject, hint, err: (error as Error).message },
      'cache hint not confirmed; subscribers rely on their TTL',
    );
  }
}
