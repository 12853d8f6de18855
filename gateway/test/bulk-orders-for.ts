/**
 * Thousands of orders of the school signed in with `cookie`, straight into the orders schema
 * (`insertBulkOrders`), for gateway tests of routes at volume. Returns the school as /api/v1/me
 * shows it.
 */
import { randomUUID } from 'node:crypto';
import { insertBulkOrders } from '@lr/testing';
import type { AuthHarness } from './auth-harness.js';

export interface BulkSchool {
  _id: string;
  name: string;
  email: string;
}

export async function insertBulkOrdersFor(
  h: AuthHarness,
  cookie: string,
  spec: { count: number; linesPerOrder: number },
): Promise<BulkSchool> {
  const me = await h.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
  const user = me.json<{ user: BulkSchool }>().user;
  await insertBulkOrders(h.env.pool, {
    ...spec,
    user: { id: user._id, name: user.name, loginId: user.email },
    // No foreign key crosses services: the lines name a product catalog does not hold.
    productId: randomUUID(),
  });
  return user;
}
