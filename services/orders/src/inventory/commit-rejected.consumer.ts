/**
 * Durable consumer `orders-inventory` of `catalog.inventory.commit-rejected.v1`: catalog found too
 * little stock when applying a commit, so the order goes back to Processing.
 */
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DURABLE_CONSUMERS, EVENTS } from '@lr/contracts';
import { EventConsumers } from '@lr/nest-kit';
import { ProcessOrderService } from '../orders/process-order.service.js';

@Injectable()
export class CommitRejectedConsumer implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly processing: ProcessOrderService,
  ) {}

  onModuleInit(): void {
    this.consumers.register({
      ...DURABLE_CONSUMERS.ordersInventory,
      subjects: [EVENTS.catalogInventoryCommitRejected],
      schema: 'orders',
      handlers: {
        [EVENTS.catalogInventoryCommitRejected]: async (tx, event) => {
          await this.processing.returnRejectedCommit(tx, event.data);
        },
      },
    });
  }
}
