/** Registers the durable consumer `catalog-inventory` on the ORDERS stream at module start. */
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EVENTS } from '@lr/contracts';
import { EventConsumers } from '@lr/nest-kit';
import { OrderInventoryHandler } from './order-inventory.handler.js';

export const INVENTORY_CONSUMER = 'catalog-inventory';

@Injectable()
export class InventoryConsumer implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly handler: OrderInventoryHandler,
  ) {}

  onModuleInit(): void {
    this.consumers.register({
      name: INVENTORY_CONSUMER,
      stream: 'ORDERS',
      subjects: [EVENTS.ordersOrderStatusChanged, EVENTS.ordersOrderDeleted],
      schema: 'catalog',
      // Only the two subscribed types arrive here (the consumer skips the rest).
      batchHandler: (tx, events) =>
        this.handler.onBatch(tx, events as Parameters<OrderInventoryHandler['onBatch']>[1]),
    });
  }
}
