import 'reflect-metadata';
import { createLogger, loadConfigOrExit, startService } from '@lr/nest-kit';
import { OrdersModule } from './app.module.js';
import { ordersConfigSchema } from './config.js';

const config = loadConfigOrExit(ordersConfigSchema);
const logger = createLogger({ service: 'orders', level: config.LOG_LEVEL, pretty: config.NODE_ENV === 'development' });
await startService({ service: 'orders', module: OrdersModule.register(config, logger), config, logger });
