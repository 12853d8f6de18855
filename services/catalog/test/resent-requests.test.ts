/**
 * Catalog writes sent again with the same request id, as RpcClient resends a call whose reply was
 * lost: stock moves once, one product or donation is made, and every copy gets the first reply.
 */
import { randomUUID } from 'node:crypto';
import {
  catalogOps,
  type DonationDto,
  type DonationSourceDto,
  type StockCountDto,
  type OutputOf,
  type Operation,
  type InputOf,
} from '@lr/contracts';
import { callWithRequestId, TestEnv } from '@lr/testing';
import {
  admin,
  createProduct,
  ledgerMismatches,
  sizeId,
  startCatalog,
  stockOf,
} from './support/catalog-env.js';

describe('resent catalog writes', () => {
  let env: TestEnv;

  beforeAll(async () => {
    env = await TestEnv.create();
    await startCatalog(env);
  });
  afterAll(() => env.close());
  afterEach(async () => {
    expect(await ledgerMismatches(env)).toEqual([]);
  });

  const send = <Op extends Operation>(op: Op, input: InputOf<Op>, requestId: string) =>
    callWithRequestId<OutputOf<Op>>(env, op.subject, input, { actor: admin, requestId });
  const count = async (sql: string, values: unknown[]) =>
    (await env.pool.query<{ n: number }>(sql, values)).rows[0]!.n;

  it('creates one product for copies of a creation that arrive together', async () => {
    const requestId = randomUUID();
    const input: InputOf<typeof catalogOps.createProduct> = {
      name: `Resent Boots ${randomUUID().slice(0, 6)}`,
      category: 'Footwear',
      SubCategory: "Boy's sizing",
      ProductSize: [{ size: '5', stock: 4 }],
    };
    const replies = await Promise.all(
      [1, 2, 3].map(() => send(catalogOps.createProduct, input, requestId)),
    );
    expect(replies[0]).toMatchObject({ ok: true, data: { name: input.name } });
    expect(replies[1]).toEqual(replies[0]);
    expect(replies[2]).toEqual(replies[0]);
    expect(
      await count('SELECT count(*)::int AS n FROM catalog.products WHERE name = $1', [input.name]),
    ).toBe(1);
  });

  it('adds stock once for a resent restock, also after a later change', async () => {
    const product = await createProduct(env, { name: `Restock ${randomUUID().slice(0, 6)}` });
    const size5 = sizeId(product, '5');
    const requestId = randomUUID();
    const restock = { id: product.id, addStock: [{ size: '5', quantity: 10 }] };
    const first = await send(catalogOps.updateProduct, restock, requestId);
    expect(first).toMatchObject({ ok: true });
    expect(await stockOf(env, size5)).toBe(13);
    await env.rpc.call(
      catalogOps.updateProduct,
      { id: product.id, addStock: [{ size: '5', quantity: 1 }] },
      { actor: admin },
    );
    const late = await send(catalogOps.updateProduct, restock, requestId);
    expect(late).toEqual(first);
    expect(await stockOf(env, size5)).toBe(14);
  });

  it('records one donation for a resent one, and a resent delete gets its first reply', async () => {
    const product = await createProduct(env, { name: `Donated ${randomUUID().slice(0, 6)}` });
    const sourceId = randomUUID();
    const sourceInput = { name: `Drive ${randomUUID().slice(0, 6)}`, kind: 'drive' as const };
    const source = await send(catalogOps.createDonationSource, sourceInput, sourceId);
    // The name is taken by then: without the record this resend would be a 409.
    expect(await send(catalogOps.createDonationSource, sourceInput, sourceId)).toEqual(source);
    const sourceDto = (source as { data: DonationSourceDto }).data;

    const recordId = randomUUID();
    const input = {
      sourceId: sourceDto.id,
      lines: [{ productId: product.id, size: '6', quantity: 5 }],
    };
    const recorded = await send(catalogOps.recordDonation, input, recordId);
    expect(await send(catalogOps.recordDonation, input, recordId)).toEqual(recorded);
    const donation = (recorded as { data: DonationDto }).data;
    expect(await stockOf(env, sizeId(product, '6'))).toBe(6);
    expect(
      await count('SELECT count(*)::int AS n FROM catalog.donations WHERE source_id = $1', [
        sourceDto.id,
      ]),
    ).toBe(1);

    const deleteId = randomUUID();
    const deleted = await send(catalogOps.deleteDonation, { id: donation.id }, deleteId);
    expect(deleted).toMatchObject({ ok: true, data: { id: donation.id } });
    expect(await send(catalogOps.deleteDonation, { id: donation.id }, deleteId)).toEqual(deleted);
    expect(await stockOf(env, sizeId(product, '6'))).toBe(1);
  });

  it('starts one count and finalises it once for resent requests', async () => {
    const product = await createProduct(env, {
      name: `Counted ${randomUUID().slice(0, 6)}`,
      category: 'Clothing',
      SubCategory: "Men's sizing",
      ProductSize: [{ size: 'M', stock: 4 }],
    });
    const startId = randomUUID();
    const started = await send(catalogOps.startStockCount, { scope: 'Clothing' }, startId);
    expect(await send(catalogOps.startStockCount, { scope: 'Clothing' }, startId)).toEqual(started);
    const countId = (started as { data: StockCountDto }).data.id;
    expect(
      await count(
        `SELECT count(*)::int AS n FROM catalog.stock_counts WHERE status = 'open' AND scope = 'Clothing'`,
        [],
      ),
    ).toBe(1);

    await env.rpc.call(
      catalogOps.enterStockCounts,
      { id: countId, lines: [{ sizeId: sizeId(product, 'M'), counted: 6 }] },
      { actor: admin },
    );
    const finaliseId = randomUUID();
    const finalised = await send(catalogOps.finaliseStockCount, { id: countId }, finaliseId);
    expect(finalised).toMatchObject({ ok: true });
    expect(await send(catalogOps.finaliseStockCount, { id: countId }, finaliseId)).toEqual(
      finalised,
    );
    expect(await stockOf(env, sizeId(product, 'M'))).toBe(6);
  });
});
