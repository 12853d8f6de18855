/**
 * The gateway's Passport session strategy against the real auth service, NATS and PostgreSQL.
 *
 * The gateway verifies each token itself (key, algorithm, issuer, expiry, size) and only asks auth
 * about tokens that pass: a forged, expired or oversized token makes the caller anonymous on a
 * public route and gets today's 401 on a protected one, without a request reaching auth. A token
 * that verifies still needs its session: a revoked one is refused once the cache lets go of it
 * (its TTL, or auth's hint). Requests reaching auth are counted with a plain subscription on the
 * session-check subject, as in auth-session-cache.test.ts.
 */
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { SignJWT, decodeJwt, jwtVerify } from 'jose';
import { authOps, SESSION_TOKEN_MAX_LENGTH, namespaced } from '@lr/contracts';
import {
  ConfigError,
  NATS_CONNECTION,
  initTracing,
  metricsRegistry,
  parseConfig,
  type NatsConnection,
} from '@lr/nest-kit';
import { gatewayConfigSchema } from '../src/config.js';
import { createGatewayApp } from '../src/create-app.js';
import { waitFor } from '@lr/testing';
import { startAuthHarness, type AuthHarness } from './auth-harness.js';

const exporter = new InMemorySpanExporter();

const PLEASE_LOGIN = {
  success: false,
  message: 'Please login to access this resource',
  code: 'UNAUTHORIZED',
};

interface Gateway {
  app: NestFastifyApplication;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  caughtUp(): Promise<void>;
}

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('gateway session strategy (Passport JWT)', () => {
  let h: AuthHarness;
  let secret: string;
  let checks = 0;

  async function checksSoFar(): Promise<number> {
    await h.env.nc.flush();
    return checks;
  }

  async function startGateway(extra: Record<string, string> = {}): Promise<Gateway> {
    const config = parseConfig(
      gatewayConfigSchema,
      h.env.envVars('gateway', { PORT: '0', ...extra }),
    );
    const app = await createGatewayApp(config, h.env.logger);
    const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
    return {
      app,
      inject: (options) => fastify.inject(options),
      caughtUp: () => app.get<NatsConnection>(NATS_CONNECTION).flush(),
    };
  }

  /** A token of this session signed as auth would, with the given changes. */
  function sign(
    claims: { sub: string; sid?: string; [claim: string]: unknown },
    options: {
      key?: string;
      alg?: string;
      issuer?: string;
      issuedAt?: number;
      expiresAt?: number;
    } = {},
  ): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
      .setIssuer(options.issuer ?? 'lockerroom-auth')
      .setIssuedAt(options.issuedAt ?? now)
      .setExpirationTime(options.expiresAt ?? now + 3600)
      .sign(new TextEncoder().encode(options.key ?? secret));
  }

  const tokenOf = (cookie: string) => cookie.slice('token='.length);
  const claimsOf = (cookie: string) => {
    const claims = decodeJwt(tokenOf(cookie));
    return { sub: claims.sub!, sid: claims.sid as string };
  };
  const me = (headers: Record<string, string>, gateway?: Gateway) =>
    (gateway ?? h).inject({ method: 'GET', url: '/api/v1/me', headers });
  const publicList = (headers: Record<string, string>) =>
    h.inject({ method: 'GET', url: '/api/v1/getUserList', headers });
  const setCookieOf = (response: LightMyRequestResponse) =>
    response.cookies.find((c) => c.name === 'token');

  beforeAll(async () => {
    initTracing('gateway-test', { processor: new SimpleSpanProcessor(exporter) });
    h = await startAuthHarness();
    secret = h.jwtSecret;
    h.env.nc.subscribe(namespaced(h.env.namespace, authOps.sessionCheck.subject), {
      callback: () => {
        checks += 1;
      },
    });
    await h.env.nc.flush();
  });
  afterAll(() => h.close());

  it('refuses forged, expired, foreign-issuer and oversized tokens itself: anonymous on a public route, 401 on a protected one, auth never asked', async () => {
    const genuine = await h.loginAs('maplegrove');
    const claims = claimsOf(genuine);
    const now = Math.floor(Date.now() / 1000);
    const refused: Record<string, string> = {
      'another key': await sign(claims, { key: 'another-key-another-key-another-key-!!' }),
      'alg none': `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ ...claims, iss: 'lockerroom-auth', iat: now, exp: now + 3600 })}.`,
      'another algorithm, right key': await sign(claims, { alg: 'HS512' }),
      'another issuer': await sign(claims, { issuer: 'someone-else' }),
      expired: await sign(claims, { issuedAt: now - 7200, expiresAt: now - 3600 }),
      'no session id': await sign({ sub: claims.sub }),
      'tampered payload': `${tokenOf(genuine).split('.')[0]}.${base64url({ ...claims, sub: 'someone' })}.${tokenOf(genuine).split('.')[2]}`,
      // Signed with the right key, but longer than any token auth would accept.
      oversized: await sign({ ...claims, pad: 'x'.repeat(SESSION_TOKEN_MAX_LENGTH) }),
      garbage: 'not.a.token',
    };
    expect(refused.oversized!.length).toBeGreaterThan(SESSION_TOKEN_MAX_LENGTH);
    expect((await me({})).json()).toEqual(PLEASE_LOGIN);

    const start = await checksSoFar();
    for (const [kind, token] of Object.entries(refused)) {
      const ways: Record<string, string>[] = [
        { cookie: `token=${token}` },
        { authorization: `Bearer ${token}` },
      ];
      for (const headers of ways) {
        const onPublic = await publicList(headers);
        expect([kind, onPublic.statusCode, setCookieOf(onPublic)]).toEqual([kind, 200, undefined]);
        const onProtected = await me(headers);
        expect([kind, onProtected.statusCode, onProtected.json()]).toEqual([
          kind,
          401,
          PLEASE_LOGIN,
        ]);
      }
    }
    expect(await checksSoFar()).toBe(start);
    // The genuine token still works (and is the one request that asks auth).
    expect((await me({ cookie: genuine })).statusCode).toBe(200);
    expect(await checksSoFar()).toBe(start + 1);
  });

  it('takes the token from a Bearer header, the cookie first when both are sent', async () => {
    const cookie = await h.loginAs('cedarhill');
    const token = tokenOf(cookie);
    const bearer = await me({ authorization: `Bearer ${token}` });
    expect(bearer.statusCode).toBe(200);
    expect(bearer.json().user.email).toBe('cedarhill');
    expect((await me({ cookie, authorization: 'Bearer not.a.token' })).statusCode).toBe(200);
    expect(
      (await me({ cookie: 'token=not.a.token', authorization: `Bearer ${token}` })).json(),
    ).toEqual(PLEASE_LOGIN);
    expect((await me({ authorization: `Basic ${token}` })).statusCode).toBe(401);
  });

  it('answers 403 naming the role when the session is good but the role is not allowed', async () => {
    const school = await h.loginAs('oakpark');
    const response = await h.inject({
      method: 'GET',
      url: '/api/v1/admin/users',
      headers: { cookie: school },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      success: false,
      message: 'Role: user is not allowed to access this resource',
      code: 'FORBIDDEN',
    });
  });

  it('refuses a revoked session whose token still verifies, once the cache TTL has passed (no hint)', async () => {
    const gateway = await startGateway({ SESSION_CACHE_TTL_MS: '1500' });
    try {
      const cookie = await h.loginAs('riverside');
      expect((await me({ cookie }, gateway)).statusCode).toBe(200);
      // Revoked behind the gateway's back: no hint is sent, so only the TTL ends the cached answer.
      await h.env.pool.query('UPDATE auth.sessions SET revoked_at = now() WHERE id = $1', [
        claimsOf(cookie).sid,
      ]);
      await jwtVerify(tokenOf(cookie), new TextEncoder().encode(secret));
      // Until the TTL runs out the cached answer stands without asking auth; the first request
      // after it asks auth once and is refused.
      const start = await checksSoFar();
      const refused = await waitFor(
        async () => {
          const answer = await me({ cookie }, gateway);
          return answer.statusCode === 200 ? undefined : answer;
        },
        { message: 'the cached answer to expire' },
      );
      expect([refused.statusCode, refused.json()]).toEqual([401, PLEASE_LOGIN]);
      expect(await checksSoFar()).toBe(start + 1);
    } finally {
      await gateway.app.close();
    }
  });

  it('refuses a revoked session at once on the hint, on another gateway too', async () => {
    const gateway = await startGateway({ SESSION_CACHE_TTL_MS: '60000' });
    try {
      const cookie = await h.loginAs('pineridge');
      expect((await me({ cookie }, gateway)).statusCode).toBe(200);
      const logout = await h.inject({ method: 'POST', url: '/api/v1/logout', headers: { cookie } });
      expect(logout.statusCode).toBe(200);
      await gateway.caughtUp();
      await jwtVerify(tokenOf(cookie), new TextEncoder().encode(secret));
      expect((await me({ cookie }, gateway)).json()).toEqual(PLEASE_LOGIN);
    } finally {
      await gateway.app.close();
    }
  });

  it('sets the refreshed cookie past half-life, also for a Bearer caller', async () => {
    const claims = claimsOf(await h.loginAs('willowcreek'));
    const now = Math.floor(Date.now() / 1000);
    const aged = await sign(claims, { issuedAt: now - 40 * 60, expiresAt: now + 20 * 60 });
    const response = await me({ authorization: `Bearer ${aged}` });
    expect(response.statusCode).toBe(200);
    const fresh = setCookieOf(response);
    expect(fresh).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(fresh?.expires).toBeInstanceOf(Date);
    expect(decodeJwt(fresh!.value).sid).toBe(claims.sid);
    expect((await me({ cookie: `token=${fresh!.value}` })).statusCode).toBe(200);
  });

  it('verifies with JWT_SECRET when set: another key than auth refuses its genuine tokens without asking auth', async () => {
    const cookie = await h.loginAs('lakeview');
    const sameKey = await startGateway({ JWT_SECRET: secret });
    const otherKey = await startGateway({ JWT_SECRET: 'z'.repeat(48) });
    try {
      expect((await me({ cookie }, sameKey)).statusCode).toBe(200);
      const start = await checksSoFar();
      expect((await me({ cookie }, otherKey)).json()).toEqual(PLEASE_LOGIN);
      expect(await checksSoFar()).toBe(start);
    } finally {
      await sameKey.app.close();
      await otherKey.app.close();
    }
  });

  it('keeps the session check in the request trace and in the RPC metrics', async () => {
    const calls = async () => {
      const metric = await metricsRegistry.getSingleMetric('lr_rpc_client_calls_total')?.get();
      return (
        metric?.values.find(
          (v) => v.labels.subject === authOps.sessionCheck.subject && v.labels.outcome === 'ok',
        )?.value ?? 0
      );
    };
    const cookie = await h.loginAs('harborpoint');
    const before = await calls();
    exporter.reset();
    expect((await me({ cookie })).statusCode).toBe(200);
    expect(await calls()).toBe(before + 1);
    const spans = exporter.getFinishedSpans();
    const request = spans.find((s) => s.name === 'GET /api/v1/me');
    const check = spans.find(
      (s) =>
        s.name === authOps.sessionCheck.subject &&
        s.instrumentationScope.name === 'lockerroom.gateway',
    );
    expect(request).toBeDefined();
    expect(check?.spanContext().traceId).toBe(request?.spanContext().traceId);
    expect(check?.parentSpanContext?.spanId).toBe(request?.spanContext().spanId);
    // Auth's side of the call joins the same trace.
    const answered = spans.find(
      (s) =>
        s.name === authOps.sessionCheck.subject &&
        s.instrumentationScope.name === 'lockerroom.auth',
    );
    expect(answered?.spanContext().traceId).toBe(request?.spanContext().traceId);
    // A cached answer asks nobody.
    expect((await me({ cookie })).statusCode).toBe(200);
    expect(await calls()).toBe(before + 1);
  });
});

describe('gateway JWT_SECRET', () => {
  it('is required in production and checked like auth checks it', () => {
    expect(() => parseConfig(gatewayConfigSchema, { NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => parseConfig(gatewayConfigSchema, { NODE_ENV: 'production' })).toThrow(
      /^Configuration error: JWT_SECRET is missing: is required in production/,
    );
    expect(() =>
      parseConfig(gatewayConfigSchema, {
        JWT_SECRET: 'lockerroom-development-secret-change-me-0123456789',
      }),
    ).toThrow(/JWT_SECRET is invalid: is the published development key/);
    expect(() => parseConfig(gatewayConfigSchema, { JWT_SECRET: 'short' })).toThrow(
      /JWT_SECRET is invalid: must be at least 32 characters/,
    );
    const config = parseConfig(gatewayConfigSchema, {
      NODE_ENV: 'production',
      JWT_SECRET: 'k'.repeat(32),
    });
    expect(config.JWT_SECRET).toBe('k'.repeat(32));
  });
});
