/** Runs the orders service on the NATS request-reply transport. */
import 'reflect-metadata';
import { runServiceMain } from '@lr/nest-kit';
import { OrdersAppModule } from './orders-app.module.js';
import { ordersConfigSchema } from './config.js';

await runServiceMain({
  service: 'orders',
  configSchema: ordersConfigSchema,
  createModule: (config, logger) => OrdersAppModule.register(config, logger),
});
