import 'reflect-metadata';
import { createLogger, loadConfigOrExit, startService } from '@lr/nest-kit';
import { ReportingModule } from './app.module.js';
import { reportingConfigSchema } from './config.js';

const config = loadConfigOrExit(reportingConfigSchema);
const logger = createLogger({
  service: 'reporting',
  level: config.LOG_LEVEL,
  pretty: config.NODE_ENV === 'development',
});
await startService({
  service: 'reporting',
  module: ReportingModule.register(config, logger),
  config,
  logger,
});
