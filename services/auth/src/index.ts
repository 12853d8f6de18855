/** What other parts (their tests, the start script) may use from the auth service. */
export { AuthAppModule } from './auth-app.module.js';
export { authConfigSchema, type AuthConfig } from './config.js';
export { seedDemoData, DEMO_SCHOOLS, type SeedOptions } from './seed/demo-data.js';
