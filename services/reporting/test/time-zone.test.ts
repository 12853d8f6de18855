/**
 * Days and weeks are the charity's: CHARITY_TIME_ZONE (the zone orders' pickups, notices and daily
 * summary use) unless REPORT_TIME_ZONE names another one, so a late-evening order belongs to that
 * local day. Changing the zone recomputes the day rollups and the impact rollups (each set keeps
 * the zone it was computed in) on the next start.
 */
import { impactOps } from '@lr/contracts';
import { parseConfig } from '@lr/nest-kit';
import { events, newOrder, nextVersion, publish, type TestEnv } from '@lr/testing';
import { ReportingAppModule, reportingConfigSchema } from '../src/index.js';
import { admin, caughtUp, report, startReporting } from './support/reporting-env.js';

describe('report time zone', () => {
  let env: TestEnv;

  // 03:00 UTC on Monday 9 March 2026 is 23:00 on Sunday 8 March in New York (EDT, UTC-4) and
  // 20:00 that Sunday in Los Angeles (PDT, UTC-7).
  const lateSunday = newOrder({
    school: 'Abbey Primary',
    student: 'S1_10_Male',
    createdAt: '2026-03-09T03:00:00.000Z',
    lines: [{ name: 'Sneakers', category: 'Footwear', quantity: 1 }],
  });

  // Delivered half an hour after it was placed: still Sunday in both zones, Monday in UTC.
  const deliveredLateSunday = nextVersion(lateSunday, {
    status: 'Delivered',
    deliveredAt: '2026-03-09T03:30:00.000Z',
  });
  const deliveriesOn = async (day: string) =>
    (await env.rpc.call(impactOps.impact, { from: day, to: day }, { actor: admin }))
      .ordersDelivered;

  async function restartWith(vars: Record<string, string>): Promise<void> {
    await env.stopService('reporting');
    const config = parseConfig(reportingConfigSchema, env.envVars('reporting', vars));
    await env.startService('reporting', ReportingAppModule.register(config, env.logger), config);
  }

  beforeAll(async () => {
    env = await startReporting();
    await publish(env.nc, env.namespace, [
      events.placed(lateSunday),
      events.statusChanged(deliveredLateSunday, 'Processing'),
    ]);
    await caughtUp(env);
  });
  afterAll(() => env.close());

  it("counts the order on the charity's day by default (Los Angeles, as orders)", async () => {
    expect((await report(env, { to: '2026-03-08' })).ordersReceived).toBe(1);
    expect((await report(env)).weekly.ordersReceived).toEqual([{ week: '2026-03-02', count: 1 }]);
    expect(await deliveriesOn('2026-03-08')).toBe(1);
    expect(await deliveriesOn('2026-03-09')).toBe(0);
  });

  it('after a restart with the charity in UTC, counts it on its UTC day and week', async () => {
    await restartWith({ CHARITY_TIME_ZONE: 'UTC' });
    expect((await report(env, { to: '2026-03-08' })).ordersReceived).toBe(0);
    expect((await report(env)).weekly.ordersReceived).toEqual([{ week: '2026-03-09', count: 1 }]);
    expect(await deliveriesOn('2026-03-08')).toBe(0);
    expect(await deliveriesOn('2026-03-09')).toBe(1);
  });

  it("REPORT_TIME_ZONE puts the report in another zone than the charity's; empty means unset", async () => {
    await restartWith({ CHARITY_TIME_ZONE: 'UTC', REPORT_TIME_ZONE: 'America/New_York' });
    expect((await report(env, { to: '2026-03-08' })).ordersReceived).toBe(1);
    expect((await report(env, { from: '2026-03-09' })).ordersReceived).toBe(0);
    expect((await report(env)).weekly.ordersReceived).toEqual([{ week: '2026-03-02', count: 1 }]);
    expect(await deliveriesOn('2026-03-08')).toBe(1);
    const unset = parseConfig(
      reportingConfigSchema,
      env.envVars('reporting', { CHARITY_TIME_ZONE: 'Europe/London', REPORT_TIME_ZONE: '' }),
    );
    expect(unset.REPORT_TIME_ZONE).toBe('Europe/London');
  });

  it('refuses an unknown time zone at boot', () => {
    for (const name of ['REPORT_TIME_ZONE', 'CHARITY_TIME_ZONE']) {
      expect(() =>
        parseConfig(reportingConfigSchema, env.envVars('reporting', { [name]: 'Mars/Olympus' })),
      ).toThrow(new RegExp(name));
    }
  });
});
