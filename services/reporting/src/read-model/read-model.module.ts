import { Module } from '@nestjs/common';
import { OrderEventApplier } from './order-event-applier.js';
import { OrderEventsConsumer } from './order-events.consumer.js';
import { ReadModelRepository } from './read-model.repository.js';

@Module({
  providers: [ReadModelRepository, OrderEventApplier, OrderEventsConsumer],
  exports: [ReadModelRepository, OrderEventApplier],
})
export class ReadModelModule {}
