export { ReportingModule, MIGRATIONS_DIR } from './app.module.js';
export { reportingConfigSchema, type ReportingConfig } from './config.js';
export { seedDemoData } from './seed/demo-data.js';
