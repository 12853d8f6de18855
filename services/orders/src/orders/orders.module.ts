import { Module } from '@nestjs/common';
import { CatalogClient } from '../clients/catalog.client.js';
import { UsersClient } from '../clients/users.client.js';
import { CommitRejectedConsumer } from '../inventory/commit-rejected.consumer.js';
import { DailySummaryRepository } from '../notifications/daily-summary.repository.js';
import { DailySummaryService } from '../notifications/daily-summary.service.js';
import { OrderMailer } from '../notifications/order-mailer.js';
import { DeleteOrderService } from './delete-order.service.js';
import { OrderMetrics } from './order-metrics.js';
import { OrderQueriesService } from './order-queries.service.js';
import { OrdersController } from './orders.controller.js';
import { OrderWriter } from './order-writer.js';
import { OrderChangesRepository } from './order-changes.repository.js';
import { OrderListsRepository } from './order-lists.repository.js';
import { OrderPlacementRepository } from './order-placement.repository.js';
import { OrderReadsRepository } from './order-reads.repository.js';
import { LineImagesRepository } from './line-images.repository.js';
import { LineImagesService } from './line-images.service.js';
import { PlaceOrderService } from './place-order.service.js';
import { PlacementLimit } from './placement-limit.js';
import { PlacementLimitRepository } from './placement-limit.repository.js';
import { ProcessOrderService } from './process-order.service.js';

@Module({
  controllers: [OrdersController],
  providers: [
    OrderReadsRepository,
    OrderListsRepository,
    OrderPlacementRepository,
    OrderChangesRepository,
    OrderWriter,
    CatalogClient,
    UsersClient,
    OrderMailer,
    PlaceOrderService,
    LineImagesRepository,
    LineImagesService,
    PlacementLimit,
    PlacementLimitRepository,
    ProcessOrderService,
    DeleteOrderService,
    OrderQueriesService,
    CommitRejectedConsumer,
    DailySummaryRepository,
    DailySummaryService,
    OrderMetrics,
  ],
  exports: [PlaceOrderService, ProcessOrderService, DailySummaryService],
})
export class OrdersModule {}
