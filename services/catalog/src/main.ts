/** Runs the catalog service on the NATS request-reply transport. */
import 'reflect-metadata';
import { createLogger, loadConfigOrExit, startService } from '@lr/nest-kit';
import { CatalogModule } from './app.module.js';
import { catalogConfigSchema } from './config.js';

const config = loadConfigOrExit(catalogConfigSchema);
const logger = createLogger({
  service: 'catalog',
  level: config.LOG_LEVEL,
  pretty: config.NODE_ENV === 'development',
});
await startService({
  service: 'catalog',
  module: CatalogModule.register(config, logger),
  config,
  logger,
});
