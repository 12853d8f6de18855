/**
 * A product's fair-market value per unit in the catalog service (real PostgreSQL and NATS): set on
 * creation and edits by admins only, checked (money with 2 decimals, not negative) with the field
 * named, and carried in the product events so reporting can keep the history of values.
 */
import { EVENTS, catalogOps } from '@lr/contracts';
import { TestEnv } from '@lr/testing';
import {
  admin,
  createProduct,
  failureOf,
  outboxEvents,
  startCatalog,
} from './support/catalog-env.js';

const volunteer = TestEnv.actor('volunteer', 'Vol');
const user = TestEnv.actor('user', 'Maple School');

type ProductEvent = { productId: string; fairMarketValue?: string | null };

describe('fair-market value', () => {
  let env: TestEnv;

  const update = (input: Record<string, unknown>, actor = admin) =>
    // Bad values on purpose: the service's own check is what is tested.
    env.rpc.call(catalogOps.updateProduct, input as { id: string }, { actor });
  const eventsOf = async (type: string, productId: string) =>
    (await outboxEvents<ProductEvent>(env, type)).filter((e) => e.data.productId === productId);

  beforeAll(async () => {
    env = await TestEnv.create();
    await startCatalog(env);
  });
  afterAll(() => env.close());

  it('is stored as money with 2 decimals and carried in the created event', async () => {
    const product = await createProduct(env, { name: 'Valued Shoes', fairMarketValue: 12.5 });
    expect(product.fairMarketValue).toBe('12.50');
    const [created] = await eventsOf(EVENTS.catalogProductCreated, product.id);
    expect(created!.data.fairMarketValue).toBe('12.50');
    const none = await createProduct(env, { name: 'Unvalued Shoes' });
    expect(none.fairMarketValue).toBeNull();
    expect((await eventsOf(EVENTS.catalogProductCreated, none.id))[0]!.data.fairMarketValue).toBe(
      null,
    );
  });

  it('changes from an edit on, every product edit carrying the value in force', async () => {
    const product = await createProduct(env, { name: 'Edited Coat', fairMarketValue: '30' });
    expect((await update({ id: product.id, fairMarketValue: '27.99' })).fairMarketValue).toBe(
      '27.99',
    );
    // An edit that does not touch it keeps it, and says so.
    expect((await update({ id: product.id, isShow: false })).fairMarketValue).toBe('27.99');
    expect((await update({ id: product.id, fairMarketValue: null })).fairMarketValue).toBeNull();
    const updates = await eventsOf(EVENTS.catalogProductUpdated, product.id);
    expect(updates.map((e) => e.data.fairMarketValue)).toEqual(['27.99', '27.99', null]);
    // In version order, as reporting keeps them.
    const versions = updates.map((e) => e.version);
    expect([...versions].sort((x, y) => x - y)).toEqual(versions);
  });

  it.each([
    [-1, 'fairMarketValue: must not be negative'],
    ['-0.01', 'fairMarketValue: must not be negative'],
    [1.234, 'fairMarketValue: must be an amount of money'],
    ['12,50', 'fairMarketValue: must be an amount of money'],
    ['1000000', 'fairMarketValue: must be an amount of money'],
    ['ten', 'fairMarketValue: must be an amount of money'],
  ])('refuses %p naming the field', async (value, message) => {
    const product = await createProduct(env, { name: `Refused ${String(value)}` }).catch(
      () => null,
    );
    const created = await failureOf(
      createProduct(env, { name: 'Never Created', fairMarketValue: value as never }),
    );
    expect(created).toMatchObject({ code: 'BAD_REQUEST' });
    expect(created!.message).toContain(message);
    const edited = await failureOf(update({ id: product!.id, fairMarketValue: value }));
    expect(edited!.message).toContain(message);
  });

  it('may be set by admins only', async () => {
    const product = await createProduct(env, { name: 'Admin Only', fairMarketValue: '5.00' });
    for (const actor of [volunteer, user]) {
      expect(
        await failureOf(update({ id: product.id, fairMarketValue: '1.00' }, actor)),
      ).toMatchObject({ code: 'FORBIDDEN' });
    }
    const { rows } = await env.pool.query<{ v: string }>(
      'SELECT fair_market_value::text AS v FROM catalog.products WHERE id = $1',
      [product.id],
    );
    expect(rows[0]!.v).toBe('5.00');
  });
});
