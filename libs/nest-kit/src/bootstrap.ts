/**
 * Starts a service as a NestJS microservice on the NATS request-reply transport. Used by every
 * `main.ts` and by the service tests, so tests run the same wiring as production.
 */
import { type DynamicModule, type INestMicroservice } from '@nestjs/common';
import { ModulesContainer, NestFactory } from '@nestjs/core';
import type { z } from 'zod';
import type { ServiceName } from '@lr/contracts';
import { loadConfigOrExit, type BaseConfig } from './config.js';
import { createLogger, NestPinoLogger, type Logger } from './logger.js';
import { serveMetrics } from './metrics.js';
import { initTracing } from './tracing.js';
import { directHandlers } from './direct-handlers.js';
import { NatsRpcServer } from './rpc-server.js';
import type { NatsConnection } from './nats.js';
import { NATS_CONNECTION } from './tokens.js';

export interface StartServiceOptions {
  service: ServiceName;
  module: DynamicModule;
  config: BaseConfig;
  logger: Logger;
  /** Close on SIGTERM/SIGINT (default true; tests close explicitly). */
  shutdownHooks?: boolean;
}

export async function startService(options: StartServiceOptions): Promise<INestMicroservice> {
  const strategy = new NatsRpcServer({
    namespace: options.config.NATS_NAMESPACE,
    service: options.service,
  });
  const app = await NestFactory.createMicroservice(options.module, {
    strategy,
    logger: new NestPinoLogger(options.logger),
  });
  // Requests arrive where the service's hints and events do, in the order the server routed them
  // (rpc-server.ts); one connection per process also lets replies and events share writes.
  strategy.shareConnection(app.get<NatsConnection>(NATS_CONNECTION));
  try {
    strategy.callDirectly(directHandlers(app.get(ModulesContainer)));
  } catch (error) {
    // Its connections are open already: a service refused at start must not keep them.
    await app.close();
    throw error;
  }
  if (options.shutdownHooks !== false) app.enableShutdownHooks();
  await app.listen();
  options.logger.info(`${options.service} service ready`);
  return app;
}

/**
 * When started by `npm start`'s supervisor (an IPC channel exists), shut down gracefully if the
 * supervisor goes away, so no service outlives it and answers another run's requests.
 */
export function exitWithParent(): void {
  if (!process.send) return;
  const stop = () => process.kill(process.pid, 'SIGTERM');
  // The launcher may have died while this process was still loading its modules (e.g. killed during
  // a restart): the channel is then already closed and 'disconnect' will not fire again.
  if (!process.connected) {
    stop();
    return;
  }
  process.once('disconnect', stop);
}

/**
 * A service's whole `main.ts`: parse the environment (exit with one line naming a bad variable),
 * make the logger (pretty in development, JSON otherwise) and start the service.
 */
export async function runServiceMain<S extends z.ZodType<BaseConfig>>(options: {
  service: ServiceName;
  configSchema: S;
  createModule: (config: z.infer<S>, logger: Logger) => DynamicModule;
}): Promise<INestMicroservice> {
  const config = loadConfigOrExit(options.configSchema);
  exitWithParent();
  initTracing(options.service);
  const logger = createLogger({
    service: options.service,
    level: config.LOG_LEVEL,
    pretty: config.NODE_ENV === 'development',
  });
  const app = await startService({
    service: options.service,
    module: options.createModule(config, logger),
    config,
    logger,
  });
  await startMetricsListener(config, logger);
  return app;
}

/**
 * Serves GET /metrics on METRICS_HOST:METRICS_PORT when the port is set (a main.ts concern: tests
 * scrape the registry).
 */
export async function startMetricsListener(config: BaseConfig, logger: Logger): Promise<void> {
  if (!config.METRICS_PORT) return;
  await serveMetrics(config.METRICS_PORT, config.METRICS_HOST);
  logger.info(`metrics at ${config.METRICS_HOST}:${config.METRICS_PORT}/metrics`);
}
