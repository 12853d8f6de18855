/**
 * Registers the inventory's durable consumers on the ORDERS stream at module start: one for status
 * changes (`catalog-inventory`), one for deletions (`catalog-inventory-deleted`).
 *
 * Two consumers with one subject each, not one with both: nats-server 2.9 (Debian 12's package)
 * filters a consumer on one subject only, so a consumer of both read the whole stream, every placed
 * order included, only to skip most of it. The handler does not need the two in stream
 * order: every event carries the order's version and its full snapshot, a deletion is final, and a
 * deletion that overtakes the order's delivery takes the delivered stock itself
 * (OrderInventoryHandler.onDeleted).
 */
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DURABLE_CONSUMERS, EVENTS } from '@lr/contracts';
import { EventConsumers, KIT_CONFIG } from '@lr/nest-kit';
import type { CatalogConfig } from '../config.js';
import { OrderInventoryHandler } from './order-inventory.handler.js';

type InventoryEvents = Parameters<OrderInventoryHandler['onBatch']>[1];

@Injectable()
export class InventoryConsumer implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly handler: OrderInventoryHandler,
    @Inject(KIT_CONFIG)
    private readonly config: Pick<CatalogConfig, 'INVENTORY_BATCH_WINDOW_MS'>,
  ) {}

  onModuleInit(): void {
    const consumers = [
      { durable: DURABLE_CONSUMERS.catalogInventory, subject: EVENTS.ordersOrderStatusChanged },
      { durable: DURABLE_CONSUMERS.catalogInventoryDeleted, subject: EVENTS.ordersOrderDeleted },
    ];
    for (const { durable, subject } of consumers) {
      this.consumers.register({
        ...durable,
        subjects: [subject],
        schema: 'catalog',
        batchWindowMs: this.config.INVENTORY_BATCH_WINDOW_MS,
        batchHandler: (tx, events) => this.handler.onBatch(tx, events as InventoryEvents),
      });
    }
  }
}
