export { ReportingAppModule, MIGRATIONS_DIR } from './reporting-app.module.js';
export { reportingConfigSchema, type ReportingConfig } from './config.js';
export { seedDemoData } from './seed/demo-data.js';
