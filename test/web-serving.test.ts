/**
 * The gateway serves both apps (built by `npm test` first) compressed, falls back to the store's
 * index.html for its client-side routes, and sends the original app's admin paths to the console.
 */
import { startFullStack, type FullStack } from './support/full-stack.js';

describe('serving the web apps', () => {
  let stack: FullStack;

  beforeAll(async () => {
    stack = await startFullStack();
  }, 120_000);
  afterAll(() => stack.close());

  it('serves the store for its routes, with a first paint before the scripts arrive', async () => {
    const response = await stack.request({ method: 'GET', url: '/products/boots' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('Locker Room 345');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('gzips scripts and JSON for clients that accept it, and caches hashed assets for a year', async () => {
    const html = await stack.request({ method: 'GET', url: '/home' });
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html.body)?.[1];
    expect(script).toBeDefined();
    const asset = await stack.request({
      method: 'GET',
      url: script!,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(String(asset.headers['cache-control'])).toContain('immutable');
    const products = await stack.request({
      method: 'GET',
      url: '/api/v1/products',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(products.headers['content-encoding']).toBe('gzip');
  });

  it('serves the console under /admin/ and sends the original admin paths to its pages', async () => {
    const consoleIndex = await stack.request({ method: 'GET', url: '/admin/' });
    expect(consoleIndex.statusCode).toBe(200);
    expect(consoleIndex.headers['content-type']).toMatch(/text\/html/);
    const cases: [string, string][] = [
      ['/admin/dashboard', '/admin/#/'],
      ['/admin/order/abc', '/admin/#/orders/abc'],
      ['/admin/product', '/admin/#/products/create'],
      ['/register', '/admin/#/users/create'],
      ['/generate-report', '/admin/#/report'],
    ];
    for (const [path, target] of cases) {
      const response = await stack.request({ method: 'GET', url: path });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(target);
    }
  });

  it('answers unknown API paths with the error shape, not the store', async () => {
    const response = await stack.request({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(JSON.parse(response.body)).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});
