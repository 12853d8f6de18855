/**
 * Starts a service as a NestJS microservice on the NATS request-reply transport. Used by every
 * `main.ts` and by the service tests, so tests run the same wiring as production.
 */
import { Catch, type DynamicModule, type INestMicroservice, type RpcExceptionFilter } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { throwError, type Observable } from 'rxjs';
import type { BaseConfig } from './config.js';
import { NestPinoLogger, type Logger } from './logger.js';
import { NatsRpcServer } from './rpc-server.js';

/** Hands errors to the transport unchanged so AppError codes reach the caller. */
@Catch()
class PassThroughRpcFilter implements RpcExceptionFilter {
  catch(exception: unknown): Observable<never> {
    return throwError(() => exception);
  }
}

export interface StartServiceOptions {
  service: string;
  module: DynamicModule;
  config: BaseConfig;
  logger: Logger;
  /** Close on SIGTERM/SIGINT (default true; tests close explicitly). */
  shutdownHooks?: boolean;
}

export async function startService(options: StartServiceOptions): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice(options.module, {
    strategy: new NatsRpcServer({
      url: options.config.NATS_URL,
      namespace: options.config.NATS_NAMESPACE,
      service: options.service,
    }),
    logger: new NestPinoLogger(options.logger),
  });
  app.useGlobalFilters(new PassThroughRpcFilter());
  if (options.shutdownHooks !== false) app.enableShutdownHooks();
  await app.listen();
  options.logger.info(`${options.service} service ready`);
  return app;
}
