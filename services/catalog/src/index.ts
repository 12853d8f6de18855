/** What other parts of the repository (the start script, tests) may use of the catalog service. */
export { CatalogAppModule, MIGRATIONS_DIR } from './catalog-app.module.js';
export { catalogConfigSchema, type CatalogConfig } from './config.js';
export { seedDemoData } from './seed/demo-data.js';
