/**
 * The gateway's session cache against the real auth service, NATS and PostgreSQL: a repeated
 * request does not reach auth, yet logout, a role change, a new code or a deletion shows on the
 * user's very next request, on this gateway and on another one (through auth's hint); the sliding
 * refresh still happens past half-life; SESSION_CACHE_TTL_MS=0 asks auth every time.
 *
 * Requests reaching auth are counted with a plain subscription on the session-check subject (it
 * sees every request, auth's queue group answers them).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { SignJWT, decodeJwt } from 'jose';
import { authOps, namespaced } from '@lr/contracts';
import { NATS_CONNECTION, parseConfig, type NatsConnection } from '@lr/nest-kit';
import { SessionCache } from '../src/auth/session-cache.js';
import { gatewayConfigSchema } from '../src/config.js';
import { createGatewayApp } from '../src/create-app.js';
import { startAuthHarness, type AuthHarness } from './auth-harness.js';

interface Gateway {
  app: NestFastifyApplication;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Resolves once this gateway has read everything NATS sent it so far (e.g. a hint). */
  caughtUp(): Promise<void>;
}

function gatewayOf(app: NestFastifyApplication): Gateway {
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  return {
    app,
    inject: (options) => fastify.inject(options),
    caughtUp: () => app.get<NatsConnection>(NATS_CONNECTION).flush(),
  };
}

describe('gateway session cache', () => {
  let h: AuthHarness;
  /** The harness's gateway, default SESSION_CACHE_TTL_MS. */
  let a: Gateway;
  /** A second replica on the same NATS and auth (the admin's, in the cross-gateway cases). */
  let b: Gateway;
  let admin: string;
  let checks = 0;

  /** Session checks that reached auth so far (after the counter has read all of them). */
  async function checksSoFar(): Promise<number> {
    await h.env.nc.flush();
    return checks;
  }

  const me = (gateway: Gateway, cookie: string) =>
    gateway.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });

  async function startGateway(extra: Record<string, string> = {}): Promise<Gateway> {
    const config = parseConfig(
      gatewayConfigSchema,
      h.env.envVars('gateway', { PORT: '0', ...extra }),
    );
    return gatewayOf(await createGatewayApp(config, h.env.logger));
  }

  let schools = 0;
  /** A new school created by the admin, logged in on gateway A, its session cached there. */
  async function cachedSchool(): Promise<{ id: string; cookie: string; record: object }> {
    schools += 1;
    const loginId = `cache-school-${schools}`;
    const created = await a.inject({
      method: 'POST',
      url: '/api/console/users',
      headers: { cookie: admin },
      payload: { name: `Cache School ${schools}`, email: loginId, password: 'school-code-1' },
    });
    expect(created.statusCode).toBe(201);
    const record = created.json<{ id: string }>();
    const cookie = await h.loginAs(loginId, 'school-code-1');
    expect((await me(a, cookie)).statusCode).toBe(200);
    const before = await checksSoFar();
    expect((await me(a, cookie)).statusCode).toBe(200);
    expect(await checksSoFar()).toBe(before);
    return { id: record.id, cookie, record };
  }

  beforeAll(async () => {
    h = await startAuthHarness();
    a = gatewayOf(h.app);
    b = await startGateway();
    h.env.nc.subscribe(namespaced(h.env.namespace, authOps.sessionCheck.subject), {
      callback: () => {
        checks += 1;
      },
    });
    await h.env.nc.flush();
    admin = await h.loginAs('admin');
  });
  afterAll(async () => {
    await b.app.close();
    await h.close();
  });

  it('(a) a second request with the same cookie does not reach auth; a refused session always does', async () => {
    const cookie = await h.loginAs('maplegrove');
    const start = await checksSoFar();
    expect((await me(a, cookie)).statusCode).toBe(200);
    expect(await checksSoFar()).toBe(start + 1);
    for (let i = 0; i < 3; i += 1) expect((await me(a, cookie)).statusCode).toBe(200);
    expect(await checksSoFar()).toBe(start + 1);

    // A token that does not verify is refused by the gateway itself, without asking auth.
    const bogus = 'token=not.a.token';
    expect((await me(a, bogus)).statusCode).toBe(401);
    expect((await me(a, bogus)).statusCode).toBe(401);
    expect(await checksSoFar()).toBe(start + 1);

    // One that verifies but whose session auth refuses is asked about every time (never cached).
    const ended = await h.loginAs('maplegrove');
    await a.inject({ method: 'GET', url: '/api/v1/logout', headers: { cookie: ended } });
    const afterLogout = await checksSoFar();
    expect((await me(a, ended)).statusCode).toBe(401);
    expect((await me(a, ended)).statusCode).toBe(401);
    expect(await checksSoFar()).toBe(afterLogout + 2);
  });

  it('(b) after logout the old cookie gets 401 on the very next request', async () => {
    const cookie = await h.loginAs('cedarhill');
    await me(a, cookie);
    const logout = await a.inject({ method: 'GET', url: '/api/v1/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect((await me(a, cookie)).statusCode).toBe(401);
  });

  it('(b) a logout on another gateway evicts the session here through the hint', async () => {
    const cookie = await h.loginAs('oakpark');
    await me(a, cookie);
    const start = await checksSoFar();
    expect((await me(a, cookie)).statusCode).toBe(200);
    expect(await checksSoFar()).toBe(start);
    await b.inject({ method: 'GET', url: '/api/v1/logout', headers: { cookie } });
    // In production the hint beats the user's next request by far; here we wait for it explicitly.
    await a.caughtUp();
    expect((await me(a, cookie)).statusCode).toBe(401);
  });

  it('(c) an admin on this gateway changing the role, setting a code or deleting: 401 on the next request', async () => {
    const promoted = await cachedSchool();
    const role = await a.inject({
      method: 'PUT',
      url: `/api/console/users/${promoted.id}`,
      headers: { cookie: admin },
      payload: { ...promoted.record, role: 'admin' },
    });
    expect(role.json()).toMatchObject({ role: 'admin' });
    expect((await me(a, promoted.cookie)).statusCode).toBe(401);

    const recoded = await cachedSchool();
    const code = await a.inject({
      method: 'POST',
      url: `/api/console/users/${recoded.id}/code`,
      headers: { cookie: admin },
    });
    expect(code.statusCode).toBe(200);
    expect((await me(a, recoded.cookie)).statusCode).toBe(401);

    const deleted = await cachedSchool();
    const removal = await a.inject({
      method: 'DELETE',
      url: `/api/v1/admin/user/${deleted.id}`,
      headers: { cookie: admin },
    });
    expect(removal.statusCode).toBe(200);
    expect((await me(a, deleted.cookie)).statusCode).toBe(401);
  });

  it('(c) the same changes made through another gateway reach this one through the hint', async () => {
    const promoted = await cachedSchool();
    await b.inject({
      method: 'PUT',
      url: `/api/console/users/${promoted.id}`,
      headers: { cookie: admin },
      payload: { ...promoted.record, role: 'admin' },
    });
    const recoded = await cachedSchool();
    await b.inject({
      method: 'POST',
      url: `/api/console/users/${recoded.id}/code`,
      headers: { cookie: admin },
    });
    const deleted = await cachedSchool();
    await b.inject({
      method: 'DELETE',
      url: `/api/console/users/${deleted.id}`,
      headers: { cookie: admin },
    });
    await a.caughtUp();
    expect((await me(a, promoted.cookie)).statusCode).toBe(401);
    expect((await me(a, recoded.cookie)).statusCode).toBe(401);
    expect((await me(a, deleted.cookie)).statusCode).toBe(401);
  });

  it('(c) a rename elsewhere (sessions stay valid) makes the next request ask auth for the new actor', async () => {
    const renamed = await cachedSchool();
    await b.inject({
      method: 'PUT',
      url: `/api/console/users/${renamed.id}`,
      headers: { cookie: admin },
      payload: { ...renamed.record, name: 'Renamed School' },
    });
    await a.caughtUp();
    const start = await checksSoFar();
    expect((await me(a, renamed.cookie)).statusCode).toBe(200);
    expect(await checksSoFar()).toBe(start + 1);
    const token = renamed.cookie.slice('token='.length);
    expect(a.app.get(SessionCache).get(token)?.actor.name).toBe('Renamed School');
  });

  it('(d) past half-life the request goes to auth again and the refreshed cookie is issued', async () => {
    const cookie = await h.loginAs('riverside');
    const claims = decodeJwt(cookie.slice('token='.length));
    const secret = h.jwtSecret;
    // A token of this session whose half-life comes 1 to 2 seconds from now.
    const now = Math.floor(Date.now() / 1000);
    const halfLifeAt = (now + 2) * 1000;
    const aging = await new SignJWT({ sid: claims.sid as string })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub!)
      .setIssuer('lockerroom-auth')
      .setIssuedAt(now - 10)
      .setExpirationTime(now + 14)
      .sign(new TextEncoder().encode(secret));
    const agingCookie = `token=${aging}`;
    const refreshed = (response: LightMyRequestResponse) =>
      response.cookies.find((c) => c.name === 'token')?.value;

    const start = await checksSoFar();
    const first = await me(a, agingCookie);
    const second = await me(a, agingCookie);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect([refreshed(first), refreshed(second)]).toEqual([undefined, undefined]);
    expect(await checksSoFar()).toBe(start + 1);

    await sleep(halfLifeAt - Date.now() + 50);
    const third = await me(a, agingCookie);
    expect(third.statusCode).toBe(200);
    const fresh = refreshed(third);
    expect(fresh).toEqual(expect.any(String));
    expect(decodeJwt(fresh!).sid).toBe(claims.sid);
    // A refreshing answer is not cached: the old token keeps going to auth and being refreshed.
    expect(refreshed(await me(a, agingCookie))).toEqual(expect.any(String));
    expect(await checksSoFar()).toBe(start + 3);
    // The new token is cached as any other.
    await me(a, `token=${fresh}`);
    await me(a, `token=${fresh}`);
    expect(await checksSoFar()).toBe(start + 4);
  });

  it('(e) SESSION_CACHE_TTL_MS=0 asks auth on every request', async () => {
    const uncached = await startGateway({ SESSION_CACHE_TTL_MS: '0' });
    try {
      const cookie = await h.loginAs('pineridge');
      const start = await checksSoFar();
      for (let i = 0; i < 3; i += 1) expect((await me(uncached, cookie)).statusCode).toBe(200);
      expect(await checksSoFar()).toBe(start + 3);
      expect(uncached.app.get(SessionCache).size).toBe(0);
    } finally {
      await uncached.app.close();
    }
  });

  it('entries expire after SESSION_CACHE_TTL_MS even without a hint', async () => {
    const short = await startGateway({ SESSION_CACHE_TTL_MS: '200' });
    try {
      const cookie = await h.loginAs('willowcreek');
      const start = await checksSoFar();
      await me(short, cookie);
      await me(short, cookie);
      expect(await checksSoFar()).toBe(start + 1);
      await sleep(250);
      await me(short, cookie);
      expect(await checksSoFar()).toBe(start + 2);
    } finally {
      await short.app.close();
    }
  });
});
