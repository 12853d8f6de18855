/**
 * HTTP routes backed by the orders service: its /api/v1 calls (spec section 7) and its /api/console
 * resources. Controllers only adapt HTTP to one request-reply call each.
 */
import { Module } from '@nestjs/common';
import { ConsoleOrdersController } from './console-orders.controller.js';
import { ConsolePrivacyController } from './console-privacy.controller.js';
import { OrdersController } from './orders.controller.js';

@Module({
  controllers: [OrdersController, ConsoleOrdersController, ConsolePrivacyController],
})
export class OrdersApiModule {}
