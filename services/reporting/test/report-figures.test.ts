/**
 * The LR345 figures on a hand-built set of orders, published as real events to JetStream and
 * consumed by the real service. Expected values are worked out by hand in the comments.
 */
import type { OrderSnapshot } from '@lr/contracts';
import { reportingOps } from '@lr/contracts';
import { events, newOrder, nextVersion, publish, type TestEnv } from '@lr/testing';
import { admin, caughtUp, report, startReporting, volunteer } from './support/reporting-env.js';

/** Delivers an order: Processing -> Delivered, version 2. */
function delivered(order: OrderSnapshot, at: string): OrderSnapshot {
  return nextVersion(order, { status: 'Delivered', deliveredAt: at });
}

describe('reporting figures', () => {
  let env: TestEnv;

  // Week of Mon 2026-03-02
  const o1 = newOrder({
    school: 'Abbey Primary',
    student: 'S1_10_Male',
    createdAt: '2026-03-02T09:00:00.000Z',
    lines: [
      { name: 'Sneakers', category: 'Footwear', quantity: 2 },
      { name: 'Hoodie', category: 'Clothing', quantity: 1 },
    ],
  });
  const o2 = newOrder({
    school: 'Abbey Primary',
    student: 'S2_11_Female',
    createdAt: '2026-03-04T10:00:00.000Z',
    lines: [
      { name: 'Sneakers', category: 'Footwear', quantity: 1 },
      { name: 'Socks', category: 'Clothing', quantity: 3 },
    ],
  });
  // Deleted later: must not count anywhere.
  const o6 = newOrder({
    school: 'Cedar Academy',
    student: 'S9_8_Male',
    createdAt: '2026-03-03T10:00:00.000Z',
    lines: [{ name: 'Hoodie', category: 'Clothing', quantity: 5 }],
  });
  // Week of Mon 2026-03-09
  const o3 = newOrder({
    school: 'Brook High',
    // A student id is the school's own: S1 here is not Abbey Primary's S1 (o1).
    student: 'S1_10_Male',
    createdAt: '2026-03-10T08:00:00.000Z',
    lines: [{ name: 'Hoodie', category: 'Clothing', quantity: 2 }],
  });
  const o4 = newOrder({
    school: 'Brook High',
    student: 'S3_9_NA',
    createdAt: '2026-03-11T12:00:00.000Z',
    lines: [{ name: 'Football', category: 'Sports', quantity: 1 }],
  });
  const o5 = newOrder({
    school: 'Cedar Academy',
    student: 'S4_12_Male',
    createdAt: '2026-03-12T12:00:00.000Z',
    lines: [{ name: 'Sneakers', category: 'Footwear', quantity: 2 }],
  });

  // o1: delivered after 30 h; o2: after 24.5 h
  const o1v2 = delivered(o1, '2026-03-03T15:00:00.000Z');
  const o2v2 = delivered(o2, '2026-03-05T10:30:00.000Z');
  // o4: Ready for Pickup (committed but not delivered)
  const o4v2 = nextVersion(o4, { status: 'Ready for Pickup' });
  // o5: quantity reduced to 0 while Processing (requested 2), then delivered after 96 h
  const o5v2 = nextVersion(o5, { lines: o5.lines.map((l) => ({ ...l, quantity: 0 })) });
  const o5v3 = delivered(o5v2, '2026-03-16T12:00:00.000Z');
  // o6: placed, then deleted
  const o6v2 = nextVersion(o6, {});

  const allEvents = [
    events.placed(o1),
    events.placed(o6),
    events.placed(o2),
    events.statusChanged(o1v2, 'Processing'),
    events.placed(o3),
    events.statusChanged(o2v2, 'Processing'),
    events.placed(o4),
    events.placed(o5),
    events.statusChanged(o4v2, 'Processing'),
    events.itemsAdjusted(o5v2, o5),
    events.deleted(o6v2),
    events.statusChanged(o5v3, 'Processing'),
  ];

  beforeAll(async () => {
    env = await startReporting();
    await publish(env.nc, env.namespace, allEvents);
    await caughtUp(env);
  });
  afterAll(() => env.close());

  it('computes every figure over all orders', async () => {
    const r = await report(env);
    // o1..o5 (o6 deleted)
    expect(r.ordersReceived).toBe(5);
    // o1, o2, o5 are Delivered with both dates
    expect(r.ordersFulfilled).toBe(3);
    // (30 + 24.5 + 96) / 3 = 50.17 -> 50
    expect(r.averageFulfilmentHours).toBe(50);
    // o1 2+1, o2 1+3, o3 2, o4 1, o5 0 (given, not requested)
    expect(r.itemsFulfilled).toBe(10);
    // Abbey's S1 and S2, Brook's S1 and S3, Cedar's S4 (Cedar's S9 was deleted)
    expect(r.studentsHelped).toBe(5);
    // Sneakers in o1, o2, o5; Hoodie in o1, o3 (o6 deleted); Football and Socks once (ties by name)
    expect(r.topItems).toEqual([
      { name: 'Sneakers', count: 3 },
      { name: 'Hoodie', count: 2 },
      { name: 'Football', count: 1 },
      { name: 'Socks', count: 1 },
    ]);
    // Abbey 2 and Brook 2 tie (by name), Cedar 1 (o6 deleted)
    expect(r.topSchools).toEqual([
      { name: 'Abbey Primary', count: 2 },
      { name: 'Brook High', count: 2 },
      { name: 'Cedar Academy', count: 1 },
    ]);
  });

  it('gives weekly series by ISO week (Monday), with quiet weeks as zero', async () => {
    const { weekly } = await report(env);
    expect(weekly.ordersReceived).toEqual([
      { week: '2026-03-02', count: 2 },
      { week: '2026-03-09', count: 3 },
      { week: '2026-03-16', count: 0 },
    ]);
    // by week of delivery: o1 (03-03), o2 (03-05), o5 (03-16)
    expect(weekly.ordersFulfilled).toEqual([
      { week: '2026-03-02', count: 2 },
      { week: '2026-03-09', count: 0 },
      { week: '2026-03-16', count: 1 },
    ]);
    expect(weekly.itemsByCategory).toEqual([
      { week: '2026-03-02', category: 'Clothing', quantity: 4 },
      { week: '2026-03-02', category: 'Footwear', quantity: 3 },
      { week: '2026-03-09', category: 'Clothing', quantity: 2 },
      { week: '2026-03-09', category: 'Sports', quantity: 1 },
    ]);
  });

  it('restricts every figure to orders created in the date range (whole days, inclusive)', async () => {
    // 2026-03-09 .. 2026-03-11: o3 and o4 only (o5 was created on the 12th)
    const r = await report(env, { from: '2026-03-09', to: '2026-03-11' });
    expect(r).toMatchObject({
      ordersReceived: 2,
      ordersFulfilled: 0,
      averageFulfilmentHours: 0,
      itemsFulfilled: 3,
      studentsHelped: 2,
      topSchools: [{ name: 'Brook High', count: 2 }],
    });
    // `to` includes the whole last day: o5 was created at noon on the 12th
    expect((await report(env, { from: '2026-03-12', to: '2026-03-12' })).ordersReceived).toBe(1);
    // open-ended ranges
    expect((await report(env, { from: '2026-03-09' })).ordersReceived).toBe(3);
    expect((await report(env, { to: '2026-03-08' })).ordersReceived).toBe(2);
  });

  it('refuses a range that ends before it starts, and malformed dates', async () => {
    await expect(report(env, { from: '2026-03-12', to: '2026-03-01' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(report(env, { from: '03-12-2026' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('is for admins only', async () => {
    await expect(env.rpc.call(reportingOps.report, {}, { actor: volunteer })).rejects.toMatchObject(
      { code: 'FORBIDDEN' },
    );
    await expect(env.rpc.call(reportingOps.report, {}, { actor: null })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(
      env.rpc.call(reportingOps.rebuild, {}, { actor: volunteer }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      env.rpc.call(reportingOps.ordersCsv, {}, { actor: volunteer }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(env.rpc.call(reportingOps.reportCsv, {}, { actor: admin })).resolves.toBeDefined();
  });
});
