/**
 * An orders process's one core NATS subscription to catalog's events (`catalog.>`), shared by all
 * that listen in the process: the product cache (any change evicts) and the stock decisions (the
 * commits and refusals). Two subscriptions whose subjects match the same event get a copy each, so
 * one shared subscription delivers each event to the process once.
 */
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { namespaced, STREAMS } from '@lr/contracts';
import { KIT_CONFIG, NATS_CONNECTION, type NatsConnection } from '@lr/nest-kit';
import type { OrdersConfig } from '../config.js';

/** Told each catalog event: its subject without the namespace, and its body. */
export type CatalogEventListener = (subject: string, data: Uint8Array) => void;

@Injectable()
export class CatalogEventFeed implements OnModuleDestroy {
  private readonly listeners = new Set<CatalogEventListener>();
  private subscription: ReturnType<NatsConnection['subscribe']> | undefined;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(KIT_CONFIG) private readonly config: Pick<OrdersConfig, 'NATS_NAMESPACE'>,
  ) {}

  /**
   * Calls `listener` with every catalog event from now until the process stops. The server knows
   * the subscription once `nc.flush()` has resolved after the first call.
   */
  listen(listener: CatalogEventListener): void {
    this.listeners.add(listener);
    if (this.subscription) return;
    const prefix = namespaced(this.config.NATS_NAMESPACE, '');
    this.subscription = this.nc.subscribe(namespaced(this.config.NATS_NAMESPACE, STREAMS.CATALOG), {
      callback: (error, msg) => {
        if (error) return;
        const subject = msg.subject.slice(prefix.length);
        for (const notify of this.listeners) notify(subject, msg.data);
      },
    });
  }

  onModuleDestroy(): void {
    this.subscription?.unsubscribe();
    this.subscription = undefined;
    this.listeners.clear();
  }
}
