/**
 * A short-lived cache of the public product reads (list, grouped list, one product) as guests, users
 * and volunteers see them; admins always read through. It is emptied whenever the catalog publishes a
 * product or inventory event (a core NATS subscription on `catalog.>`, which also sees what the outbox
 * relay publishes to JetStream) and whenever this gateway forwards a catalog write. Core NATS may
 * drop a message, so entries also expire after a few seconds: the worst case is a listing that many
 * seconds stale, never a wrong stock decision (the catalog checks stock itself).
 */
import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { namespaced } from '@lr/contracts';
import { ExpiringCache, NATS_CONNECTION, type NatsConnection } from '@lr/nest-kit';
import type { GatewayConfig } from '../../config.js';
import { GATEWAY_CONFIG } from '../../core/tokens.js';

/** How long an entry lives: how stale a read can be when an emptying message is lost. */
export const PRODUCT_READ_CACHE_TTL_MS = 5_000;

@Injectable()
export class ProductReadCache implements OnModuleInit, OnApplicationShutdown {
  private readonly reads = new ExpiringCache<unknown>({
    ttlMs: PRODUCT_READ_CACHE_TTL_MS,
    maxEntries: 1_000,
  });
  private subscription: ReturnType<NatsConnection['subscribe']> | undefined;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  onModuleInit(): void {
    this.subscription = this.nc.subscribe(namespaced(this.config.NATS_NAMESPACE, 'catalog.>'), {
      callback: () => this.invalidate(),
    });
  }

  onApplicationShutdown(): void {
    this.subscription?.unsubscribe();
  }

  invalidate(): void {
    this.reads.invalidate();
  }

  /** The cached value of `key`, or `load()`'s (concurrent misses share one load). */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.reads.get(key, load) as Promise<T>;
  }
}
