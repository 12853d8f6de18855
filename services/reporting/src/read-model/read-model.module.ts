import { Module } from '@nestjs/common';
import { OrderEventApplier } from './order-event-applier.js';
import { OrderEventsConsumer } from './order-events.consumer.js';
import { ReadModelRepository } from './read-model.repository.js';
import { RollupsInitializer } from './rollups-initializer.js';
import { RollupsRepository } from './rollups.repository.js';

@Module({
  providers: [
    ReadModelRepository,
    RollupsRepository,
    RollupsInitializer,
    OrderEventApplier,
    OrderEventsConsumer,
  ],
  exports: [ReadModelRepository, RollupsRepository, OrderEventApplier],
})
export class ReadModelModule {}
