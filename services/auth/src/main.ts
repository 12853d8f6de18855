import 'reflect-metadata';
import { createLogger, loadConfigOrExit, startService } from '@lr/nest-kit';
import { AuthModule } from './app.module.js';
import { authConfigSchema } from './config.js';

const config = loadConfigOrExit(authConfigSchema);
const logger = createLogger({
  service: 'auth',
  level: config.LOG_LEVEL,
  pretty: config.NODE_ENV === 'development',
});
await startService({
  service: 'auth',
  module: AuthModule.register(config, logger),
  config,
  logger,
});
