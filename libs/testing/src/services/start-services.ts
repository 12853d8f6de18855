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
import type { DynamicModule } from '@nestjs/common';
import { DEFAULT_DEMO_CODE, DURABLE_CONSUMERS, type ServiceName } from '@lr/contracts';
import { parseConfig, type BaseConfig, type Logger } from '@lr/nest-kit';
import { OrdersAppModule, ordersConfigSchema, type OrdersConfig } from '@lr/orders';
import { ReportingAppModule, reportingConfigSchema, type ReportingConfig } from '@lr/reporting';
import type { TestEnv } from '../env.js';
import { consumerCaughtUp } from '../order-events.js';
import { waitFor } from '../wait.js';

/** The code of every demo account auth is seeded with here. */
export const DEMO_CODE = DEFAULT_DEMO_CODE;

/** Parses the service's config from the TestEnv's variables plus `vars`, then starts it. */
async function startWithConfig<C extends BaseConfig>(
  env: TestEnv,
  service: ServiceName,
  schema: Parameters<typeof parseConfig>[0],
  register: (config: C, logger: Logger) => DynamicModule,
  vars: Record<string, string>,
): Promise<C> {
  const config = parseConfig(schema, env.envVars(service, vars)) as C;
  await env.startService(service, register(config, env.logger), config);
  return config;
}

/** Auth with the demo accounts (code DEMO_CODE) and no delay on failed logins unless `extra` sets one. */
export async function startAuthService(
  env: TestEnv,
  extra: Record<string, string> = {},
): Promise<AuthConfig> {
  const config = await startWithConfig<AuthConfig>(
    env,
    'auth',
    authConfigSchema,
    (c, logger) => AuthAppModule.register(c, logger),
    { LOGIN_FAILURE_DELAY_MS: '0', ...extra },
  );
  await seedAuthDemoData(env.pool, { demoCode: DEMO_CODE, nodeEnv: 'test' });
  return config;
}

export function startCatalogService(
  env: TestEnv,
  extra: Record<string, string> = {},
): Promise<CatalogConfig> {
  return startWithConfig<CatalogConfig>(
    env,
    'catalog',
    catalogConfigSchema,
    (c, logger) => CatalogAppModule.register(c, logger),
    extra,
  );
}

/** The demo catalog `npm start` seeds (products with stock and their initial movements). */
export async function seedDemoCatalog(env: TestEnv): Promise<void> {
  await seedCatalogDemoData(env.pool);
}

/** Orders without its daily summary mail (a timer the tests do not want) unless `extra` asks. */
export function startOrdersService(
  env: TestEnv,
  extra: Record<string, string> = {},
): Promise<OrdersConfig> {
  return startWithConfig<OrdersConfig>(
    env,
    'orders',
    ordersConfigSchema,
    (c, logger) => OrdersAppModule.register(c, logger),
    // Service tests place many orders from one school on purpose (every status transition, say):
    // the hourly limit is tested on its own (services/orders/test/placement-limit.test.ts).
    {
      DAILY_SUMMARY_ENABLED: 'false',
      PICKUP_REMINDERS_ENABLED: 'false',
      ORDERS_PER_SCHOOL_PER_HOUR: '1000',
      ...extra,
    },
  );
}

export function startReportingService(
  env: TestEnv,
  extra: Record<string, string> = {},
): Promise<ReportingConfig> {
  return startWithConfig<ReportingConfig>(
    env,
    'reporting',
    reportingConfigSchema,
    (c, logger) => ReportingAppModule.register(c, logger),
    extra,
  );
}

/** Resolves once reporting's order consumer has applied everything in the ORDERS stream. */
export async function reportingCaughtUp(env: TestEnv): Promise<void> {
  await waitFor(
    () => consumerCaughtUp(env.nc, env.namespace, DURABLE_CONSUMERS.reportingOrders.name),
    {
      message: 'the reporting consumer to catch up',
    },
  );
}
