export { OrdersModule } from './app.module.js';
export { ordersConfigSchema, type OrdersConfig } from './config.js';
