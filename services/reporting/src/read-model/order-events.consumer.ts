/** Registers the durable consumer `reporting-orders` that keeps the read model up to date. */
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DURABLE_CONSUMERS } from '@lr/contracts';
import { EventConsumers, KIT_CONFIG } from '@lr/nest-kit';
import type { ReportingConfig } from '../config.js';
import { OrderEventApplier } from './order-events.applier.js';
import { ORDER_EVENT_TYPES } from './order-state-rule.js';

@Injectable()
export class OrderEventsConsumer implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly applier: OrderEventApplier,
    @Inject(KIT_CONFIG)
    private readonly config: Pick<ReportingConfig, 'READ_MODEL_BATCH_WINDOW_MS'>,
  ) {}

  onModuleInit(): void {
    this.consumers.register({
      ...DURABLE_CONSUMERS.reportingOrders,
      subjects: [...ORDER_EVENT_TYPES],
      batchHandler: this.applier.batchHandler(),
      schema: 'reporting',
      batchWindowMs: this.config.READ_MODEL_BATCH_WINDOW_MS,
    });
  }
}
