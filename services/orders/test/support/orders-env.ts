/** What only orders' own tests need (the services and their calls: `@lr/testing/services`). */
import { randomUUID } from 'node:crypto';
import type { Actor, OrderStatus } from '@lr/contracts';
import { TestEnv } from '@lr/testing';

/** Puts an order straight into a status without the service's checks (a test's starting point). */
export async function forceStatus(env: TestEnv, id: string, status: OrderStatus): Promise<void> {
  await env.pool.query('UPDATE orders.orders SET status = $2 WHERE id = $1', [id, status]);
}

export function school(name = `School ${randomUUID().slice(0, 6)}`): Actor {
  return TestEnv.actor('user', name);
}
