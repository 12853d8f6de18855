/**
 * HTTP routes backed by the orders service: its /api/v1 calls and its /api/console
 * resources. Controllers only adapt HTTP to one request-reply call each.
 */
import { Module } from '@nestjs/common';
import { AccessLogController } from './access-log.controller.js';
import { ConsoleOrdersController } from './console-orders.controller.js';
import { ConsoleNoticesController } from './console-notices.controller.js';
import { ConsolePickupsController } from './console-pickups.controller.js';
import { ConsolePrivacyController } from './console-privacy.controller.js';
import { StorePickupsController } from './store-pickups.controller.js';
import { OrdersController } from './orders.controller.js';
import { PrivacyController } from './privacy.controller.js';
import { ConsoleSettingsController } from './console-settings.controller.js';
import { StudentLimitsController } from './student-limits.controller.js';

@Module({
  controllers: [
    OrdersController,
    ConsoleOrdersController,
    AccessLogController,
    PrivacyController,
    ConsolePrivacyController,
    ConsoleSettingsController,
    StudentLimitsController,
    ConsolePickupsController,
    ConsoleNoticesController,
    StorePickupsController,
  ],
})
export class OrdersApiModule {}
