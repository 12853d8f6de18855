/**
 * Tells the gateways' session caches what just became stale: a core NATS broadcast on
 * HINTS.authSessionsChanged, not an event (no JetStream, no outbox). Losing one costs at most the
 * gateway's SESSION_CACHE_TTL_MS of staleness, so a failure here is logged, never thrown.
 *
 * Call it after the transaction commits (a gateway that refills its cache at once must read the new
 * state) and before answering the request that caused it. The reply leaves on the RPC server's own
 * NATS connection, so order between the two connections is not given for free: flushing this one
 * first means the server has already routed the hint to every subscriber when the reply is sent,
 * and a gateway, which receives both on one connection, evicts before it sees the reply.
 */
import { Inject, Injectable } from '@nestjs/common';
import { HINTS, namespaced, type SessionsChangedHint } from '@lr/contracts';
import { LOGGER, NATS_CONNECTION, type Logger, type NatsConnection } from '@lr/nest-kit';
import type { AuthConfig } from '../config.js';
import { AUTH_CONFIG } from '../core/tokens.js';

/** How long a reply may wait for the hint to reach the server (only slow during a NATS outage). */
const FLUSH_TIMEOUT_MS = 1_000;

@Injectable()
export class SessionHints {
  private readonly subject: string;
  private readonly logger: Logger;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(AUTH_CONFIG) config: AuthConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.subject = namespaced(config.NATS_NAMESPACE, HINTS.authSessionsChanged);
    this.logger = logger.child({ context: SessionHints.name });
  }

  /** One session ended (logout). */
  sessionEnded(sessionId: string): Promise<void> {
    return this.publish({ sessionId });
  }

  /** Everything cached about this user is stale: sessions revoked, role/name/login id/code changed, deleted. */
  userChanged(userId: string): Promise<void> {
    return this.publish({ userId });
  }

  private async publish(hint: SessionsChangedHint): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      this.nc.publish(this.subject, JSON.stringify(hint));
      await Promise.race([
        this.nc.flush(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('flush timed out')), FLUSH_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      this.logger.warn(
        { hint, err: (error as Error).message },
        'session cache hint not confirmed; gateways rely on their TTL',
      );
    } finally {
      clearTimeout(timer);
    }
  }
}
