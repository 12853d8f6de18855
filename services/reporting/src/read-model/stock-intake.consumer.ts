/** Registers the durable consumer `reporting-catalog` (donations and stock counts) on CATALOG. */
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DURABLE_CONSUMERS } from '@lr/contracts';
import { EventConsumers, KIT_CONFIG } from '@lr/nest-kit';
import type { ReportingConfig } from '../config.js';
import { STOCK_INTAKE_EVENT_TYPES, StockIntakeApplier } from './stock-intake.applier.js';

@Injectable()
export class StockIntakeConsumer implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly applier: StockIntakeApplier,
    @Inject(KIT_CONFIG)
    private readonly config: Pick<ReportingConfig, 'READ_MODEL_BATCH_WINDOW_MS'>,
  ) {}

  onModuleInit(): void {
    this.consumers.register({
      ...DURABLE_CONSUMERS.reportingCatalog,
      subjects: [...STOCK_INTAKE_EVENT_TYPES],
      batchHandler: this.applier.batchHandler(),
      schema: 'reporting',
      batchWindowMs: this.config.READ_MODEL_BATCH_WINDOW_MS,
    });
  }
}
