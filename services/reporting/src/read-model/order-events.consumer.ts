/** Registers the durable consumer `reporting-orders` that keeps the read model up to date. */
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventConsumers } from '@lr/nest-kit';
import { OrderEventApplier } from './order-event-applier.js';
import { ORDER_EVENT_TYPES } from './order-state-rule.js';

export const ORDERS_CONSUMER_NAME = 'reporting-orders';

@Injectable()
export class OrderEventsConsumer implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly applier: OrderEventApplier,
  ) {}

  onModuleInit(): void {
    this.consumers.register({
      name: ORDERS_CONSUMER_NAME,
      stream: 'ORDERS',
      subjects: [...ORDER_EVENT_TYPES],
      batchHandler: this.applier.batchHandler(),
      schema: 'reporting',
    });
  }
}
