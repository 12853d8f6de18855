/**
 * Smaller edges of the gateway: prototype keys as sort fields on every console list, the cross-site
 * check's allowed origins, build files the pages never load, and where the metrics listener binds.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { baseConfigSchema, parseConfig, serveMetrics } from '@lr/nest-kit';
import { consoleListQuerySchema } from '../../gateway/src/core/console.js';
import { RouteTable, type RouteEntry } from '../../gateway/src/docs/route-table.js';
import { PUBLIC_URL, startFullStack, type FullStack } from '../support/full-stack.js';

const EXTRA_ORIGIN = 'https://shop.example.org';

describe('list sorts, origins, build files and the metrics listener', () => {
  let stack: FullStack;
  let admin: string;
  let consoleLists: RouteEntry[];
  let webRoot: string;

  beforeAll(async () => {
    webRoot = await mkdtemp(path.join(tmpdir(), 'lr-web-'));
    await mkdir(path.join(webRoot, '.vite'), { recursive: true });
    await mkdir(path.join(webRoot, 'assets'), { recursive: true });
    await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>Console</title>');
    await writeFile(path.join(webRoot, '.vite', 'manifest.json'), '{"src/main.tsx":{}}');
    await writeFile(path.join(webRoot, 'assets', 'main-abc123.js'), 'console.log(1)');
    await writeFile(path.join(webRoot, 'assets', 'main-abc123.js.map'), '{"sources":[]}');
    stack = await startFullStack({
      EXTRA_ORIGINS: EXTRA_ORIGIN,
      WEB_ADMIN_DIR: webRoot,
      WEB_STORE_DIR: webRoot,
    });
    admin = await stack.login('admin');
    consoleLists = stack.app
      .get(RouteTable)
      .routes()
      .filter((route) => route.method === 'GET' && route.doc?.query === consoleListQuerySchema);
  }, 120_000);
  afterAll(async () => {
    await stack.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  it('finds the console lists the review named among the routes', () => {
    const paths = consoleLists.map((route) => route.path);
    for (const list of [
      'products',
      'movements',
      'reviews',
      'donations',
      'donation-sources',
      'stock-counts',
      'users',
      'orders',
    ])
      expect(paths).toContain(`/api/console/${list}`);
  });

  it.each(['__proto__', 'constructor', 'toString', 'noSuchField'])(
    'answers sort by %s on every console list with a 400 naming the allowed fields',
    async (field) => {
      for (const route of consoleLists) {
        const url = `${route.path.replace(':id', randomUUID())}?sort=${encodeURIComponent(
          JSON.stringify([field, 'ASC']),
        )}`;
        const response = await stack.request({ method: 'GET', url, cookie: admin });
        expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
        const body = JSON.parse(response.body) as { code: string; message: string };
        expect(body.code).toBe('BAD_REQUEST');
        expect(body.message).toMatch(/^sort: /);
      }
    },
  );

  it('still sorts by the fields a list offers', async () => {
    const response = await stack.request({
      method: 'GET',
      url: `/api/console/products?sort=${encodeURIComponent('["Stock","DESC"]')}`,
      cookie: admin,
    });
    expect(response.statusCode).toBe(200);
  });

  const changeRequest = (origin: string, host: string) =>
    stack.request({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { origin, host },
    });

  it("refuses a state change whose Origin matches only the request's own Host", async () => {
    const response = await changeRequest('http://evil.example', 'evil.example');
    expect(response.statusCode).toBe(403);
    expect(JSON.parse(response.body)).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });

  it("allows PUBLIC_URL's origin and the configured extra origins", async () => {
    const host = new URL(PUBLIC_URL).host;
    expect((await changeRequest(PUBLIC_URL, host)).statusCode).not.toBe(403);
    expect((await changeRequest(EXTRA_ORIGIN, host)).statusCode).not.toBe(403);
  });

  it.each([
    '/admin/.vite/manifest.json',
    '/admin/%2Evite/manifest.json',
    '/.vite/manifest.json',
    '/admin/assets/main-abc123.js.map',
  ])('does not serve the build file %s', async (url) => {
    const response = await stack.request({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('src/main.tsx');
    expect(response.body).not.toContain('sources');
  });

  it('serves what the pages load', async () => {
    expect((await stack.request({ method: 'GET', url: '/admin/' })).statusCode).toBe(200);
    const script = await stack.request({ method: 'GET', url: '/admin/assets/main-abc123.js' });
    expect(script.statusCode).toBe(200);
  });

  it('binds the metrics listener to loopback unless METRICS_HOST says otherwise', async () => {
    const byDefault = parseConfig(baseConfigSchema, { METRICS_PORT: '9464' });
    const opened = parseConfig(baseConfigSchema, { METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' });
    expect([byDefault.METRICS_HOST, opened.METRICS_HOST]).toEqual(['127.0.0.1', '0.0.0.0']);
    // The listener main.ts starts, on a free port: where it binds is what the config says.
    const servers = await Promise.all([
      serveMetrics(0, byDefault.METRICS_HOST),
      serveMetrics(0, opened.METRICS_HOST),
      serveMetrics(0),
    ]);
    try {
      expect(servers.map((server) => (server.address() as AddressInfo).address)).toEqual([
        '127.0.0.1',
        '0.0.0.0',
        '127.0.0.1',
      ]);
    } finally {
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    }
  });
});
