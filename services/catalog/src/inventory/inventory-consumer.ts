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
      handlers: {
        [EVENTS.ordersOrderStatusChanged]: (tx, event) => this.handler.onStatusChanged(tx, event),
        [EVENTS.ordersOrderDeleted]: (tx, event) => this.handler.onDeleted(tx, event),
      },
    });
  }
}
