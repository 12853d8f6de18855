/** The orders service: orders, their lines and status history, the outbox of order events. */
import { fileURLToPath } from 'node:url';
import { Module, type DynamicModule } from '@nestjs/common';
import { KitModule, type Logger } from '@lr/nest-kit';
import type { OrdersConfig } from './config.js';
import { CalendarModule } from './calendar/calendar.module.js';
import { NoticesModule } from './notices/notices.module.js';
import { OrdersModule } from './orders/orders.module.js';

/** Works from src/ (jest) and from dist/ (node). */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

@Module({})
export class OrdersAppModule {
  static register(config: OrdersConfig, logger?: Logger): DynamicModule {
    return {
      module: OrdersAppModule,
      imports: [
        KitModule.forService({
          service: 'orders',
          schema: 'orders',
          migrationsDir: MIGRATIONS_DIR,
          config,
          logger,
        }),
        OrdersModule,
        NoticesModule,
        CalendarModule,
      ],
    };
  }
}
