/**
 * The school's profile, read from the auth service when an order is placed: the delivery address
 * comes from the profile, never from the client.
 *
 * Profiles are kept for PROFILE_CACHE_TTL_MS (one RPC less per order under load). Auth's
 * `hint.auth.sessions-changed` broadcast names a user whose profile, role or account changed; it is
 * flushed to the NATS server before auth answers the change. The school's next request reaches this
 * process on the RPC server's connection, not the one the hint comes on, so a kept profile is used
 * only once the HintBarrier has passed: by then the hint has been read and the entry is gone. A lost
 * hint costs at most the TTL of staleness.
 */
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { authOps, AppError, type Actor, type OutputOf } from '@lr/contracts';
import {
  ExpiringCache,
  HintBarrier,
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
    private readonly hintsRead: HintBarrier,
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
    // Unconfirmed (NATS slow to answer): a hint may be unread, so the kept profile is not trusted.
    if (this.profiles.enabled && !(await this.hintsRead.passed())) this.profiles.forget(actor.id);
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
