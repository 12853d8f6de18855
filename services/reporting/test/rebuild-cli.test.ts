/**
 * `npm run report:rebuild` (the built src/rebuild/rebuild-cli.ts) against the real PostgreSQL and
 * JetStream: a wrecked read model comes back to the live figures while the service keeps running,
 * through the same rebuilder as the console's button. Runs the built entry point (npm test builds
 * first).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { events, newOrder, publish, type TestEnv } from '@lr/testing';
import { caughtUp, report, startReporting } from './support/reporting-env.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CLI = path.join(root, 'services/reporting/dist/rebuild/rebuild-cli.js');

describe('npm run report:rebuild', () => {
  let env: TestEnv;

  beforeAll(async () => {
    env = await startReporting();
    const order = newOrder({
      school: 'Abbey Primary',
      student: 'S1_10_Male',
      createdAt: '2026-04-06T09:00:00.000Z',
      lines: [{ name: 'Sneakers', category: 'Footwear', quantity: 2 }],
    });
    await publish(env.nc, env.namespace, [events.placed(order)]);
    await caughtUp(env);
  });
  afterAll(() => env.close());

  it('rebuilds the read model from the streams beside the running service', async () => {
    const live = await report(env);
    expect(live.ordersReceived).toBe(1);
    // Wreck the read model so that a command that did nothing could not pass.
    await env.pool.query('DELETE FROM reporting.report_orders');
    await env.pool.query('DELETE FROM reporting.report_day_totals');
    await env.pool.query('DELETE FROM reporting.report_day_items');
    await env.pool.query('DELETE FROM reporting.report_item_totals');
    expect((await report(env)).ordersReceived).toBe(0);

    const { stdout } = await promisify(execFile)(process.execPath, [CLI], {
      env: { PATH: process.env.PATH, ...env.envVars('reporting') },
      timeout: 30_000,
    });

    expect(stdout).toMatch(/^Report rebuilt: 1 events replayed, 1 orders, \d+ ms\n$/);
    expect(await report(env)).toEqual(live);
  });
});
