/**
 * A rebuild while order events keep arriving loses nothing and applies nothing twice: afterwards
 * the figures equal those of a quiet rebuild. Two rebuilds at once: the second is refused.
 */
import { reportingOps, type RebuildStatus, type Report } from '@lr/contracts';
import { events, newOrder, nextVersion, publish, type TestEnv } from '@lr/testing';
import { admin, caughtUp, report, startReporting, volunteer } from './support/reporting-env.js';

function orderEvents(count: number, offset: number) {
  return Array.from({ length: count }, (_, i) => {
    const n = offset + i;
    const order = newOrder({
      school: `School ${n % 7}`,
      student: `S${n}_10_NA`,
      createdAt: new Date(Date.UTC(2026, 6, 1 + (n % 28), 9)).toISOString(),
      lines: [
        { name: `Item ${n % 13}`, category: 'Clothing', quantity: 1 + (n % 3) },
        { name: `Item ${(n + 5) % 13}`, category: 'Sports', quantity: 1 },
      ],
    });
    const delivered = nextVersion(order, {
      status: 'Delivered',
      deliveredAt: new Date(Date.parse(order.createdAt) + (n % 50) * 3_600_000).toISOString(),
    });
    const list = [events.placed(order), events.statusChanged(delivered, 'Processing')];
    if (n % 5 === 0) list.push(events.deleted(nextVersion(delivered, {})));
    return list;
  }).flat();
}

describe('rebuild under load', () => {
  let env: TestEnv;

  beforeAll(async () => {
    env = await startReporting();
    await publish(env.nc, env.namespace, orderEvents(60, 0));
    await caughtUp(env);
  });
  afterAll(() => env.close());

  const rebuild = () => env.rpc.call(reportingOps.rebuild, {}, { actor: admin });

  it('gives the same figures as a quiet rebuild when events arrive during it', async () => {
    const during = publish(env.nc, env.namespace, orderEvents(60, 60));
    const [result] = await Promise.all([rebuild(), during]);
    expect(result.ordersApplied).toBeGreaterThan(0);
    await caughtUp(env);
    const live: Report = await report(env);
    // 120 orders, every fifth deleted
    expect(live.ordersReceived).toBe(96);
    expect(live.ordersFulfilled).toBe(96);

    await rebuild();
    expect(await report(env)).toEqual(live);
  });

  it('reports its progress while it runs, events replayed of total, and ends not running', async () => {
    const status = () => env.rpc.call(reportingOps.rebuildStatus, {}, { actor: admin });
    expect((await status()).running).toBe(false);
    const seen: RebuildStatus[] = [];
    let done = false;
    const running = rebuild().finally(() => {
      done = true;
    });
    while (!done) {
      seen.push(await status());
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await running;
    const after = await status();
    expect(after).toMatchObject({ running: false });
    expect(after.total).toBeGreaterThan(0);
    expect(after.replayed).toBe(after.total);
    expect(after.startedAt).not.toBeNull();
    // Seen from outside while it ran: running, never past the total, never going back.
    const whileRunning = seen.filter((s) => s.running);
    expect(whileRunning.length).toBeGreaterThan(0);
    for (const s of whileRunning) expect(s.replayed).toBeLessThanOrEqual(after.total);
    const counts = whileRunning.map((s) => s.replayed);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    await expect(
      env.rpc.call(reportingOps.rebuildStatus, {}, { actor: volunteer }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('does not report a rebuild that died with its process as running', async () => {
    await env.pool.query('UPDATE reporting.rebuild_progress SET running = true WHERE id = 1');
    const status = await env.rpc.call(reportingOps.rebuildStatus, {}, { actor: admin });
    expect(status.running).toBe(false);
    await env.pool.query('UPDATE reporting.rebuild_progress SET running = false WHERE id = 1');
  });

  it('refuses a second rebuild while one runs', async () => {
    const outcomes = await Promise.allSettled([rebuild(), rebuild(), rebuild()]);
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(outcomes.some((o) => o.status === 'fulfilled')).toBe(true);
    expect(refused.length).toBeGreaterThan(0);
    for (const o of refused)
      expect((o as PromiseRejectedResult).reason).toMatchObject({ code: 'CONFLICT' });
  });
});
