/** Starts the orders service in a TestEnv and offers small helpers for placing and moving orders. */
import { randomUUID } from 'node:crypto';
import { RPC, type Actor, type OrderSnapshot, type OrderStatus } from '@lr/contracts';
import { parseConfig } from '@lr/nest-kit';
import { TestEnv } from '@lr/testing';
import { OrdersAppModule, ordersConfigSchema } from '../../src/index.js';

export async function startOrders(env: TestEnv, extra: Record<string, string> = {}): Promise<void> {
  const config = parseConfig(
    ordersConfigSchema,
    env.envVars('orders', { DAILY_SUMMARY_ENABLED: 'false', ...extra }),
  );
  await env.startService('orders', OrdersAppModule.register(config, env.logger), config);
}

export function shipping(overrides: Record<string, unknown> = {}) {
  return {
    receivingPersonName: 'S-1001_12_Female',
    additionalComments: 'Needs them before Monday',
    userLoggedInDesignation: 'Ms Teacher',
    phoneNo: '555-0100',
    Email: 'teacher@school.example',
    // Ignored by the server: the address comes from the profile.
    userAddress: 'Somewhere else|Elsewhere',
    ...overrides,
  };
}

export function place(
  env: TestEnv,
  actor: Actor | null,
  lines: { productId: string; size: string; quantity: number }[],
  extra: Record<string, unknown> = {},
): Promise<OrderSnapshot> {
  return env.rpc.call<OrderSnapshot>(
    RPC.orders.place,
    { shippingInfo: shipping(), lines, ...extra },
    { actor },
  );
}

export function update(
  env: TestEnv,
  actor: Actor | null,
  id: string,
  status: OrderStatus,
  newQuantity?: number[],
): Promise<OrderSnapshot> {
  return env.rpc.call<OrderSnapshot>(RPC.orders.update, { id, status, newQuantity }, { actor });
}

/** Puts an order straight into a status (e.g. Packing, which no transition reaches). */
export async function forceStatus(env: TestEnv, id: string, status: OrderStatus): Promise<void> {
  await env.pool.query('UPDATE orders.orders SET status = $2 WHERE id = $1', [id, status]);
}

export function school(name = `School ${randomUUID().slice(0, 6)}`): Actor {
  return TestEnv.actor('user', name);
}
