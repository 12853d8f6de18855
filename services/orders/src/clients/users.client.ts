/**
 * The school's profile, read from the auth service when an order is placed: the delivery address
 * comes from the profile, never from the client.
 *
 * Profiles are kept for PROFILE_CACHE_TTL_MS (one RPC less per order under load). Auth's
 * `hint.auth.sessions-changed` broadcast names a user whose profile, role or account changed; it is
 * flushed to the NATS server before auth answers the change. The school's next request reaches this
 * process on the connection the hint came on, behind it (the RPC server answers on the service's
 * connection), so the hint has been read and the entry is gone before that request is handled. A
 * lost hint costs at most the TTL of staleness.
 */
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { authOps, AppError, type Actor, type OutputOf } from '@lr/contracts';
import {
  ExpiringCache,
  KIT_CONFIG,
  LOGGER,
  NATS_CONNECTION,
  RpcClient,
  subscribeToSessionHints,
  type Logger,
  type NatsConnection,
} from '@lr/nest-kit';
import type { OrdersConfig } from '../config.js';

/** The school's account as auth answers it (checked against `authOps.getUser`'s output). */
export type SchoolProfile = OutputOf<typeof authOps.getUser>;

/** Enough for every school at once; the oldest entry goes first when full. */
const MAX_CACHED_PROFILES = 10_000;

@Injectable()
export class UsersClient implements OnModuleInit, OnModuleDestroy {
  private readonly profiles: ExpiringCache<SchoolProfile>;
  private hints: ReturnType<NatsConnection['subscribe']> | undefined;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(KIT_CONFIG)
    private readonly config: Pick<OrdersConfig, 'NATS_NAMESPACE' | 'PROFILE_CACHE_TTL_MS'>,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.profiles = new ExpiringCache({
      ttlMs: config.PROFILE_CACHE_TTL_MS,
      maxEntries: MAX_CACHED_PROFILES,
    });
  }

  onModuleInit(): void {
    if (!this.profiles.enabled) return;
    this.hints = subscribeToSessionHints(
      this.nc,
      this.config.NATS_NAMESPACE,
      this.logger,
      (hint) => {
        if ('userId' in hint) this.profiles.forget(hint.userId);
      },
    );
  }

  onModuleDestroy(): void {
    this.hints?.unsubscribe();
  }

  /** The caller's own profile; 401 when the account no longer exists. */
  async profileOf(actor: Actor): Promise<SchoolProfile> {
    return this.profiles.get(actor.id, () => this.fetch(actor));
  }

  private async fetch(actor: Actor): Promise<SchoolProfile> {
    try {
      return await this.rpc.call(authOps.getUser, { id: actor.id }, { actor });
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') {
        throw AppError.unauthorized('Your account no longer exists; please log in again');
      }
      throw error;
    }
  }
}
