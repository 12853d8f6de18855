/** What other parts of the repository (the start script, tests) may use of the catalog service. */
export { CatalogModule, MIGRATIONS_DIR } from './app.module.js';
export { catalogConfigSchema, type CatalogConfig } from './config.js';
export { seedDemoData } from './seed/demo-data.js';
