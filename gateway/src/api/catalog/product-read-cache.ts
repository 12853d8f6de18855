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
import { NATS_CONNECTION, type NatsConnection } from '@lr/nest-kit';
import type { GatewayConfig } from '../../config.js';
import { GATEWAY_CONFIG } from '../../core/tokens.js';

const TTL_MS = 5_000;
const MAX_ENTRIES = 1_000;

interface Entry {
  value: unknown;
  expiresAt: number;
}

@Injectable()
export class ProductReadCache implements OnModuleInit, OnApplicationShutdown {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private subscription: ReturnType<NatsConnection['subscribe']> | undefined;
  /** Bumped on every invalidation so a read that started before it is not stored after it. */
  private generation = 0;

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
    this.generation += 1;
    this.entries.clear();
    this.inFlight.clear();
  }

  /** The cached value of `key`, or `load()`'s (concurrent misses share one load). */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value as T;
    const pending = this.inFlight.get(key);
    if (pending) return pending as Promise<T>;
    const generation = this.generation;
    const promise = load().then((value) => {
      if (generation === this.generation) {
        if (this.entries.size >= MAX_ENTRIES)
          this.entries.delete(this.entries.keys().next().value as string);
        this.entries.set(key, { value, expiresAt: Date.now() + TTL_MS });
      }
      return value;
    });
    const settled = promise.finally(() => {
      if (this.inFlight.get(key) === settled) this.inFlight.delete(key);
    });
    this.inFlight.set(key, settled);
    return settled;
  }
}
