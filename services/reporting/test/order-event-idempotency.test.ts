/**
 * Applying events is idempotent and ordered per order: duplicates, redeliveries and older versions
 * arriving late change nothing; a deleted order never comes back; a rebuild from the stream gives
 * exactly the live figures.
 */
import { reportingOps } from '@lr/contracts';
import { events, newOrder, nextVersion, publish, type TestEnv } from '@lr/testing';
import {
  admin,
  caughtUp,
  report,
  startReporting,
  wreckReadModel,
} from './support/reporting-env.js';

describe('reporting read model: idempotency, ordering, rebuild', () => {
  let env: TestEnv;

  const a = newOrder({
    school: 'Abbey Primary',
    student: 'S1_10_Male',
    createdAt: '2026-04-06T09:00:00.000Z',
    lines: [{ name: 'Sneakers', category: 'Footwear', quantity: 2 }],
  });
  const aReduced = nextVersion(a, { lines: a.lines.map((l) => ({ ...l, quantity: 1 })) });
  const aDelivered = nextVersion(aReduced, {
    status: 'Delivered',
    deliveredAt: '2026-04-07T09:00:00.000Z',
  });
  const b = newOrder({
    school: 'Brook High',
    student: 'S2_9_Female',
    createdAt: '2026-04-06T10:00:00.000Z',
    lines: [{ name: 'Hoodie', category: 'Clothing', quantity: 3 }],
  });
  const bDeleted = nextVersion(b, {});

  const live = [
    events.placed(a),
    events.placed(b),
    events.itemsAdjusted(aReduced, a),
    events.statusChanged(aDelivered, 'Processing'),
    events.deleted(bDeleted),
  ];

  beforeAll(async () => {
    env = await startReporting();
    await publish(env.nc, env.namespace, live);
    await caughtUp(env);
  });
  afterAll(() => env.close());

  async function storedVersion(
    orderId: string,
  ): Promise<{ version: number; deleted: boolean } | undefined> {
    const { rows } = await env.pool.query<{ version: number; deleted: boolean }>(
      'SELECT version, deleted FROM reporting.report_orders WHERE order_id = $1',
      [orderId],
    );
    return rows[0];
  }

  /** Every non-zero row of every day rollup, in a stable order. */
  async function rollupRows(): Promise<Record<string, unknown[]>> {
    const tables = {
      report_day_totals: 'orders <> 0 OR fulfilled <> 0 OR fulfilment_ms <> 0 OR items <> 0',
      report_day_items: 'orders <> 0',
      report_day_schools: 'orders <> 0',
      report_day_students: 'orders <> 0',
      report_day_categories: 'quantity <> 0',
      report_day_deliveries: 'orders <> 0',
      report_item_totals: 'orders <> 0',
      report_school_totals: 'orders <> 0',
      report_student_totals: 'orders <> 0',
    };
    const rows: Record<string, unknown[]> = {};
    for (const [table, nonZero] of Object.entries(tables)) {
      const result = await env.pool.query(
        `SELECT * FROM reporting.${table} WHERE ${nonZero} ORDER BY 1, 2`,
      );
      rows[table] = result.rows;
    }
    expect(rows.report_day_items?.length).toBeGreaterThan(0);
    return rows;
  }

  it('applies the live events', async () => {
    const r = await report(env);
    // a only (b deleted): delivered after 24 h with 1 item
    expect(r).toMatchObject({
      ordersReceived: 1,
      ordersFulfilled: 1,
      averageFulfilmentHours: 24,
      itemsFulfilled: 1,
    });
    expect(await storedVersion(a.id)).toEqual({ version: 3, deleted: false });
    expect(await storedVersion(b.id)).toEqual({ version: 2, deleted: true });
  });

  it('ignores duplicates and redeliveries of the same events', async () => {
    const before = await report(env);
    // Same event ids land in the stream again (no msgID dedupe), as after a relay retry.
    await publish(env.nc, env.namespace, live, { dedupe: false });
    await caughtUp(env);
    expect(await report(env)).toEqual(before);
    const { rows } = await env.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM reporting.processed_events WHERE consumer = 'reporting-orders'",
    );
    expect(rows[0]?.n).toBe(live.length);
  });

  it('ignores older versions that arrive late, even under new event ids', async () => {
    const before = await report(env);
    // a is at version 3 (Delivered, 1 item); its versions 1 and 2 come again as new events
    await publish(env.nc, env.namespace, [events.placed(a), events.itemsAdjusted(aReduced, a)]);
    await caughtUp(env);
    expect(await report(env)).toEqual(before);
    expect(await storedVersion(a.id)).toEqual({ version: 3, deleted: false });
  });

  it('applies versions by number, not by arrival order', async () => {
    const c = newOrder({
      school: 'Cedar Academy',
      student: 'S3_12_NA',
      createdAt: '2026-04-08T09:00:00.000Z',
      lines: [{ name: 'Football', category: 'Sports', quantity: 4 }],
    });
    const c2 = nextVersion(c, { lines: c.lines.map((l) => ({ ...l, quantity: 2 })) });
    const c3 = nextVersion(c2, { status: 'Delivered', deliveredAt: '2026-04-08T21:00:00.000Z' });
    // newest first, then the older ones
    await publish(env.nc, env.namespace, [
      events.statusChanged(c3, 'Processing'),
      events.placed(c),
      events.itemsAdjusted(c2, c),
    ]);
    await caughtUp(env);
    expect(await storedVersion(c.id)).toEqual({ version: 3, deleted: false });
    const r = await report(env);
    // a (1 item, 24 h) + c (2 items, 12 h)
    expect(r).toMatchObject({
      ordersReceived: 2,
      ordersFulfilled: 2,
      averageFulfilmentHours: 18,
      itemsFulfilled: 3,
    });
  });

  it('keeps a deleted order deleted when older events arrive after the deletion', async () => {
    await publish(env.nc, env.namespace, [events.placed(b)]);
    await caughtUp(env);
    expect(await storedVersion(b.id)).toEqual({ version: 2, deleted: true });
    expect((await report(env)).topSchools.map((s) => s.name)).not.toContain('Brook High');
  });

  it('records a deletion that arrives before the order itself (tombstone first)', async () => {
    const d = newOrder({
      school: 'Dale School',
      student: 'S4_7_Male',
      createdAt: '2026-04-09T09:00:00.000Z',
      lines: [{ name: 'Socks', category: 'Clothing', quantity: 1 }],
    });
    await publish(env.nc, env.namespace, [events.deleted(nextVersion(d, {})), events.placed(d)]);
    await caughtUp(env);
    expect(await storedVersion(d.id)).toEqual({ version: 2, deleted: true });
    expect((await report(env)).ordersReceived).toBe(2);
  });

  it('rebuilds from the stream to exactly the live figures', async () => {
    const liveReport = await report(env);
    const liveRollups = await rollupRows();
    await wreckReadModel(env);
    expect((await report(env)).ordersReceived).toBe(0);

    const result = await env.rpc.call(reportingOps.rebuild, {}, { actor: admin });
    expect(result.ordersApplied).toBe(2);
    expect(result.eventsApplied).toBeGreaterThanOrEqual(live.length * 2);
    expect(await report(env)).toEqual(liveReport);
    // The rebuild recomputes the day rollups from scratch: the ones kept event by event agree.
    expect(await rollupRows()).toEqual(liveRollups);
    expect(await storedVersion(a.id)).toEqual({ version: 3, deleted: false });
    expect(await storedVersion(b.id)).toEqual({ version: 2, deleted: true });
  });

  it('keeps consuming live events after a rebuild', async () => {
    const e = newOrder({
      school: 'Elm Primary',
      student: 'S5_6_Female',
      createdAt: '2026-04-10T09:00:00.000Z',
      lines: [{ name: 'Hoodie', category: 'Clothing', quantity: 1 }],
    });
    await publish(env.nc, env.namespace, [events.placed(e)]);
    await caughtUp(env);
    expect((await report(env)).ordersReceived).toBe(3);
  });
});
