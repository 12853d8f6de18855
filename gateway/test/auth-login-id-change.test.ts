/**
 * Over HTTP: a login id change needs the current code (multipart or JSON), keeps the caller's
 * session and ends the others; a throttled answer carries Retry-After and `retryAfterSeconds`; the
 * per-line cap flag is shown to the school and set by admins only.
 */
import { startAuthHarness, DEMO_CODE, type AuthHarness } from './auth-harness.js';

describe('gateway: login id change and the cap flag', () => {
  let h: AuthHarness;

  beforeAll(async () => {
    h = await startAuthHarness();
  });
  afterAll(() => h.close());

  const me = (cookie: string) =>
    h.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
  const update = (cookie: string, payload: Record<string, string>, remoteAddress = '127.0.0.1') =>
    h.inject({
      method: 'PUT',
      url: '/api/v1/me/update',
      headers: { cookie },
      payload,
      remoteAddress,
    });

  it('asks for the current code, keeps this session and ends the others', async () => {
    const current = await h.loginAs('lakeview');
    const other = await h.loginAs('lakeview');
    const noCode = await update(current, { name: 'Lakeview Junior High', email: 'lakeview-jh' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toMatchObject({
      success: false,
      code: 'BAD_REQUEST',
      message: 'currentPassword: enter your current code to change the Login ID',
    });
    const wrong = await update(current, {
      name: 'Lakeview Junior High',
      email: 'lakeview-jh',
      currentPassword: 'not-the-code',
    });
    expect(wrong.statusCode).toBe(400);
    // A wrong code is not a lost session: the store stays signed in.
    expect((await me(current)).statusCode).toBe(200);

    const moved = await update(current, {
      name: 'Lakeview Junior High',
      email: 'lakeview-jh',
      currentPassword: DEMO_CODE,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ user: { email: 'lakeview-jh' } });
    expect((await me(current)).json()).toMatchObject({ user: { email: 'lakeview-jh' } });
    expect((await me(other)).statusCode).toBe(401);
  });

  it('answers the sixth wrong code from one address 429 with Retry-After and retryAfterSeconds', async () => {
    const cookie = await h.loginAs('silverbirch');
    const attempt = (currentPassword: string) =>
      update(
        cookie,
        { name: 'Silver Birch Community School', email: 'silver-birch', currentPassword },
        '127.0.0.9',
      );
    for (let i = 0; i < 5; i += 1) expect((await attempt(`guess-${i}`)).statusCode).toBe(400);
    const refused = await attempt(DEMO_CODE);
    expect(refused.statusCode).toBe(429);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThan(14 * 60);
    expect(refused.json()).toEqual({
      success: false,
      code: 'TOO_MANY_REQUESTS',
      message: `Too many wrong codes; try again in ${seconds} seconds`,
      retryAfterSeconds: seconds,
    });
  });

  it('shows the cap flag on /me; only an admin sets it in the console', async () => {
    const school = await h.loginAs('granitefalls');
    const meBody = (await me(school)).json<{ user: { _id: string; exemptFromLineCap: boolean } }>();
    expect(meBody.user.exemptFromLineCap).toBe(false);
    const change = {
      name: 'Granite Falls High School',
      email: 'granitefalls',
      role: 'user',
      exemptFromLineCap: true,
    };
    const put = (cookie: string) =>
      h.inject({
        method: 'PUT',
        url: `/api/console/users/${meBody.user._id}`,
        headers: { cookie },
        payload: change,
      });
    expect((await put(school)).statusCode).toBe(403);
    expect((await put(await h.loginAs('volunteer'))).statusCode).toBe(403);
    const byAdmin = await put(await h.loginAs('admin'));
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ exemptFromLineCap: true });
    expect((await me(school)).json()).toMatchObject({ user: { exemptFromLineCap: true } });
    // The school's own profile form cannot set it.
    const own = await update(school, { ...change, exemptFromLineCap: 'false' } as never);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ user: { exemptFromLineCap: true } });
  });
});
