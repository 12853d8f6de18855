/** Runs the catalog service on the NATS request-reply transport. */
import 'reflect-metadata';
import { runServiceMain } from '@lr/nest-kit';
import { CatalogAppModule } from './catalog-app.module.js';
import { catalogConfigSchema } from './config.js';

await runServiceMain({
  service: 'catalog',
  configSchema: catalogConfigSchema,
  createModule: (config, logger) => CatalogAppModule.register(config, logger),
});
