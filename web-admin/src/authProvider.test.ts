import type { AuthProvider } from 'react-admin';
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

describe('authProvider session checks', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  /** The provider as a fresh page has it: nothing known about the session yet. */
  function freshProvider(): AuthProvider {
    let provider: AuthProvider | undefined;
    jest.isolateModules(() => {
      provider = (jest.requireActual('./authProvider') as typeof import('./authProvider'))
        .authProvider;
    });
    return provider!;
  }

  function answer(status: number, body: unknown): string[] {
    const urls: string[] = [];
    globalThis.fetch = ((url: string) => {
      urls.push(url);
      return Promise.resolve({ ok: status < 300, status, json: () => Promise.resolve(body) });
    }) as typeof fetch;
    return urls;
  }

  it("keeps a signed-out visitor's 401 when react-admin passes it to checkError", async () => {
    const auth = freshProvider();
    const urls = answer(401, { success: false, message: 'Please login to access this resource' });
    await expect(auth.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
    await expect(auth.checkError({ status: 401 })).rejects.toMatchObject({
      redirectTo: '/login',
    });
    await expect(auth.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
    expect(urls.filter((url) => url === `${STORE_API}/me`)).toHaveLength(1);
  });

  it('forgets a signed-in session on a 401 from the API, so the next check asks again', async () => {
    const auth = freshProvider();
    const urls = answer(200, { success: true, user: { _id: 'u1', name: 'Admin', role: 'admin' } });
    await auth.checkAuth({});
    await expect(auth.checkError({ status: 401 })).rejects.toMatchObject({
      redirectTo: '/login',
    });
    await auth.checkAuth({});
    expect(urls.filter((url) => url === `${STORE_API}/me`)).toHaveLength(2);
  });
});
