/**
 * Publishing a hint (HINTS in contracts): a core NATS broadcast that tells other processes' caches
 * what just became stale. Not an event: no JetStream, no outbox, so losing one costs a subscriber at
 * most its cache's TTL of staleness, and a failure here is logged, never thrown.
 *
 * Call it after the transaction commits (a cache that refills at once must read the new state) and
 * before answering the request that caused it. The reply leaves on the RPC server's own NATS
 * connection, so order between the two connections is not given for free: flushing this one first
 * means the server has already routed the hint to every subscriber when the reply is sent, and a
 * subscriber, which receives both the hint and any later request on one connection, evicts before
 * it sees that request.
 */
import type { NatsConnection } from '@nats-io/transport-node';
import type { Logger } from './logger.js';

/** How long a reply may wait for the hint to reach the server (only slow during a NATS outage). */
const FLUSH_TIMEOUT_MS = 1_000;

export async function publishHint(
  nc: NatsConnection,
  subject: string,
  hint: object,
  logger: Logger,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    nc.publish(subject, JSON.stringify(hint));
    await Promise.race([
      nc.flush(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('flush timed out')), FLUSH_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    logger.warn(
      { subject, hint, err: (error as Error).message },
      'cache hint not confirmed; subscribers rely on their TTL',
    );
  } finally {
    clearTimeout(timer);
  }
}
