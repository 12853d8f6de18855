/**
 * The whole back end in one test process: the four services (each exactly as its main.ts wires it)
 * and the gateway, on a fresh database and NATS namespace, with the demo data seeded. Used by the
 * security suite and other cross-service tests. (Only tests may import several services.)
 */
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { parseConfig } from '@lr/nest-kit';
import { TestEnv } from '@lr/testing';
import { DEFAULT_DEMO_CODE, type NatsIdentity } from '@lr/contracts';
import {
  AuthAppModule,
  authConfigSchema,
  seedDemoData as seedAuth,
} from '../../services/auth/src/index.js';
import {
  CatalogAppModule,
  catalogConfigSchema,
  seedDemoData as seedCatalog,
} from '../../services/catalog/src/index.js';
import { OrdersAppModule, ordersConfigSchema } from '../../services/orders/src/index.js';
import { ReportingAppModule, reportingConfigSchema } from '../../services/reporting/src/index.js';
import { gatewayConfigSchema } from '../../gateway/src/config.js';
import { createGatewayApp } from '../../gateway/src/create-app.js';

export const DEMO_CODE = DEFAULT_DEMO_CODE;
export const PUBLIC_URL = 'http://127.0.0.1:3999';

export interface FullStack {
  env: TestEnv;
  app: NestFastifyApplication;
  fastify: FastifyInstance;
  request(options: InjectOptions & { cookie?: string | null }): Promise<LightMyRequestResponse>;
  login(loginId: string, code?: string): Promise<string>;
  close(): Promise<void>;
}

export interface FullStackOptions {
  /** Start on this environment's database and namespace (e.g. one a backup was restored into). */
  env?: TestEnv;
  /** Seed the demo data (default true). */
  seed?: boolean;
}

export async function startFullStack(
  extraEnv: Record<string, string> = {},
  options: FullStackOptions = {},
): Promise<FullStack> {
  const env = options.env ?? (await TestEnv.create());
  // Each process with its own NATS identity, as in production.
  const vars = (identity: NatsIdentity) =>
    env.envVars(identity, { PUBLIC_URL, DEMO_CODE, ...extraEnv });
  await env.startService(
    'auth',
    AuthAppModule.register(parseConfig(authConfigSchema, vars('auth')), env.logger),
    parseConfig(authConfigSchema, vars('auth')),
  );
  await env.startService(
    'catalog',
    CatalogAppModule.register(parseConfig(catalogConfigSchema, vars('catalog')), env.logger),
    parseConfig(catalogConfigSchema, vars('catalog')),
  );
  await env.startService(
    'orders',
    OrdersAppModule.register(parseConfig(ordersConfigSchema, vars('orders')), env.logger),
    parseConfig(ordersConfigSchema, vars('orders')),
  );
  await env.startService(
    'reporting',
    ReportingAppModule.register(parseConfig(reportingConfigSchema, vars('reporting')), env.logger),
    parseConfig(reportingConfigSchema, vars('reporting')),
  );
  if (options.seed !== false) {
    await seedAuth(env.pool, { demoCode: DEMO_CODE, nodeEnv: 'test' });
    await seedCatalog(env.pool);
  }
  const app = await createGatewayApp(
    parseConfig(gatewayConfigSchema, { ...vars('gateway'), PORT: '0' }),
    env.logger,
  );
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;

  const request: FullStack['request'] = async ({ cookie, headers, ...options }) =>
    fastify.inject({
      ...options,
      headers: { ...(headers ?? {}), ...(cookie ? { cookie } : {}) },
    } as InjectOptions);

  return {
    env,
    app,
    fastify,
    request,
    async login(loginId, code = DEMO_CODE) {
      const response = await request({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email: loginId, password: code },
      });
      if (response.statusCode !== 200)
        throw new Error(`login ${loginId}: ${response.statusCode} ${response.body}`);
      const setCookie = response.headers['set-cookie'];
      const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
      return (first ?? '').split(';')[0] ?? '';
    },
    async close() {
      await app.close();
      await env.close();
    },
  };
}
