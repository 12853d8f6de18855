/**
 * Tells the gateways' session caches (and orders' profile cache) what just became stale: a hint on
 * HINTS.authSessionsChanged (see `publishHint` for when to call it and why it flushes). Losing one
 * costs at most the subscribers' TTL of staleness.
 */
import { Inject, Injectable } from '@nestjs/common';
import { HINTS, namespaced, type SessionsChangedHint } from '@lr/contracts';
import {
  LOGGER,
  NATS_CONNECTION,
  publishHint,
  type Logger,
  type NatsConnection,
} from '@lr/nest-kit';
import type { AuthConfig } from '../config.js';
import { AUTH_CONFIG } from '../core/tokens.js';

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

  private publish(hint: SessionsChangedHint): Promise<void> {
    return publishHint(this.nc, this.subject, hint, this.logger);
  }
}
