/**
 * The services behind the gateway routes under test, started on the auth harness's database and
 * NATS namespace, each with its own NATS identity (as in production).
 */
import { startCatalogService, startOrdersService } from '@lr/testing/services';
import type { AuthHarness } from './auth-harness.js';

export async function startCatalog(h: AuthHarness): Promise<void> {
  await startCatalogService(h.env);
}

/** Orders without its daily summary mail (a timer the tests do not want). */
export async function startOrders(h: AuthHarness): Promise<void> {
  await startOrdersService(h.env);
}
