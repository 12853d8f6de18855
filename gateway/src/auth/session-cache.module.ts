/**
 * Provides the SessionCache to the session strategy and the controllers, and keeps it honest: it
 * listens to auth's hints (HINTS.authSessionsChanged) from startup and evicts what they name, and
 * empties the cache when the NATS connection drops or comes back, since hints sent meanwhile are
 * lost.
 *
 * The subscription runs on the connection the RPC client uses, with a callback (run as soon as the
 * message is read, before any later reply is handed over). Auth sends the hint before replying to
 * the request that caused it, so a gateway has evicted by the time that reply arrives.
 */
import {
  Global,
  Inject,
  Injectable,
  Module,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import {
  LOGGER,
  NATS_CONNECTION,
  subscribeToSessionHints,
  type Logger,
  type NatsConnection,
} from '@lr/nest-kit';
import type { GatewayConfig } from '../config.js';
import { GATEWAY_CONFIG } from '../core/tokens.js';
import { SessionCache } from './session-cache.js';

@Injectable()
class SessionHintListener implements OnModuleInit, OnApplicationShutdown {
  private subscription: ReturnType<NatsConnection['subscribe']> | undefined;
  private readonly logger: Logger;

  constructor(
    private readonly cache: SessionCache,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ context: 'SessionCache' });
  }

  onModuleInit(): void {
    this.subscription = subscribeToSessionHints(
      this.nc,
      this.config.NATS_NAMESPACE,
      this.logger,
      (hint) => {
        if ('sessionId' in hint) this.cache.evictSession(hint.sessionId);
        else this.cache.evictUser(hint.userId);
      },
    );
    void this.clearOnReconnect();
  }

  onApplicationShutdown(): void {
    this.subscription?.unsubscribe();
  }

  private async clearOnReconnect(): Promise<void> {
    for await (const status of this.nc.status()) {
      if (status.type === 'disconnect' || status.type === 'reconnect') this.cache.clear();
    }
  }
}

@Global()
@Module({
  providers: [
    {
      provide: SessionCache,
      inject: [GATEWAY_CONFIG],
      useFactory: (config: GatewayConfig) => new SessionCache(config.SESSION_CACHE_TTL_MS),
    },
    SessionHintListener,
  ],
  exports: [SessionCache],
})
export class SessionCacheModule {}
