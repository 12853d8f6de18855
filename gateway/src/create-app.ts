/**
 * Builds the gateway application (used by main.ts and by the gateway tests): NestJS on Fastify with
 * cookies, security headers, body and time limits, form parsing, the CSRF origin check, correlation
 * ids and the web apps.
 */
import { randomUUID } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { HEADERS } from '@lr/contracts';
import { enterContext, NestPinoLogger, type Logger } from '@lr/nest-kit';
import type { FastifyInstance } from 'fastify';
import { GatewayAppModule } from './gateway-app.module.js';
import { registerPrivateAnswers } from './auth/private-answers.js';
import type { GatewayConfig } from './config.js';
import { registerHttpMetrics } from './core/http-metrics.js';
import { registerHttpTracing, startRequestSpan } from './core/http-tracing.js';
import { allowedOrigins, refuseCrossSite } from './core/origin-check.js';
import { registerBodyLimit, serverTimeoutOptions } from './core/request-limits.js';
import { registerSecurityHeaders } from './core/security-headers.js';
import { fastifyTrustProxy } from './core/trust-proxy.js';
import { registerWebRoutes } from './web/web-routes.js';
import { registerDocsPage } from './docs/docs-page.js';

async function configureFastify(fastify: FastifyInstance, config: GatewayConfig): Promise<void> {
  // First, so every answer carries them, a refusal by a later hook (413, 403) too.
  registerSecurityHeaders(fastify, config.NODE_ENV === 'production');
  registerHttpMetrics(fastify);
  registerHttpTracing(fastify);
  registerBodyLimit(fastify, config.BODY_LIMIT_BYTES);
  // gzip for the apps' scripts and the JSON answers (a phone on a slow line pays for every byte).
  await fastify.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['gzip'] });
  await fastify.register(fastifyCookie);
  registerPrivateAnswers(fastify);
  // Each form's reader narrows these (core/body.ts); the whole body is held to BODY_LIMIT_BYTES.
  await fastify.register(fastifyMultipart, {
    limits: { fileSize: 5 * 1024 * 1024, files: 6, fields: 100, fieldSize: 16 * 1024, parts: 200 },
  });
  // Nest's Fastify adapter already parses urlencoded forms.

  const origins = allowedOrigins(config.PUBLIC_URL, config.EXTRA_ORIGINS);
  fastify.addHook('onRequest', (request, reply, done) => {
    const incoming = request.headers[HEADERS.correlationId];
    const correlationId =
      typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    enterContext({ correlationId, span: startRequestSpan(request) });
    void reply.header(HEADERS.correlationId, correlationId);
    // A refusal has sent its answer: the chain stops without `done`.
    if (!refuseCrossSite(origins, request, reply)) done();
  });
}

export async function createGatewayApp(
  config: GatewayConfig,
  logger: Logger,
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    ...serverTimeoutOptions({
      requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: config.HEADERS_TIMEOUT_MS,
      keepAliveTimeoutMs: config.KEEP_ALIVE_TIMEOUT_MS,
    }),
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    GatewayAppModule.register(config, logger),
    adapter,
    {
      logger: new NestPinoLogger(logger.child({ context: 'Nest' })),
    },
  );
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  await configureFastify(fastify, config);
  await registerWebRoutes(fastify, config);
  registerDocsPage(fastify);
  app.enableShutdownHooks();
  await app.init();
  return app;
}
