/**
 * Stock counts against the real PostgreSQL and NATS: blind entry while orders keep moving stock, the
 * difference taken at finalising, audit movements and the event, read-only afterwards, roles, input.
 */
import { randomUUID } from 'node:crypto';
import { EVENTS, catalogOps, type Operation, type InputOf, type Actor } from '@lr/contracts';
import { TestEnv, waitFor } from '@lr/testing';
import {
  admin,
  failureOf,
  createProduct,
  ledgerMismatches,
  OrderBuilder,
  outboxEvents,
  publish,
  sizeId,
  startCatalog,
  stockOf,
} from './support/catalog-env.js';

const volunteer = TestEnv.actor('volunteer', 'Vol Counter');
const user = TestEnv.actor('user', 'Maple School');

describe('stock counts', () => {
  let env: TestEnv;

  const call = <Op extends Operation>(op: Op, input: InputOf<Op>, actor: Actor | null = admin) =>
    env.rpc.call(op, input, { actor });
  const sheet = async (id: string) =>
    (await call(catalogOps.listStockCountLines, { id, range: { start: 0, end: 499 } }, volunteer))
      .items;
  const auditMovements = async (countId: string) =>
    (
      await env.pool.query<{ size: string; delta: number }>(
        `SELECT size, delta FROM catalog.stock_movements
         WHERE count_id = $1 AND reason = 'audit' ORDER BY id`,
        [countId],
      )
    ).rows;

  beforeAll(async () => {
    env = await TestEnv.create();
    await startCatalog(env);
  });
  afterAll(() => env.close());
  afterEach(async () => {
    expect(await ledgerMismatches(env)).toEqual([]);
  });

  it('finalises against the stock of the moment, lists what moved meanwhile, then is read-only', async () => {
    const shoes = await createProduct(env, { name: `Boots ${randomUUID().slice(0, 6)}` });
    await createProduct(env, {
      name: `Shirt ${randomUUID().slice(0, 6)}`,
      category: 'Clothing',
      SubCategory: "Men's sizing",
      ProductSize: [{ size: 'M', stock: 4 }],
    });
    const count = await call(catalogOps.startStockCount, { scope: 'Footwear' }, volunteer);
    expect(count).toMatchObject({ scope: 'Footwear', status: 'open', startedBy: 'Vol Counter' });
    const lines = await sheet(count.id);
    const mine = lines.filter((l) => l.productId === shoes.id);
    expect(mine.map((l) => l.size)).toEqual(['5', '6']);
    expect(lines.every((l) => l.category === 'Footwear')).toBe(true);
    // Blind: the sheet carries no books' figure while the count is open.
    expect(mine.every((l) => l.books === null && !('stock' in l))).toBe(true);

    await call(
      catalogOps.enterStockCounts,
      {
        id: count.id,
        lines: [
          { sizeId: sizeId(shoes, '5'), counted: 1 },
          { sizeId: sizeId(shoes, '6'), counted: 3 },
        ],
      },
      volunteer,
    );
    // An order takes one of size 5 while the count is open (stock 3 -> 2).
    const order = new OrderBuilder([{ productId: shoes.id, size: '5', quantity: 1 }]);
    await publish(env, order.move('Printed'));
    await waitFor(async () => (await stockOf(env, sizeId(shoes, '5'))) === 2, {
      message: 'the order committed',
    });

    const review = await call(catalogOps.reviewStockCount, { id: count.id });
    const diffs = review.differences.filter((d) => d.productId === shoes.id);
    expect(diffs.map((d) => [d.size, d.books, d.counted, d.difference])).toEqual([
      ['5', 2, 1, -1],
      ['6', 1, 3, 2],
    ]);
    expect(review.movementsSinceStart).toEqual([
      expect.objectContaining({ size: '5', delta: -1, reason: 'order-commit', orderId: order.id }),
    ]);

    const done = await call(catalogOps.finaliseStockCount, {
      id: count.id,
      confirmedBooks: review.differences.map((d) => ({ sizeId: d.sizeId, books: d.books })),
    });
    expect(done.count).toMatchObject({
      status: 'finalised',
      adjustedSizes: 2,
      netAdjustment: 1,
      absoluteAdjustment: 3,
    });
    expect(await stockOf(env, sizeId(shoes, '5'))).toBe(1);
    expect(await stockOf(env, sizeId(shoes, '6'))).toBe(3);
    expect(await auditMovements(count.id)).toEqual([
      { size: '5', delta: -1 },
      { size: '6', delta: 2 },
    ]);
    const events = await outboxEvents<{ countId: string; adjustments: { difference: number }[] }>(
      env,
      EVENTS.catalogStockCounted,
    );
    expect(
      events.find((e) => e.data.countId === count.id)?.data.adjustments.map((a) => a.difference),
    ).toEqual([-1, 2]);

    const again = await failureOf(
      call(catalogOps.enterStockCounts, {
        id: count.id,
        lines: [{ sizeId: sizeId(shoes, '5'), counted: 9 }],
      }),
    );
    expect(again?.code).toBe('CONFLICT');
    expect((await failureOf(call(catalogOps.finaliseStockCount, { id: count.id })))?.code).toBe(
      'CONFLICT',
    );
    expect(await stockOf(env, sizeId(shoes, '5'))).toBe(1);
  });

  it('refuses to finalise when stock moved after the review, writing nothing', async () => {
    const shoes = await createProduct(env, { name: `Sneakers ${randomUUID().slice(0, 6)}` });
    const count = await call(catalogOps.startStockCount, { scope: 'all' });
    await call(catalogOps.enterStockCounts, {
      id: count.id,
      lines: [{ sizeId: sizeId(shoes, '5'), counted: 5 }],
    });
    const review = await call(catalogOps.reviewStockCount, { id: count.id });
    await call(catalogOps.updateProduct, {
      id: shoes.id,
      addStock: [{ size: '5', quantity: 1 }],
    });
    const refused = await failureOf(
      call(catalogOps.finaliseStockCount, {
        id: count.id,
        confirmedBooks: review.differences.map((d) => ({ sizeId: d.sizeId, books: d.books })),
      }),
    );
    expect(refused?.code).toBe('CONFLICT');
    expect(refused?.message).toContain(`${shoes.name} 5 (books 3 → 4)`);
    expect(await auditMovements(count.id)).toEqual([]);
    expect((await call(catalogOps.getStockCount, { id: count.id })).status).toBe('open');
  });

  it('refuses a figure for a size deleted since the start, naming it', async () => {
    const gone = await createProduct(env, { name: `Gone ${randomUUID().slice(0, 6)}` });
    const count = await call(catalogOps.startStockCount, { scope: 'Footwear' });
    await call(catalogOps.deleteProduct, { id: gone.id });
    const refused = await failureOf(
      call(catalogOps.enterStockCounts, {
        id: count.id,
        lines: [{ sizeId: sizeId(gone, '6'), counted: 1 }],
      }),
    );
    expect(refused?.code).toBe('CONFLICT');
    expect(refused?.message).toContain(`${gone.name} 6 was deleted`);
    const line = (await sheet(count.id)).find((l) => l.sizeId === sizeId(gone, '6'));
    expect(line).toMatchObject({ sizeExists: false, counted: null });
  });

  it('lets volunteers count but only admins review and finalise; checks figures', async () => {
    const shoes = await createProduct(env, { name: `Clogs ${randomUUID().slice(0, 6)}` });
    const count = await call(catalogOps.startStockCount, { scope: 'all' }, volunteer);
    expect(
      (await failureOf(call(catalogOps.reviewStockCount, { id: count.id }, volunteer)))?.code,
    ).toBe('FORBIDDEN');
    expect(
      (await failureOf(call(catalogOps.finaliseStockCount, { id: count.id }, volunteer)))?.code,
    ).toBe('FORBIDDEN');
    expect((await failureOf(call(catalogOps.startStockCount, { scope: 'all' }, user)))?.code).toBe(
      'FORBIDDEN',
    );
    for (const counted of [-1, 100_001, 1.5, '3']) {
      const error = await failureOf(
        call(catalogOps.enterStockCounts, {
          id: count.id,
          lines: [{ sizeId: sizeId(shoes, '5'), counted: counted as never }],
        }),
      );
      expect([error?.code, error?.message.split(':')[0]]).toEqual([
        'BAD_REQUEST',
        'lines.0.counted',
      ]);
    }
    const notOnSheet = await failureOf(
      call(catalogOps.enterStockCounts, {
        id: count.id,
        lines: [{ sizeId: randomUUID(), counted: 1 }],
      }),
    );
    expect(notOnSheet?.code).toBe('BAD_REQUEST');
    expect((await sheet(count.id)).every((l) => l.counted === null)).toBe(true);
    expect((await failureOf(call(catalogOps.getStockCount, { id: randomUUID() })))?.code).toBe(
      'NOT_FOUND',
    );
  });
});
