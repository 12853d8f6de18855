import { authProvider } from './authProvider';
import { STORE_API } from './dataProvider';

describe('authProvider.logout', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('logs out with a POST (the gateway refuses a GET logout sent from another site)', async () => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    globalThis.fetch = ((url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return Promise.resolve(new Response(JSON.stringify({ success: true }), { status: 200 }));
    }) as typeof fetch;
    await expect(authProvider.logout(undefined)).resolves.toBe('/login');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(`${STORE_API}/logout`);
    expect(calls[0]!.init).toMatchObject({ method: 'POST', credentials: 'include' });
  });

  it('still leaves the console when the gateway cannot be reached', async () => {
    globalThis.fetch = (() => Promise.reject(new TypeError('offline'))) as typeof fetch;
    await expect(authProvider.logout(undefined)).resolves.toBe('/login');
  });
});
