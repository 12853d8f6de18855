/**
 * Publishing a hint (HINTS in contracts): a core NATS broadcast that tells other processes' caches
 * what just became stale. Not an event: no JetStream, no outbox, so losing one costs a subscriber at
 * most its cache's TTL of staleness, and a failure here is logged, never thrown.
 *
 * Call it after the transaction commits (a cache that refills at once must read the new state) and
 * before answering the request that caused it. The reply leaves on the RPC server's own NATS
 * connection, so order between the two connections is not given for free: flushing this one first
 * means the server has already routed the hint to every subscriber when the reply is sent. A
 * subscriber that sends its requests on the connection it reads hints on (the gateway) therefore
 * reads the hint before the reply. A service that receives requests on its RPC server's connection
 * and hints on another (orders) does not: the two sockets are read in no set order, so it passes a
 * HintBarrier before it serves a request from a cache.
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

/**
 * Makes the hints already sent to a process visible before it serves a request from a cache, when
 * its requests and its hints arrive on different connections. `passed()` sends a PING on the hints'
 * connection: the server answers it after every message it routed there earlier, and hint
 * subscriptions use callbacks, so by the PONG each hint sent before the request was answered has
 * been acted on. Calls made in one synchronous run (the profile and the products of one order)
 * share one round trip; a later call never joins an earlier PING, which may predate its request.
 */
export class HintBarrier {
  private current: Promise<boolean> | undefined;

  constructor(
    private readonly nc: NatsConnection,
    private readonly timeoutMs = FLUSH_TIMEOUT_MS,
  ) {}

  /** True once the hints sent before this call are read; false when NATS did not answer in time. */
  passed(): Promise<boolean> {
    if (this.current) return this.current;
    const current = flushWithin(this.nc, this.timeoutMs).then(
      () => true,
      () => false,
    );
    this.current = current;
    queueMicrotask(() => {
      if (this.current === current) this.current = undefined;
    });
    return current;
  }
}
