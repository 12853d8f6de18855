/** Login, cookie, me, logout, the login dropdown and throttling through the gateway's HTTP routes. */
import { startAuthHarness, DEMO_CODE, type AuthHarness } from './auth-harness.js';

describe('gateway auth: sessions', () => {
  let h: AuthHarness;

  beforeAll(async () => {
    h = await startAuthHarness({ LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: '3' });
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
      exemptFromLineCap: false,
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

  it('me answers the cookie owner; POST logout clears the cookie and ends the session', async () => {
    const cookie = await h.loginAs('oakpark');
    const me = await h.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ email: 'oakpark', role: 'user' });

    const logout = await h.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { cookie, origin: 'http://localhost:3000' },
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ success: true, message: 'Logged Out' });
    const cleared = logout.cookies.find((c) => c.name === 'token');
    expect(cleared?.value).toBe('');
    // The old token no longer works even if a client kept it.
    const after = await h.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('refuses a logout POST from another origin (CSRF) and keeps the session', async () => {
    const cookie = await h.loginAs('oakpark');
    const foreign = await h.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.cookies.find((c) => c.name === 'token')).toBeUndefined();
    const me = await h.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });

  it('keeps the old GET logout, but refuses it with 403 when the browser says cross-site', async () => {
    const cookie = await h.loginAs('oakpark');
    const crossSite = await h.inject({
      method: 'GET',
      url: '/api/v1/logout',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toMatchObject({
      success: false,
      code: 'FORBIDDEN',
      message: expect.stringMatching(/^Cross-site logout refused/),
    });
    expect(crossSite.cookies.find((c) => c.name === 'token')).toBeUndefined();
    expect(
      (await h.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } })).statusCode,
    ).toBe(200);

    // The shop's own pages and clients without the header (old browsers, scripts) still log out.
    const sameOrigin = await h.inject({
      method: 'GET',
      url: '/api/v1/logout',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.statusCode).toBe(200);
    expect(
      (await h.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } })).statusCode,
    ).toBe(401);
    const other = await h.loginAs('oakpark');
    const noHeader = await h.inject({
      method: 'GET',
      url: '/api/v1/logout',
      headers: { cookie: other },
    });
    expect(noHeader.statusCode).toBe(200);
    expect(noHeader.cookies.find((c) => c.name === 'token')?.value).toBe('');
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

  it('throttles the guessing address with 429 and Retry-After; the right code from another address gets in', async () => {
    const attempt = (password: string, remoteAddress: string, email = 'lakeview') =>
      h.inject({
        method: 'POST',
        url: '/api/v1/login',
        remoteAddress,
        payload: { email, password },
      });
    for (let i = 0; i < 3; i += 1)
      expect((await attempt('wrong-code', '127.0.0.1')).statusCode).toBe(401);
    const refused = await attempt(DEMO_CODE, '127.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The owner, from another address, is not locked out by it.
    expect((await attempt(DEMO_CODE, '127.0.0.2')).statusCode).toBe(200);
    // Nor is another account from the guessing address.
    expect((await attempt(DEMO_CODE, '127.0.0.1', 'harborpoint')).statusCode).toBe(200);
    // And the owner's login gives the guessing address no new tries.
    expect((await attempt('wrong-code', '127.0.0.1')).statusCode).toBe(429);
  });

  it('throttles wrong old codes of a code change per address, like failed logins', async () => {
    const cookie = await h.loginAs('riverside');
    const change = (oldPassword: string, remoteAddress: string) =>
      h.inject({
        method: 'PUT',
        url: '/api/v1/password/update',
        remoteAddress,
        headers: { cookie },
        payload: { oldPassword, newPassword: 'river-new-1', confirmPassword: 'river-new-1' },
      });
    for (let i = 0; i < 3; i += 1) {
      const wrong = await change(`wrong-${i}`, '127.0.0.3');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toMatch(/^oldPassword/);
    }
    const refused = await change(DEMO_CODE, '127.0.0.3');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many wrong old codes; try again in \d+ seconds$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await change(DEMO_CODE, '127.0.0.4')).statusCode).toBe(200);
  });

  it('refuses unknown reset tokens with 400, then limits the address with 429 and Retry-After', async () => {
    const reset = (i: number, remoteAddress: string) =>
      h.inject({
        method: 'PUT',
        url: `/api/v1/password/reset/${`not-a-token-${i}-`.padEnd(43, 'x')}`,
        remoteAddress,
        payload: { password: 'new-code-1', confirmPassword: 'new-code-1' },
      });
    // RESET_MAX_ATTEMPTS_PER_IP: 10 by default.
    for (let i = 0; i < 10; i += 1) {
      const refused = await reset(i, '127.0.0.5');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('Reset Password Token is invalid or has been expired');
    }
    const limited = await reset(10, '127.0.0.5');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await reset(11, '127.0.0.6')).statusCode).toBe(400);
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
    const logout = (response.json().paths as Record<string, Record<string, unknown>>)[
      '/api/v1/logout'
    ];
    expect(Object.keys(logout ?? {}).sort()).toEqual(['get', 'post']);
    const documented = response.json().paths as Record<
      string,
      Record<string, { responses: Record<string, { description: string }> }>
    >;
    expect(documented['/api/v1/logout']!.get!.responses['403']!.description).toMatch(/cross-site/);
    for (const [path, method] of [
      ['/api/v1/login', 'post'],
      ['/api/v1/password/update', 'put'],
      ['/api/v1/password/forgot', 'post'],
      ['/api/v1/password/reset/{token}', 'put'],
    ] as const) {
      expect(documented[path]![method]!.responses['429']!.description).toMatch(/Retry-After/);
    }
  });
});
