/**
 * Security of sessions through the real gateway and auth service: JWT tampering, cookie flags,
 * CSRF origin check, login throttling, security headers, no stack traces.
 */
import { SignJWT } from 'jose';
import { parseConfig } from '@lr/nest-kit';
import { authConfigSchema } from '../../services/auth/src/index.js';
import { securityHeaders } from '../../gateway/src/core/security-headers.js';
import { startFullStack, type FullStack, PUBLIC_URL } from '../support/full-stack.js';

// The development key earlier versions had in their source: it must sign nothing any more.
const PUBLISHED_DEV_SECRET = new TextEncoder().encode(
  'lockerroom-development-secret-change-me-0123456789',
);

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decodePayload(token: string): { sub: string; sid: string } {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
    sid: string;
  };
}

describe('sessions and HTTP security', () => {
  let stack: FullStack;
  let userCookie: string;
  let userToken: string;
  let adminId: string;
  /** The stack's own key (NODE_ENV=test without JWT_SECRET: made for its DATA_DIR). */
  let secret: Uint8Array;

  beforeAll(async () => {
    stack = await startFullStack();
    secret = new TextEncoder().encode(
      parseConfig(authConfigSchema, stack.env.envVars('auth')).JWT_SECRET,
    );
    userCookie = await stack.login('TEST USER');
    userToken = userCookie.replace(/^token=/, '');
    const adminCookie = await stack.login('admin');
    const me = await stack.request({ method: 'GET', url: '/api/v1/me', cookie: adminCookie });
    adminId = (JSON.parse(me.body) as { user: { _id: string } }).user._id;
  }, 120_000);
  afterAll(() => stack.close());

  const me = (token: string) =>
    stack.request({ method: 'GET', url: '/api/v1/me', cookie: `token=${token}` });

  it('accepts the genuine token', async () => {
    expect((await me(userToken)).statusCode).toBe(200);
  });

  it('refuses alg none', async () => {
    const claims = decodePayload(userToken);
    const forged = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ ...claims, sub: adminId })}.`;
    expect((await me(forged)).statusCode).toBe(401);
  });

  it('refuses a token signed with another key', async () => {
    const claims = decodePayload(userToken);
    const forged = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer('lockerroom-auth')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-key-another-key-another-key-!!'));
    expect((await me(forged)).statusCode).toBe(401);
  });

  it('refuses a token signed with the development key of earlier sources', async () => {
    const claims = decodePayload(userToken);
    const forged = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(adminId)
      .setIssuer('lockerroom-auth')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(PUBLISHED_DEV_SECRET);
    expect((await me(forged)).statusCode).toBe(401);
  });

  it('refuses an expired token even with the right key', async () => {
    const claims = decodePayload(userToken);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer('lockerroom-auth')
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(secret);
    expect((await me(expired)).statusCode).toBe(401);
  });

  it("refuses another user's id on a genuine session", async () => {
    const claims = decodePayload(userToken);
    const swapped = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(adminId)
      .setIssuer('lockerroom-auth')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(secret);
    expect((await me(swapped)).statusCode).toBe(401);
    // And the tampered payload with the original signature.
    const [header, , signature] = userToken.split('.');
    const tampered = `${header}.${base64url({ ...claims, sub: adminId })}.${signature}`;
    expect((await me(tampered)).statusCode).toBe(401);
  });

  it('sets the session cookie httpOnly, SameSite=Lax, path /', async () => {
    const response = await stack.request({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: 'TEST USER', password: 'demo345' },
    });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//i);
  });

  it('refuses a state-changing request from another origin (CSRF), allows its own', async () => {
    const foreign = await stack.request({
      method: 'PUT',
      url: '/api/v1/password/update',
      cookie: userCookie,
      headers: { origin: 'https://evil.example' },
      payload: { oldPassword: 'demo345', newPassword: 'x', confirmPassword: 'x' },
    });
    expect(foreign.statusCode).toBe(403);
    const own = await stack.request({
      method: 'PUT',
      url: '/api/v1/password/update',
      cookie: userCookie,
      headers: { origin: new URL(PUBLIC_URL).origin },
      payload: {
        oldPassword: 'wrong-old-code',
        newPassword: 'newcode1',
        confirmPassword: 'newcode1',
      },
    });
    expect(own.statusCode).toBe(400);
  });

  it('sends security headers on every answer, refusals included', async () => {
    const expected = securityHeaders(false);
    const answers = [
      await stack.request({ method: 'GET', url: '/api/v1/products' }),
      await stack.request({ method: 'GET', url: '/api/v1/no-such-route' }),
      await stack.request({ method: 'GET', url: '/api/v1/orders/me' }),
      await stack.request({
        method: 'POST',
        url: '/api/v1/login',
        headers: { origin: 'https://evil.example' },
        payload: {},
      }),
      await stack.request({
        method: 'POST',
        url: '/api/v1/login',
        headers: { 'content-type': 'application/json', 'content-length': '999999999' },
        payload: '{}',
      }),
    ];
    expect(answers.map((response) => response.statusCode)).toEqual([200, 404, 401, 403, 413]);
    for (const response of answers) {
      for (const [name, value] of Object.entries(expected)) {
        expect(response.headers[name]).toBe(value);
      }
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('answers malformed JSON with 400 and the error shape, never a stack trace', async () => {
    const response = await stack.request({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    const body = JSON.parse(response.body) as Record<string, unknown>;
    expect(body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    expect(response.body).not.toMatch(/\bat \S+ \(|node_modules|\.ts:\d+/);
  });

  it('throttles repeated failed logins with 429 and Retry-After, without locking out for good', async () => {
    let last = 0;
    let retryAfter: string | undefined;
    for (let i = 0; i < 8; i += 1) {
      const response = await stack.request({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email: 'maplegrove', password: `wrong-${i}` },
      });
      last = response.statusCode;
      if (last === 429) {
        retryAfter = String(response.headers['retry-after']);
        break;
      }
      expect(last).toBe(401);
    }
    expect(last).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it('limits reset-link requests per address with 429 and Retry-After, the same for unknown accounts', async () => {
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 12; i += 1) {
      const response = await stack.request({
        method: 'POST',
        url: '/api/v1/password/forgot',
        payload: { email: `someone-${i}@nowhere.example` },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        retryAfter = String(response.headers['retry-after']);
        expect(response.body).not.toMatch(/\bat \w+ \(/);
        break;
      }
    }
    // RESET_MAX_REQUESTS_PER_IP (10 by default) answers, then the address waits.
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.length).toBeLessThanOrEqual(11);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});
