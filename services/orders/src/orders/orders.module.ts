import { Module } from '@nestjs/common';
import { CatalogEventFeed } from '../clients/catalog-event-feed.js';
import { CatalogClient } from '../clients/catalog.client.js';
import { UsersClient } from '../clients/users.client.js';
import { CommitRejectedConsumer } from '../inventory/commit-rejected.consumer.js';
import { StockDecisions } from '../inventory/stock-decisions.js';
import { DailySummaryRepository } from '../notifications/daily-summary.repository.js';
import { DailySummaryService } from '../notifications/daily-summary.service.js';
import { OrderMailer } from '../notifications/order-mailer.js';
import { DeleteOrderService } from './delete-order.service.js';
import { OrderMetrics } from './order-metrics.js';
import { OrderQueriesService } from './order-queries.service.js';
import { OrderContactController } from './order-contact.controller.js';
import { OrdersController } from './orders.controller.js';
import { OrderWriter } from './order-writer.js';
import { OrderChangesRepository } from './order-changes.repository.js';
import { OrderListsRepository } from './order-lists.repository.js';
import { OrderPlacementRepository } from './order-placement.repository.js';
import { OrderReadsRepository } from './order-reads.repository.js';
import { LineImagesRepository } from './line-images.repository.js';
import { LineImagesService } from './line-images.service.js';
import { PlaceOrderService } from './place-order.service.js';
import { ErasureRepository } from '../privacy/erasure.repository.js';
import { CLOCK, PersonalDataRetention } from '../privacy/personal-data-retention.js';
import { PrivacyController } from '../privacy/privacy.controller.js';
import { PrivacyRequestsService } from '../privacy/privacy-requests.service.js';
import { StudentFingerprints } from '../privacy/student-fingerprints.js';
import { PlacementLimit } from './placement-limit.js';
import { PlacementLimitRepository } from './placement-limit.repository.js';
import { ProcessOrderService } from './process-order.service.js';
import { RecentOrders } from './recent-orders.js';
import { StudentDataModule } from '../student-data/student-data.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { STUDENT_LIMIT_CONTROLLERS, STUDENT_LIMIT_PROVIDERS } from '../student-limits/index.js';
import { PickupsModule } from '../pickups/pickups.module.js';

@Module({
  imports: [StudentDataModule, PickupsModule, SettingsModule],
  controllers: [
    OrdersController,
    OrderContactController,
    PrivacyController,
    ...STUDENT_LIMIT_CONTROLLERS,
  ],
  providers: [
    OrderReadsRepository,
    OrderListsRepository,
    OrderPlacementRepository,
    OrderChangesRepository,
    OrderWriter,
    CatalogEventFeed,
    CatalogClient,
    UsersClient,
    OrderMailer,
    PlaceOrderService,
    LineImagesRepository,
    LineImagesService,
    PlacementLimit,
    PlacementLimitRepository,
    ProcessOrderService,
    // Its limits are its own constants (the constructor's parameters are for tests).
    { provide: RecentOrders, useFactory: () => new RecentOrders() },
    DeleteOrderService,
    OrderQueriesService,
    CommitRejectedConsumer,
    StockDecisions,
    DailySummaryRepository,
    DailySummaryService,
    OrderMetrics,
    StudentFingerprints,
    ErasureRepository,
    PersonalDataRetention,
    PrivacyRequestsService,
    { provide: CLOCK, useValue: () => new Date() },
    ...STUDENT_LIMIT_PROVIDERS,
  ],
  exports: [PlaceOrderService, ProcessOrderService, DailySummaryService, PersonalDataRetention],
})
export class OrdersModule {}
