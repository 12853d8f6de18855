/** Runs the orders service on the NATS request-reply transport. */
import 'reflect-metadata';
import { runServiceMain } from '@lr/nest-kit';
import { OrdersModule } from './app.module.js';
import { ordersConfigSchema } from './config.js';

await runServiceMain({
  service: 'orders',
  configSchema: ordersConfigSchema,
  createModule: (config, logger) => OrdersModule.register(config, logger),
});
