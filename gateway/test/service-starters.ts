/**
 * The services behind the gateway routes under test, started on the auth harness's database and
 * NATS namespace, each with its own NATS identity (as in production).
 */
import { parseConfig } from '@lr/nest-kit';
import { CatalogAppModule, catalogConfigSchema } from '../../services/catalog/src/index.js';
import { OrdersAppModule, ordersConfigSchema } from '../../services/orders/src/index.js';
import type { AuthHarness } from './auth-harness.js';

export async function startCatalog(h: AuthHarness): Promise<void> {
  const config = parseConfig(catalogConfigSchema, h.env.envVars('catalog'));
  await h.env.startService('catalog', CatalogAppModule.register(config, h.env.logger), config);
}

/** Orders without its daily summary mail (a timer the tests do not want). */
export async function startOrders(h: AuthHarness): Promise<void> {
  const config = parseConfig(
    ordersConfigSchema,
    h.env.envVars('orders', { DAILY_SUMMARY_ENABLED: 'false' }),
  );
  await h.env.startService('orders', OrdersAppModule.register(config, h.env.logger), config);
}
