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
import { caughtUp, report, startReporting, wreckReadModel } from './support/reporting-env.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CLI = path.join(root, 'services/reporting/dist/rebuild/rebuild-cli.js');
const OCCURRED = '2026-04-06T09:00:00.000Z';

describe('npm run report:rebuild', () => {
  let env: TestEnv;

  beforeAll(async () => {
    env = await startReporting();
    const lines = [{ name: 'Scarf', category: 'Miscellaneous' as const, quantity: 1 }];
    const placed = events.placed(
      newOrder({ school: 'Cedar Hill', student: 'S7_8_Male', createdAt: OCCURRED, lines }),
    );
    await publish(env.nc, env.namespace, [placed]);
    await caughtUp(env);
  });
  afterAll(() => env.close());

  it('rebuilds the read model from the streams beside the running service', async () => {
    const live = await report(env);
    expect(live.ordersReceived).toBe(1);
    await wreckReadModel(env);
    expect((await report(env)).ordersReceived).toBe(0);

    const { stdout } = await promisify(execFile)(process.execPath, [CLI], {
      env: { PATH: process.env.PATH, ...env.envVars('reporting') },
      timeout: 30_000,
    });

    expect(stdout).toMatch(/^Report rebuilt: 1 events replayed, 1 orders, \d+ ms\n$/);
    expect(await report(env)).toEqual(live);
  });
});
