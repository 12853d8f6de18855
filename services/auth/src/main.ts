/** Runs the auth service on the NATS request-reply transport. */
import 'reflect-metadata';
import { runServiceMain } from '@lr/nest-kit';
import { AuthAppModule } from './auth-app.module.js';
import { authConfigSchema } from './config.js';

await runServiceMain({
  service: 'auth',
  configSchema: authConfigSchema,
  createModule: (config, logger) => AuthAppModule.register(config, logger),
});
