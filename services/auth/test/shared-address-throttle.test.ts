/**
 * Many accounts behind one address (a school district, the charity's office): typos there slow
 * that address down but refuse nobody else until a level such an office does not reach; the
 * per-account-and-address limit stays. The hard level is lowered here to keep the test short.
 */
import { metrics, parseConfig } from '@lr/nest-kit';
import { authConfigSchema } from '../src/index.js';
import { DEMO_CODE, errorOf, login, startAuth, type AuthTestEnv } from './support/auth-env.js';

const OFFICE = '198.51.100.20';
const HARD_LEVEL = 30;

describe('one shared address', () => {
  let t: AuthTestEnv;

  beforeAll(async () => {
    t = await startAuth({ LOGIN_MAX_FAILURES_PER_IP: String(HARD_LEVEL) });
  });
  afterAll(() => t.env.close());

  it('refuses nobody else below the hard level, then refuses the address with the time left', async () => {
    for (let i = 0; i < HARD_LEVEL - 1; i += 1) {
      expect(await errorOf(login(t.env, `typo-${i}`, 'bad-code', OFFICE))).toMatchObject({
        code: 'UNAUTHORIZED',
      });
    }
    // Another school behind the same address logs in with its code...
    await expect(login(t.env, 'cedarhill', DEMO_CODE, OFFICE)).resolves.toMatchObject({
      user: { loginId: 'cedarhill' },
    });
    // ...and the failure that reaches the hard level is still answered as a wrong code.
    expect(await errorOf(login(t.env, 'riverside', 'bad-code', OFFICE))).toMatchObject({
      code: 'UNAUTHORIZED',
    });

    const refused = await errorOf(login(t.env, 'oakpark', DEMO_CODE, OFFICE));
    expect(refused).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/^Too many failed logins; try again in \d+ seconds$/),
    });
    const { retryAfterSeconds } = refused.details as { retryAfterSeconds: number };
    expect(retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    await expect(login(t.env, 'oakpark', DEMO_CODE, '198.51.100.21')).resolves.toBeTruthy();

    // Once the oldest failures leave the window the address may log in again.
    await t.env.pool.query(
      `UPDATE auth.login_failures SET at = at - interval '16 minutes' WHERE ip = $1`,
      [OFFICE],
    );
    await expect(login(t.env, 'oakpark', DEMO_CODE, OFFICE)).resolves.toBeTruthy();
  });

  it('still refuses one account from one address after 5 wrong codes, and only that account', async () => {
    const desk = '198.51.100.30';
    for (let i = 0; i < 5; i += 1) {
      expect(await errorOf(login(t.env, 'willowcreek', `guess-${i}`, desk))).toMatchObject({
        code: 'UNAUTHORIZED',
      });
    }
    const refused = await errorOf(login(t.env, 'willowcreek', DEMO_CODE, desk));
    expect(refused.code).toBe('TOO_MANY_REQUESTS');
    await expect(login(t.env, 'sunnyside', DEMO_CODE, desk)).resolves.toBeTruthy();
  });

  it('by default puts the hard level far above an office (200), and slows after 10', () => {
    const defaults = parseConfig(authConfigSchema, {
      NODE_ENV: 'test',
      JWT_SECRET: 'a-test-key-of-at-least-32-characters!',
    });
    expect(defaults.LOGIN_MAX_FAILURES_PER_IP).toBe(200);
    expect(defaults.LOGIN_IP_SLOW_DOWN_AFTER).toBe(10);
    expect(defaults.LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP).toBe(5);
  });
});

describe('one shared address, slowed', () => {
  let t: AuthTestEnv;
  const slowed = async (scope: 'address' | 'account') =>
    (await metrics.auth.codeChecksSlowed.get()).values.find((v) => v.labels.scope === scope)
      ?.value ?? 0;

  beforeAll(async () => {
    // A 1 ms step: the waits are real but short; their length is unit-tested (slow-down.test.ts).
    t = await startAuth({ LOGIN_FAILURE_DELAY_MS: '1', LOGIN_IP_SLOW_DOWN_AFTER: '3' });
  });
  afterAll(() => t.env.close());

  it('makes every attempt from a failing address wait past its free failures, the right code too', async () => {
    const office = '198.51.100.50';
    const before = await slowed('address');
    // Up to 3 failures cost nothing; the attempt after the 4th waits (one step per extra failure).
    for (let i = 0; i < 4; i += 1) await errorOf(login(t.env, `typo-${i}`, 'bad-code', office));
    expect(await slowed('address')).toBe(before);
    // Slowed, never refused: another school there logs in with its code.
    await expect(login(t.env, 'lakeview', DEMO_CODE, office)).resolves.toBeTruthy();
    expect(await slowed('address')).toBe(before + 1);
    await errorOf(login(t.env, 'typo-4', 'bad-code', office));
    expect(await slowed('address')).toBe(before + 2);
    // Another address is not slowed.
    await expect(login(t.env, 'lakeview', DEMO_CODE, '198.51.100.51')).resolves.toBeTruthy();
    expect(await slowed('address')).toBe(before + 2);
  });
});
