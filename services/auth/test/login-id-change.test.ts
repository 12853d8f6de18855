/**
 * Changing one's own login id: the current code in the same request (throttled like every code
 * check), the other sessions end, the old address is told by mail. And the per-line cap exemption:
 * a flag only an admin sets.
 */
import { decodeJwt } from 'jose';
import { authOps, type Actor, type AuthUser, type InputOf, type SessionGrant } from '@lr/contracts';
import { mailsIn, waitFor } from '@lr/testing';
import { actorOf, errorOf, login, startAuth, type AuthTestEnv } from './support/auth-env.js';

const OLD_ID = 'office@pine-school.example';
const CODE = 'first-code';

describe('changing the login id', () => {
  let t: AuthTestEnv;
  let admin: Actor;
  let school: AuthUser;

  beforeAll(async () => {
    t = await startAuth({ PUBLIC_URL: 'http://shop.example' });
    admin = await actorOf(t.env, 'admin');
    school = await t.env.rpc.call(
      authOps.registerUser,
      { name: 'Pine School', email: OLD_ID, password: CODE, address: '1 Pine Rd', district: 'P' },
      { actor: admin },
    );
  });
  afterAll(() => t.env.close());

  const check = (grant: SessionGrant) =>
    t.env.rpc.call(authOps.sessionCheck, { token: grant.token });
  const sessionIdOf = (grant: SessionGrant) => decodeJwt(grant.token).sid as string;
  const update = (actor: Actor, input: Record<string, unknown>) =>
    t.env.rpc.call(authOps.updateProfile, input as InputOf<typeof authOps.updateProfile>, {
      actor,
    });

  it('needs the current code, throttled like a login; then ends the other sessions and tells the old address', async () => {
    const current = await login(t.env, OLD_ID, CODE, '10.7.0.1');
    const other = await login(t.env, OLD_ID, CODE, '10.7.0.2');
    const actor = (await check(current)).actor;
    const move = { name: 'Pine School', email: 'taken-over@evil.example' };

    expect(await errorOf(update(actor, move))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'currentPassword: enter your current code to change the Login ID',
    });
    for (let i = 0; i < 5; i += 1) {
      expect(
        await errorOf(update(actor, { ...move, currentPassword: `guess-${i}`, ip: '10.7.0.66' })),
      ).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^currentPassword/) });
    }
    const refused = await errorOf(
      update(actor, { ...move, currentPassword: CODE, ip: '10.7.0.66' }),
    );
    expect(refused).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect((refused.details as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(
      60,
    );
    // The same counters as logins: that address cannot log in to the account either.
    expect(await errorOf(login(t.env, OLD_ID, CODE, '10.7.0.66'))).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
    expect((await t.env.rpc.call(authOps.me, {}, { actor })).loginId).toBe(OLD_ID);

    const moved = await update(actor, {
      name: 'Pine School',
      email: 'pine-school',
      currentPassword: CODE,
      ip: '10.7.0.1',
      sessionId: sessionIdOf(current),
    });
    expect(moved.loginId).toBe('pine-school');
    await expect(check(current)).resolves.toMatchObject({ actor: { loginId: 'pine-school' } });
    expect(await errorOf(check(other))).toMatchObject({ code: 'UNAUTHORIZED' });

    const notice = await waitFor(async () => {
      const mails = (await mailsIn(t.env.dataDir)).filter((m) => m.includes(`To: ${OLD_ID}`));
      return mails.length > 0 ? mails[0]!.replace(/=\r?\n/g, '') : null;
    });
    expect(notice).toContain('Login ID was changed');
    expect(notice).toContain('pine-school');
    // Logging in works with the new id only.
    await expect(login(t.env, 'pine-school', CODE)).resolves.toBeTruthy();
    expect(await errorOf(login(t.env, OLD_ID, CODE))).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('keeps every session and asks no code when the login id stays', async () => {
    const first = await login(t.env, 'pine-school', CODE);
    const second = await login(t.env, 'pine-school', CODE);
    const actor = (await check(first)).actor;
    await expect(
      update(actor, { name: 'Pine Elementary', email: 'pine-school' }),
    ).resolves.toMatchObject({ name: 'Pine Elementary' });
    await expect(check(second)).resolves.toBeTruthy();
  });

  it('lets only an admin set the per-line cap exemption; a school cannot set its own', async () => {
    const grant = await login(t.env, 'pine-school', CODE);
    const actor = (await check(grant)).actor;
    const self = await update(actor, {
      name: 'Pine Elementary',
      email: 'pine-school',
      exemptFromLineCap: true,
    });
    expect(self.exemptFromLineCap).toBe(false);
    const asSchool = {
      id: school.id,
      name: 'Pine Elementary',
      email: 'pine-school',
      role: 'user' as const,
      exemptFromLineCap: true,
    };
    expect(await errorOf(t.env.rpc.call(authOps.updateUser, asSchool, { actor }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    const volunteer = await actorOf(t.env, 'volunteer');
    expect(
      await errorOf(t.env.rpc.call(authOps.updateUser, asSchool, { actor: volunteer })),
    ).toMatchObject({ code: 'FORBIDDEN' });
    const set = await t.env.rpc.call(authOps.updateUser, asSchool, { actor: admin });
    expect(set.exemptFromLineCap).toBe(true);
    // An update without the field keeps it.
    const kept = await t.env.rpc.call(
      authOps.updateUser,
      { id: school.id, name: 'Pine Elementary', email: 'pine-school', role: 'user' },
      { actor: admin },
    );
    expect(kept.exemptFromLineCap).toBe(true);
  });

  it('gives the exemption to the demo TEST USER by its flag, and to no other demo account', async () => {
    const all = await t.env.rpc.call(authOps.listUsers, { limit: 100 }, { actor: admin });
    const exempt = all.items.filter((u) => u.exemptFromLineCap).map((u) => u.loginId);
    expect(exempt.sort()).toEqual(['TEST USER', 'pine-school']);
  });
});
