/**
 * Days and weeks follow REPORT_TIME_ZONE: a late-evening order belongs to that local day. Changing
 * the zone recomputes the day rollups on the next start.
 */
import { parseConfig } from '@lr/nest-kit';
import { events, newOrder, publish, type TestEnv } from '@lr/testing';
import { ReportingAppModule, reportingConfigSchema } from '../src/index.js';
import { caughtUp, report, startReporting } from './support/reporting-env.js';

describe('report time zone', () => {
  let env: TestEnv;

  // 03:00 UTC on Monday 9 March 2026 is 23:00 on Sunday 8 March in New York (EDT, UTC-4).
  const lateSunday = newOrder({
    school: 'Abbey Primary',
    student: 'S1_10_Male',
    createdAt: '2026-03-09T03:00:00.000Z',
    lines: [{ name: 'Sneakers', category: 'Footwear', quantity: 1 }],
  });

  beforeAll(async () => {
    env = await startReporting();
    await publish(env.nc, env.namespace, [events.placed(lateSunday)]);
    await caughtUp(env);
  });
  afterAll(() => env.close());

  it('counts the order on its UTC day by default', async () => {
    expect((await report(env, { to: '2026-03-08' })).ordersReceived).toBe(0);
    expect((await report(env)).weekly.ordersReceived).toEqual([{ week: '2026-03-09', count: 1 }]);
  });

  it('after a restart in another zone, counts it on its local day and in its local week', async () => {
    await env.stopService('reporting');
    const config = parseConfig(
      reportingConfigSchema,
      env.envVars('reporting', { REPORT_TIME_ZONE: 'America/New_York' }),
    );
    await env.startService('reporting', ReportingAppModule.register(config, env.logger), config);
    expect((await report(env, { to: '2026-03-08' })).ordersReceived).toBe(1);
    expect((await report(env, { from: '2026-03-09' })).ordersReceived).toBe(0);
    expect((await report(env)).weekly.ordersReceived).toEqual([{ week: '2026-03-02', count: 1 }]);
  });

  it('refuses an unknown time zone at boot', () => {
    expect(() =>
      parseConfig(
        reportingConfigSchema,
        env.envVars('reporting', { REPORT_TIME_ZONE: 'Mars/Olympus' }),
      ),
    ).toThrow(/REPORT_TIME_ZONE/);
  });
});
