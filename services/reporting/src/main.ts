/** Runs the reporting service on the NATS request-reply transport. */
import 'reflect-metadata';
import { runServiceMain } from '@lr/nest-kit';
import { ReportingAppModule } from './reporting-app.module.js';
import { reportingConfigSchema } from './config.js';

await runServiceMain({
  service: 'reporting',
  configSchema: reportingConfigSchema,
  createModule: (config, logger) => ReportingAppModule.register(config, logger),
});
