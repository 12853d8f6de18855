/**
 * Login, session checks (signature, algorithm, expiry, revocation, sliding refresh) and logout,
 * against the real PostgreSQL and NATS.
 */
import { SignJWT, UnsecuredJWT, decodeJwt } from 'jose';
import { authOps } from '@lr/contracts';
import {
  agedToken,
  DEMO_CODE,
  errorOf,
  login,
  startAuth,
  type AuthTestEnv,
} from './support/auth-env.js';

describe('auth sessions', () => {
  let t: AuthTestEnv;

  beforeAll(async () => {
    t = await startAuth();
  });
  afterAll(() => t.env.close());

  it('logs a school in with its code, case-insensitively on the login id, and never returns a hash', async () => {
    const grant = await login(t.env, 'MapleGrove');
    expect(grant.user).toMatchObject({
      loginId: 'maplegrove',
      name: 'Maple Grove Elementary',
      role: 'user',
    });
    expect(Object.keys(grant.user).sort()).toEqual([
      'address',
      'avatar',
      'createdAt',
      'district',
      'exemptFromLineCap',
      'id',
      'loginId',
      'name',
      'role',
    ]);
    expect(JSON.stringify(grant)).not.toMatch(/argon2|password/i);
    const claims = decodeJwt(grant.token);
    expect(claims.sub).toBe(grant.user.id);
    expect(typeof claims.sid).toBe('string');
    expect(new Date(grant.expiresAt).getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
  });

  it('answers one generic 401 for a wrong code and for an unknown login id', async () => {
    const wrongCode = await errorOf(login(t.env, 'cedarhill', 'not-the-code'));
    const unknownId = await errorOf(login(t.env, 'no-such-school', DEMO_CODE));
    expect(wrongCode).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Invalid Login ID or Password',
    });
    expect(unknownId).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Invalid Login ID or Password',
    });
  });

  it('names the missing field with 400', async () => {
    const error = await errorOf(t.env.rpc.call(authOps.login, { loginId: 'riverside' } as never));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toMatch(/^password/);
  });

  it('checks a session and answers who the caller is', async () => {
    const grant = await login(t.env, 'TEST ADMIN');
    const checked = await t.env.rpc.call(authOps.sessionCheck, {
      token: grant.token,
    });
    expect(checked.actor).toEqual({
      id: grant.user.id,
      role: 'admin',
      name: 'TEST ADMIN',
      loginId: 'TEST ADMIN',
    });
    expect(checked.refreshedToken).toBeNull();
    const me = await t.env.rpc.call(authOps.me, {}, { actor: checked.actor });
    expect(me.id).toBe(grant.user.id);
  });

  it('refuses tampered tokens: alg none, another key, another algorithm, another user id, expired', async () => {
    const grant = await login(t.env, 'oakpark');
    const claims = decodeJwt(grant.token);
    const secret = new TextEncoder().encode(t.config.JWT_SECRET);
    const base = { sid: claims.sid as string };
    const tokens = [
      new UnsecuredJWT(base)
        .setSubject(claims.sub!)
        .setIssuer('lockerroom-auth')
        .setIssuedAt()
        .setExpirationTime('1h')
        .encode(),
      await new SignJWT(base)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub!)
        .setIssuer('lockerroom-auth')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('another-secret-another-secret-another-secret')),
      await new SignJWT(base)
        .setProtectedHeader({ alg: 'HS512' })
        .setSubject(claims.sub!)
        .setIssuer('lockerroom-auth')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(secret),
      // Signed with the right key but naming another user than the session's.
      await new SignJWT(base)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject((await login(t.env, 'riverside')).user.id)
        .setIssuer('lockerroom-auth')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(secret),
      await new SignJWT(base)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub!)
        .setIssuer('lockerroom-auth')
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
        .sign(secret),
      'not.a.jwt',
    ];
    for (const token of tokens) {
      await expect(t.env.rpc.call(authOps.sessionCheck, { token })).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
      });
    }
    // The genuine token still works.
    await expect(
      t.env.rpc.call(authOps.sessionCheck, { token: grant.token }),
    ).resolves.toBeTruthy();
  });

  it('slides the session: a token past half its life is replaced by a fresh one for the same session', async () => {
    const grant = await login(t.env, 'willowcreek');
    const claims = decodeJwt(grant.token);
    const aged = await agedToken(grant.token, t.config.JWT_SECRET);
    const checked = await t.env.rpc.call(authOps.sessionCheck, { token: aged });
    expect(checked.refreshedToken).toEqual(expect.any(String));
    expect(decodeJwt(checked.refreshedToken!).sid).toBe(claims.sid);
    expect(new Date(checked.expiresAt!).getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
    await expect(
      t.env.rpc.call(authOps.sessionCheck, { token: checked.refreshedToken! }),
    ).resolves.toBeTruthy();
  });

  it('logout revokes the session at once', async () => {
    const grant = await login(t.env, 'sunnyside');
    await t.env.rpc.call(authOps.logout, { token: grant.token });
    await expect(
      t.env.rpc.call(authOps.sessionCheck, { token: grant.token }),
    ).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    // Another session of the same school is untouched.
    const other = await login(t.env, 'sunnyside');
    await expect(
      t.env.rpc.call(authOps.sessionCheck, { token: other.token }),
    ).resolves.toBeTruthy();
  });

  it('me needs a caller', async () => {
    await expect(t.env.rpc.call(authOps.me, {})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('auth login slow-down', () => {
  let t: AuthTestEnv;

  beforeAll(async () => {
    t = await startAuth({ LOGIN_FAILURE_DELAY_MS: '400' });
  });
  afterAll(() => t.env.close());

  it('answers later failures on an account more slowly before refusing them', async () => {
    const timed = async () => {
      const started = Date.now();
      await expect(login(t.env, 'riverside', 'bad-code')).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
      });
      return Date.now() - started;
    };
    const first = await timed();
    await timed();
    await timed();
    const fourth = await timed();
    expect(first).toBeLessThan(400);
    expect(fourth).toBeGreaterThanOrEqual(400);
  });
});
