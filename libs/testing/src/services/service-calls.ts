/**
 * The real auth and catalog services next to orders in one TestEnv (no stand-ins: the parts orders
 * asks over request-reply can run, so they do), and the calls tests make of them. Accounts, products
 * and orders are made through the services' own calls, so the ids, profiles, visibility and stock
 * the rules see are real.
 */
import { randomUUID } from 'node:crypto';
import { authOps, ordersOps, catalogOps, TEST_USER_LOGIN_ID, type Actor, type AuthUser, type Category, type CatalogProduct, type OrderSnapshot, type OrderStatus, type Role, type SubCategory, type UpdatedOrder } from '@lr/contracts';
import type { TestEnv } from '../env.js';
import { DEMO_CODE, startAuthService, startCatalogService, startOrdersService } from './start-services.js';

/** Real accounts of the demo seed: the first admin (needed to make anything else) and TEST USER. */
export interface SeededActors {
  admin: Actor;
  testUser: Actor;
}

/**
 * Starts auth (with its demo accounts) and catalog, then orders with `ordersExtra` config, and
 * returns the seeded admin and TEST USER as actors carrying their real ids.
 */
export async function startOrdersWithServices(
  env: TestEnv,
  ordersExtra: Record<string, string> = {},
): Promise<SeededActors> {
  await startAuthService(env);
  await startCatalogService(env);
  await startOrdersService(env, ordersExtra);
  return {
    admin: await loginAs(env, 'admin'),
    testUser: await loginAs(env, TEST_USER_LOGIN_ID),
  };
}

/** Logs in a demo account through auth and returns it as the actor a session would carry. */
export async function loginAs(env: TestEnv, loginId: string): Promise<Actor> {
  const grant = await env.rpc.call(
    authOps.login,
    { loginId, password: DEMO_CODE },
    { actor: null },
  );
  return actorOf(grant.user);
}

/** Registers an account through auth (as `admin`), e.g. a school with the address orders copies. */
export async function registerAccount(
  env: TestEnv,
  admin: Actor,
  name: string,
  options: { role?: Role; address?: string; district?: string } = {},
): Promise<Actor> {
  const user = await env.rpc.call(
    authOps.registerUser,
    {
      name,
      email: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomUUID().slice(0, 6)}`,
      password: DEMO_CODE,
      role: options.role ?? 'user',
      address: options.address ?? '1 School Road',
      district: options.district ?? 'North',
    },
    { actor: admin },
  );
  return actorOf(user);
}

/** Creates a product through catalog with the given stock per size (Clothing, youth sizing unless said). */
export function createProduct(
  env: TestEnv,
  admin: Actor,
  name: string,
  sizes: Record<string, number>,
  options: { category?: Category; SubCategory?: SubCategory } = {},
): Promise<CatalogProduct> {
  return env.rpc.call(
    catalogOps.createProduct,
    {
      name,
      category: options.category ?? 'Clothing',
      SubCategory: options.SubCategory ?? 'Unisex youth sizing',
      ProductSize: Object.entries(sizes).map(([size, stock]) => ({ size, stock })),
    },
    { actor: admin },
  );
}

/** Hides a product from the store through catalog's update. */
export function hideProduct(env: TestEnv, admin: Actor, id: string): Promise<CatalogProduct> {
  return env.rpc.call(catalogOps.updateProduct, { id, isShow: false }, { actor: admin });
}

/** Sets a size's stock to a new total through catalog's update (recorded there as a movement). */
export function setStock(
  env: TestEnv,
  admin: Actor,
  id: string,
  size: string,
  stock: number,
): Promise<CatalogProduct> {
  return env.rpc.call(
    catalogOps.updateProduct,
    { id, setStock: [{ size, stock }] },
    { actor: admin },
  );
}

/** Shipping details as a school fills them in; the address is ignored (orders takes the profile's). */
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

/** Places an order through orders (ordersOps.place) as `actor`. */
export function place(
  env: TestEnv,
  actor: Actor | null,
  lines: { productId: string; size: string; quantity: number }[],
  extra: Record<string, unknown> = {},
): Promise<OrderSnapshot> {
  return env.rpc.call(ordersOps.place, { shippingInfo: shipping(), lines, ...extra }, { actor });
}

/** Moves an order (ordersOps.update); the answer says what catalog decided on its stock as `actor`, with new quantities when given. */
export function update(
  env: TestEnv,
  actor: Actor | null,
  id: string,
  status: OrderStatus,
  newQuantity?: number[],
): Promise<UpdatedOrder> {
  return env.rpc.call(ordersOps.update, { id, status, newQuantity }, { actor });
}

function actorOf(user: AuthUser): Actor {
  return { id: user.id, role: user.role, name: user.name, loginId: user.loginId };
}
