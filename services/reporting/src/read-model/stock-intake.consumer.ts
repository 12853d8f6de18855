/**
 * Registers the durable consumer `reporting-catalog` on CATALOG: donations and stock counts for the
 * report, stock movements and product deletions for demand against stock.
 */
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DURABLE_CONSUMERS } from '@lr/contracts';
import { EventConsumers, KIT_CONFIG } from '@lr/nest-kit';
import type { ReportingConfig } from '../config.js';
import {
  isStockIntakeEventType,
  STOCK_INTAKE_EVENT_TYPES,
  StockIntakeApplier,
  type StockIntakeEvent,
} from './stock-intake.applier.js';
import {
  DEMAND_STOCK_EVENT_TYPES,
  DemandStockApplier,
  isDemandStockEventType,
  type DemandStockEvent,
} from './demand-stock.applier.js';

@Injectable()
export class StockIntakeConsumer implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly applier: StockIntakeApplier,
    private readonly demand: DemandStockApplier,
    @Inject(KIT_CONFIG)
    private readonly config: Pick<ReportingConfig, 'READ_MODEL_BATCH_WINDOW_MS'>,
  ) {}

  onModuleInit(): void {
    this.consumers.register({
      ...DURABLE_CONSUMERS.reportingCatalog,
      subjects: [...new Set([...STOCK_INTAKE_EVENT_TYPES, ...DEMAND_STOCK_EVENT_TYPES])],
      batchHandler: async (tx, events) => {
        const intake = events.filter((e) => isStockIntakeEventType(e.type));
        await this.applier.apply(tx, intake as StockIntakeEvent[]);
        const demand = events.filter((e) => isDemandStockEventType(e.type));
        await this.demand.apply(tx, demand as DemandStockEvent[]);
      },
      schema: 'reporting',
      batchWindowMs: this.config.READ_MODEL_BATCH_WINDOW_MS,
    });
  }
}
