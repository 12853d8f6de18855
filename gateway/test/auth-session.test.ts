/** Login, cookie, me, logout, the login dropdown and throttling through the gateway's HTTP routes. */
import { startAuthHarness, DEMO_CODE, type AuthHarness } from './auth-harness.js';

describe('gateway auth: sessions', () => {
  let h: AuthHarness;

  beforeAll(async () => {
    h = await startAuthHarness({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' });
  });
  afterAll(() => h.close());

  it('logs in with { email, password }, sets an httpOnly SameSite=Lax cookie and returns user and token', async () => {
    const response = await h.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: 'maplegrove', password: DEMO_CODE },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, token: expect.any(String) });
    expect(body.user).toEqual({
      _id: expect.any(String),
      name: 'Maple Grove Elementary',
      email: 'maplegrove',
      role: 'user',
      address: '120 Maple Grove Rd',
      district: 'North Valley',
      avatar: { url: '/default-avatar.svg' },
      createdAt: expect.any(String),
    });
    const cookie = response.cookies.find((c) => c.name === 'token');
    expect(cookie).toMatchObject({ value: body.token, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
  });

  it('accepts an urlencoded login form too', async () => {
    const response = await h.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=cedarhill&password=${DEMO_CODE}`,
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers 401 with one generic message for a wrong code or login id, and 400 naming a missing field', async () => {
    const wrong = await h.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: 'riverside', password: 'nope-nope' },
    });
    const unknown = await h.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: 'ghost', password: DEMO_CODE },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      success: false,
      message: 'Invalid Login ID or Password',
      code: 'UNAUTHORIZED',
    });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.cookies.find((c) => c.name === 'token')).toBeUndefined();
    const missing = await h.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: 'riverside' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^password/);
  });

  it('me answers the cookie owner; logout clears the cookie and ends the session', async () => {
    const cookie = await h.loginAs('oakpark');
    const me = await h.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ email: 'oakpark', role: 'user' });

    const logout = await h.inject({ method: 'GET', url: '/api/v1/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    const cleared = logout.cookies.find((c) => c.name === 'token');
    expect(cleared?.value).toBe('');
    // The old token no longer works even if a client kept it.
    const after = await h.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('accepts the token as a Bearer header for API clients', async () => {
    const cookie = await h.loginAs('pineridge');
    const me = await h.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${cookie.slice('token='.length)}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('getUserList: public, sorted by name, reserved accounts absent, only _id, name and email', async () => {
    const response = await h.inject({ method: 'GET', url: '/api/v1/getUserList' });
    expect(response.statusCode).toBe(200);
    const users = response.json().users as { _id: string; name: string; email: string }[];
    expect(users.length).toBeGreaterThanOrEqual(12);
    const ids = users.map((u) => u.email.toLowerCase());
    for (const reserved of [
      'admin',
      'test user',
      'test admin',
      'test volunteer',
      'lockerroom345',
      'volunteer',
    ]) {
      expect(ids).not.toContain(reserved);
    }
    for (const user of users) expect(Object.keys(user).sort()).toEqual(['_id', 'email', 'name']);
    const names = users.map((u) => u.name);
    expect(names).toEqual(
      [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
  });

  it('throttles an account after repeated failures with 429 and Retry-After, and a success is refused meanwhile', async () => {
    for (let i = 0; i < 3; i += 1) {
      const r = await h.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email: 'lakeview', password: 'wrong-code' },
      });
      expect(r.statusCode).toBe(401);
    }
    const refused = await h.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: 'lakeview', password: DEMO_CODE },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('TOO_MANY_REQUESTS');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Another account from the same address is not locked by it.
    const other = await h.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: 'harborpoint', password: DEMO_CODE },
    });
    expect(other.statusCode).toBe(200);
  });

  it('refuses a cross-site login (CSRF origin check)', async () => {
    const response = await h.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'maplegrove', password: DEMO_CODE },
    });
    expect(response.statusCode).toBe(403);
  });

  it('documents the auth routes in the OpenAPI document', async () => {
    const response = await h.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths as Record<string, unknown>);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/login',
        '/api/v1/me',
        '/api/v1/password/update',
        '/api/console/users',
      ]),
    );
  });
});
