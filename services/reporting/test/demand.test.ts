/**
 * Demand against stock from known orders, stock movements, donations and a deleted product, published
 * as real events to JetStream and consumed by the real service. Every figure of every row is worked
 * out by hand below; a rebuild from the streams gives the same rows.
 */
import { randomUUID } from 'node:crypto';
import {
  demandOps,
  reportingOps,
  DURABLE_CONSUMERS,
  EVENTS,
  namespacedStream,
  type DemandRow,
  type OrderEventSnapshot,
  type OrderStatus,
} from '@lr/contracts';
import {
  eventEnvelope as envelope,
  events,
  newOrder,
  nextVersion,
  publish,
  TestEnv,
  waitFor,
} from '@lr/testing';
import { jetstreamManager } from '@nats-io/jetstream';
import { admin, caughtUp, startReporting, volunteer } from './support/reporting-env.js';

const hoodie = randomUUID();
const sneakers = randomUUID();
const football = randomUUID();
const withdrawn = randomUUID();
const by = { id: admin.id, name: admin.name };

type Line = [productId: string, size: string, quantity: number];
const PRODUCTS: Record<string, { name: string; category: 'Clothing' | 'Footwear' | 'Sports' }> = {
  [hoodie]: { name: 'Hoodie', category: 'Clothing' },
  [sneakers]: { name: 'Sneakers', category: 'Footwear' },
  [withdrawn]: { name: 'Old cap', category: 'Clothing' },
};

/** A placed order (Processing, version 1) whose lines name these products and sizes. */
function order(lines: Line[]): OrderEventSnapshot {
  const placed = newOrder({
    school: 'Abbey Primary',
    student: `S${randomUUID().slice(0, 4)}_10_Male`,
    createdAt: '2026-03-02T09:00:00.000Z',
    lines: lines.map(([productId, size, quantity]) => ({
      name: PRODUCTS[productId]!.name,
      category: PRODUCTS[productId]!.category,
      size,
      quantity,
    })),
  });
  return {
    ...placed,
    lines: placed.lines.map((line, i) => ({ ...line, productId: lines[i]![0] })),
  };
}

function moved(o: OrderEventSnapshot, status: OrderStatus): OrderEventSnapshot {
  return nextVersion(o, {
    status,
    deliveredAt: status === 'Delivered' ? '2026-03-04T09:00:00.000Z' : null,
  });
}

function stock(productId: string, size: string, level: number, version: number) {
  return envelope(EVENTS.catalogInventoryAdjusted, version, {
    productId,
    size,
    stock: level,
    delta: 0,
    reason: 'correction' as const,
    orderId: null,
  });
}

const list = (env: TestEnv, input: Parameters<typeof demandCall>[1] = {}) => demandCall(env, input);
function demandCall(env: TestEnv, input: Record<string, unknown>) {
  return env.rpc.call(demandOps.listDemand, input, { actor: admin });
}

const row = (rows: DemandRow[], productId: string, size: string) =>
  rows.find((r) => r.productId === productId && r.size === size);

describe('demand against stock', () => {
  let env: TestEnv;

  const catalogCaughtUp = () =>
    waitFor(
      async () => {
        const info = await (
          await jetstreamManager(env.nc)
        ).consumers.info(
          namespacedStream(env.namespace, 'CATALOG'),
          `${env.namespace}_${DURABLE_CONSUMERS.reportingCatalog.name}`,
        );
        return info.num_pending === 0 && info.num_ack_pending === 0;
      },
      { message: 'the catalog consumer to catch up' },
    );

  beforeAll(async () => {
    env = await startReporting();
    // A: waiting (Processing): Hoodie M x3, Sneakers 5 x2.
    const a = order([
      [hoodie, 'M', 3],
      [sneakers, '5', 2],
    ]);
    // B: Packing: Hoodie M x1. G: Printed: Hoodie M x2 (both took their stock already).
    const b = order([[hoodie, 'M', 1]]);
    const g = order([[hoodie, 'M', 2]]);
    // C: Ready for Pickup: Hoodie L x2.
    const c = order([[hoodie, 'L', 2]]);
    // D: Delivered: Hoodie M x5 (no longer demand).
    const d = order([[hoodie, 'M', 5]]);
    // E: placed then deleted: Sneakers 5 x4 (never counts).
    const e = order([[sneakers, '5', 4]]);
    // F: Sneakers 5, asked 3, cut to 1 while Processing: counts 1.
    const f = order([[sneakers, '5', 3]]);
    const fCut = nextVersion(f, { lines: f.lines.map((l) => ({ ...l, quantity: 1 })) });
    // H: an order of a product the catalog then deletes: the product's row goes.
    const h = order([[withdrawn, 'S', 2]]);
    await publish(env.nc, env.namespace, [
      events.placed(a),
      events.placed(b),
      events.statusChanged(moved(b, 'Packing'), 'Processing'),
      events.placed(g),
      events.statusChanged(moved(g, 'Printed'), 'Processing'),
      events.placed(c),
      events.statusChanged(moved(c, 'Ready for Pickup'), 'Processing'),
      events.placed(d),
      events.statusChanged(moved(d, 'Packing'), 'Processing'),
      events.statusChanged(moved(moved(d, 'Packing'), 'Delivered'), 'Packing'),
      events.placed(e),
      events.deleted(nextVersion(e, {})),
      events.placed(f),
      events.itemsAdjusted(fCut, f),
      events.placed(h),
    ]);
    await publish(env.nc, env.namespace, [
      // Hoodie M: 10, then 4, then 2 (the last movement published before an older one).
      stock(hoodie, 'M', 10, 1),
      stock(hoodie, 'M', 2, 3),
      stock(hoodie, 'M', 4, 2),
      stock(hoodie, 'L', 0, 4),
      stock(sneakers, '5', 1, 1),
      // Football: never ordered; named by its donation, 7 on the shelf.
      stock(football, 'One size', 7, 2),
      envelope(EVENTS.catalogDonationReceived, 1, {
        donation: {
          id: randomUUID(),
          receivedOn: '2026-03-01',
          source: { id: randomUUID(), name: 'Drive', kind: 'drive' },
          note: '',
          version: 1,
          lines: [
            {
              productId: football,
              productName: 'Football',
              category: 'Sports',
              size: 'One size',
              quantity: 7,
            },
          ],
        },
        recordedBy: by,
      }),
      stock(withdrawn, 'S', 0, 1),
      envelope(EVENTS.catalogProductDeleted, 2, { productId: withdrawn }),
    ]);
    await caughtUp(env);
    await catalogCaughtUp();
  });
  afterAll(() => env.close());

  it('gives every figure of every row: requested by status, on hand and shortfall', async () => {
    const page = await list(env, { range: { start: 0, end: 99 } });
    expect(page.total).toBe(4);
    const common = { category: 'Clothing', subCategory: 'Unisex youth sizing', name: 'Hoodie' };
    expect(row(page.items, hoodie, 'M')).toEqual({
      id: `${hoodie}:M`,
      productId: hoodie,
      ...common,
      size: 'M',
      processing: 3,
      packing: 3,
      requested: 6,
      readyForPickup: 0,
      onHand: 2,
      shortfall: 1,
    });
    expect(row(page.items, hoodie, 'L')).toMatchObject({
      processing: 0,
      packing: 0,
      requested: 0,
      readyForPickup: 2,
      onHand: 0,
      shortfall: 0,
    });
    expect(row(page.items, sneakers, '5')).toMatchObject({
      name: 'Sneakers',
      category: 'Footwear',
      processing: 3,
      packing: 0,
      requested: 3,
      readyForPickup: 0,
      onHand: 1,
      shortfall: 2,
    });
    expect(row(page.items, football, 'One size')).toMatchObject({
      name: 'Football',
      category: 'Sports',
      subCategory: null,
      requested: 0,
      onHand: 7,
      shortfall: 0,
    });
    expect(page.items.some((r) => r.productId === withdrawn)).toBe(false);
    // Default order: the largest shortfall first.
    expect(page.items.slice(0, 2).map((r) => r.id)).toEqual([`${sneakers}:5`, `${hoodie}:M`]);
  });

  it('sorts, filters by category and shortfall, and pages with the total', async () => {
    const byStock = await list(env, { sort: { field: 'onHand', order: 'DESC' } });
    expect(byStock.items.map((r) => r.onHand)).toEqual([7, 2, 1, 0]);
    const clothing = await list(env, { filter: { category: 'Clothing' } });
    expect(clothing.items.map((r) => r.id).sort()).toEqual([`${hoodie}:L`, `${hoodie}:M`].sort());
    const short = await list(env, { filter: { short: true } });
    expect(short.items.map((r) => r.shortfall)).toEqual([2, 1]);
    const second = await list(env, {
      sort: { field: 'name', order: 'ASC' },
      range: { start: 1, end: 2 },
    });
    expect(second.total).toBe(4);
    expect(second.items.map((r) => r.name)).toEqual(['Hoodie', 'Hoodie']);
    const past = await list(env, { range: { start: 10, end: 12 } });
    expect(past).toEqual({ items: [], total: 4 });
    await expect(list(env, { filter: { category: 'Hats' } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(list(env, { sort: { field: 'school', order: 'ASC' } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('exports the rows as CSV', async () => {
    const file = await env.rpc.call(
      demandOps.demandCsv,
      { filter: { category: 'Footwear' } },
      { actor: volunteer },
    );
    expect(file.filename).toMatch(/^demand-footwear_\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.csv).toBe(
      'Product,Category,Sizing,Size,Processing,Packing,Requested,Ready for pickup,On hand,Shortfall\r\n' +
        'Sneakers,Footwear,Unisex youth sizing,5,3,0,3,0,1,2\r\n',
    );
  });

  it('lists what is most needed by kind and size, with no counts', async () => {
    const list = await env.rpc.call(demandOps.mostNeeded, {}, { actor: null });
    expect(Object.keys(list).sort()).toEqual(['computedAt', 'groups']);
    expect(list.groups).toEqual([
      { category: 'Footwear', subCategory: 'Unisex youth sizing', sizes: ['5'] },
      { category: 'Clothing', subCategory: 'Unisex youth sizing', sizes: ['M'] },
    ]);
    for (const group of list.groups) {
      expect(Object.keys(group).sort()).toEqual(['category', 'sizes', 'subCategory']);
    }
  });

  it('is for admins and volunteers; schools and strangers are refused', async () => {
    expect((await env.rpc.call(demandOps.listDemand, {}, { actor: volunteer })).total).toBe(4);
    const school = TestEnv.actor('user', 'Abbey Primary');
    await expect(env.rpc.call(demandOps.listDemand, {}, { actor: school })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(env.rpc.call(demandOps.demandCsv, {}, { actor: school })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(env.rpc.call(demandOps.listDemand, {}, { actor: null })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('gives the same rows after a rebuild from the streams', async () => {
    const before = await list(env, { range: { start: 0, end: 99 } });
    const needed = await env.rpc.call(demandOps.mostNeeded, {}, { actor: null });
    await env.pool.query(
      'DELETE FROM reporting.demand_requested; DELETE FROM reporting.demand_stock; DELETE FROM reporting.demand_products',
    );
    expect((await list(env)).total).toBe(0);
    await env.rpc.call(reportingOps.rebuild, {}, { actor: admin });
    expect(await list(env, { range: { start: 0, end: 99 } })).toEqual(before);
    expect((await env.rpc.call(demandOps.mostNeeded, {}, { actor: null })).groups).toEqual(
      needed.groups,
    );
  });
});
