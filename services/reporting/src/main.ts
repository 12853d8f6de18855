/** Runs the reporting service on the NATS request-reply transport. */
import 'reflect-metadata';
import { runServiceMain } from '@lr/nest-kit';
import { ReportingModule } from './app.module.js';
import { reportingConfigSchema } from './config.js';

await runServiceMain({
  service: 'reporting',
  configSchema: reportingConfigSchema,
  createModule: (config, logger) => ReportingModule.register(config, logger),
});
