import 'reflect-metadata';
import {
  createLogger,
  exitWithParent,
  initTracing,
  loadConfigOrExit,
  startMetricsListener,
} from '@lr/nest-kit';
import { gatewayConfigSchema } from './config.js';
import { createGatewayApp } from './create-app.js';

const config = loadConfigOrExit(gatewayConfigSchema);
exitWithParent();
initTracing('gateway');
const logger = createLogger({
  service: 'gateway',
  level: config.LOG_LEVEL,
  pretty: config.NODE_ENV === 'development',
});
const app = await createGatewayApp(config, logger);
await app.listen({ port: config.PORT, host: config.HOST });
logger.info(`Gateway listening on ${config.PUBLIC_URL}`);
await startMetricsListener(config, logger);
