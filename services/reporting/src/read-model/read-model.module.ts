import { Module } from '@nestjs/common';
import { ImpactApplier } from './impact.applier.js';
import { ImpactIntakeRepository } from './impact-intake.repository.js';
import { ImpactRollupsInitializer } from './impact-rollups-initializer.js';
import { ImpactRollupsRepository } from './impact-rollups.repository.js';
import { OrderEventApplier } from './order-events.applier.js';
import { OrderEventsConsumer } from './order-events.consumer.js';
import { ReadModelRepository } from './read-model.repository.js';
import { RollupsInitializer } from './rollups-initializer.js';
import { RollupsRepository } from './rollups.repository.js';
import { StockIntakeApplier } from './stock-intake.applier.js';
import { StockIntakeConsumer } from './stock-intake.consumer.js';
import { StockIntakeRepository } from './stock-intake.repository.js';
import { DemandRequestedRepository } from './demand-requested.repository.js';
import { DemandStockApplier } from './demand-stock.applier.js';

@Module({
  providers: [
    ReadModelRepository,
    RollupsRepository,
    RollupsInitializer,
    OrderEventApplier,
    OrderEventsConsumer,
    StockIntakeRepository,
    StockIntakeApplier,
    StockIntakeConsumer,
    ImpactIntakeRepository,
    ImpactRollupsRepository,
    ImpactRollupsInitializer,
    ImpactApplier,
    DemandRequestedRepository,
    DemandStockApplier,
  ],
  exports: [
    ReadModelRepository,
    RollupsRepository,
    OrderEventApplier,
    StockIntakeRepository,
    StockIntakeApplier,
    ImpactRollupsRepository,
    DemandRequestedRepository,
    DemandStockApplier,
  ],
})
export class ReadModelModule {}
