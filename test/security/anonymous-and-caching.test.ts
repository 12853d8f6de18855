/**
 * A credential that is no session makes the caller anonymous (public routes answer, protected ones
 * 401, never a 400 about a header), and answers meant for one person are never stored by a cache.
 */
import { startFullStack, type FullStack } from '../support/full-stack.js';

describe('bad credentials and private answers', () => {
  let stack: FullStack;
  let userCookie: string;
  let adminCookie: string;

  beforeAll(async () => {
    stack = await startFullStack();
    userCookie = await stack.login('TEST USER');
    adminCookie = await stack.login('admin');
  }, 120_000);
  afterAll(() => stack.close());

  const hugeToken = 'x'.repeat(16 * 1024);
  const get = (url: string, headers: Record<string, string> = {}, cookie?: string) =>
    stack.request({ method: 'GET', url, headers, cookie: cookie ?? null });

  it('answers a public route as to anyone when the token is oversized or garbage', async () => {
    for (const headers of [
      { authorization: `Bearer ${hugeToken}` },
      { authorization: 'Bearer not.a.jwt' },
      { authorization: 'Basic Zm9vOmJhcg==' },
      { cookie: `token=${hugeToken}` },
      { cookie: 'token=%00garbage' },
    ] as Record<string, string>[]) {
      const response = await get('/api/v1/products', headers);
      expect([response.statusCode, headers]).toEqual([200, headers]);
    }
    const logout = await get('/api/v1/logout', { authorization: `Bearer ${hugeToken}` });
    expect(logout.statusCode).toBe(200);
  });

  it('answers a protected route 401 for the same credentials', async () => {
    for (const headers of [
      { authorization: `Bearer ${hugeToken}` },
      { authorization: 'Bearer not.a.jwt' },
      { cookie: `token=${hugeToken}` },
    ] as Record<string, string>[]) {
      const response = await get('/api/v1/me', headers);
      expect(response.statusCode).toBe(401);
      expect(JSON.parse(response.body)).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
  });

  it('keeps public catalog answers cacheable for anonymous callers', async () => {
    const list = await get('/api/v1/products');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBeUndefined();
  });

  it('marks every answer to a request with a session no-store', async () => {
    for (const url of ['/api/v1/products', '/api/v1/me', '/api/v1/orders/me']) {
      const response = await get(url, {}, userCookie);
      expect([url, response.statusCode, response.headers['cache-control']]).toEqual([
        url,
        200,
        'no-store',
      ]);
    }
  });

  it('marks account and console answers no-store, refusals and the login answer too', async () => {
    const login = await stack.request({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: 'TEST USER', password: 'demo345' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const refused = await get('/api/v1/me');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const consoleList = await get('/api/console/orders', {}, adminCookie);
    expect(consoleList.statusCode).toBe(200);
    expect(consoleList.headers['cache-control']).toBe('no-store');
    const consoleRefused = await get('/api/console/users');
    expect(consoleRefused.statusCode).toBe(401);
    expect(consoleRefused.headers['cache-control']).toBe('no-store');
  });
});
