export { OrdersAppModule } from './orders-app.module.js';
export { ordersConfigSchema, type OrdersConfig } from './config.js';
export { seedDemoData } from './seed/demo-data.js';
