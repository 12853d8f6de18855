/** Runs the catalog service on the NATS request-reply transport. */
import 'reflect-metadata';
import { runServiceMain } from '@lr/nest-kit';
import { CatalogModule } from './app.module.js';
import { catalogConfigSchema } from './config.js';

await runServiceMain({
  service: 'catalog',
  configSchema: catalogConfigSchema,
  createModule: (config, logger) => CatalogModule.register(config, logger),
});
