/**
 * Registers the durable consumer `reporting-catalog` on CATALOG: donations and stock counts for the
 * report, product values and donations for the impact report, stock movements and product deletions
 * for demand against stock.
 */
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DURABLE_CONSUMERS } from '@lr/contracts';
import { EventConsumers, KIT_CONFIG } from '@lr/nest-kit';
import type { ReportingConfig } from '../config.js';
import { IMPACT_CATALOG_EVENT_TYPES, ImpactApplier } from './impact.applier.js';
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
    private readonly impact: ImpactApplier,
    private readonly demand: DemandStockApplier,
    @Inject(KIT_CONFIG)
    private readonly config: Pick<ReportingConfig, 'READ_MODEL_BATCH_WINDOW_MS'>,
  ) {}

  onModuleInit(): void {
    this.consumers.register({
      ...DURABLE_CONSUMERS.reportingCatalog,
      subjects: [
        ...new Set([
          ...STOCK_INTAKE_EVENT_TYPES,
          ...IMPACT_CATALOG_EVENT_TYPES,
          ...DEMAND_STOCK_EVENT_TYPES,
        ]),
      ],
      // The impact report's part first: it takes the model's lock before any row is written.
      batchHandler: async (tx, events) => {
        await this.impact.applyLive(tx, events);
        await this.applier.apply(
          tx,
          events.filter((e): e is StockIntakeEvent => isStockIntakeEventType(e.type)),
        );
        await this.demand.apply(
          tx,
          events.filter((e): e is DemandStockEvent => isDemandStockEventType(e.type)),
        );
      },
      schema: 'reporting',
      batchWindowMs: this.config.READ_MODEL_BATCH_WINDOW_MS,
    });
  }
}
