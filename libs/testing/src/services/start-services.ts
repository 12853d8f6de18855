/**
 * The real services started in a TestEnv for tests of another part: the gateway's routes, orders
 * calling auth and catalog, reporting fed by orders. The one place test code reaches into a service
 * other than its own, so that services and the gateway never import one another (eslint.config.js).
 * Each runs under its own NATS identity, as in production.
 */
import {
  AuthAppModule,
  authConfigSchema,
  seedDemoData as seedAuthDemoData,
  type AuthConfig,
} from '@lr/auth';
import {
  CatalogAppModule,
  catalogConfigSchema,
  seedDemoData as seedCatalogDemoData,
  type CatalogConfig,
} from '@lr/catalog';
import { parseConfig } from '@lr/nest-kit';
import { OrdersAppModule, ordersConfigSchema, type OrdersConfig } from '@lr/orders';
import {
  ORDERS_CONSUMER_NAME,
  ReportingAppModule,
  reportingConfigSchema,
  type ReportingConfig,
} from '@lr/reporting';
import type { TestEnv } from '../env.js';
import { consumerCaughtUp } from '../order-events.js';
import { waitFor } from '../wait.js';

/** The code of every demo account auth is seeded with here. */
export const DEMO_CODE = 'demo345';

/** Auth with the demo accounts (code DEMO_CODE) and no delay on failed logins unless `extra` sets one. */
export async function startAuthService(
  env: TestEnv,
  extra: Record<string, string> = {},
): Promise<AuthConfig> {
  const config = parseConfig(
    authConfigSchema,
    env.envVars('auth', { LOGIN_FAILURE_DELAY_MS: '0', ...extra }),
  );
  await env.startService('auth', AuthAppModule.register(config, env.logger), config);
  await seedAuthDemoData(env.pool, { demoCode: DEMO_CODE, nodeEnv: 'test' });
  return config;
}

export async function startCatalogService(
  env: TestEnv,
  extra: Record<string, string> = {},
): Promise<CatalogConfig> {
  const config = parseConfig(catalogConfigSchema, env.envVars('catalog', extra));
  await env.startService('catalog', CatalogAppModule.register(config, env.logger), config);
  return config;
}

/** The demo catalog `npm start` seeds (products with stock and their initial movements). */
export async function seedDemoCatalog(env: TestEnv): Promise<void> {
  await seedCatalogDemoData(env.pool);
}

/** Orders without its daily summary mail (a timer the tests do not want) unless `extra` asks. */
export async function startOrdersService(
  env: TestEnv,
  extra: Record<string, string> = {},
): Promise<OrdersConfig> {
  const config = parseConfig(
    ordersConfigSchema,
    env.envVars('orders', { DAILY_SUMMARY_ENABLED: 'false', ...extra }),
  );
  await env.startService('orders', OrdersAppModule.register(config, env.logger), config);
  return config;
}

export async function startReportingService(
  env: TestEnv,
  extra: Record<string, string> = {},
): Promise<ReportingConfig> {
  const config = parseConfig(reportingConfigSchema, env.envVars('reporting', extra));
  await env.startService('reporting', ReportingAppModule.register(config, env.logger), config);
  return config;
}

/** Resolves once reporting's order consumer has applied everything in the ORDERS stream. */
export async function reportingCaughtUp(env: TestEnv): Promise<void> {
  await waitFor(() => consumerCaughtUp(env.nc, env.namespace, ORDERS_CONSUMER_NAME), {
    message: 'the reporting consumer to catch up',
  });
}
