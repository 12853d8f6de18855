/**
 * /api/docs: the browsable page for a browser (Swagger UI, its files served by the gateway under the
 * gateway's own Content-Security-Policy), the OpenAPI document for any other client, and the same
 * document at /api/docs/openapi.json whatever is asked.
 */
import { startAuthHarness, type AuthHarness } from './auth-harness.js';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('API documentation page', () => {
  let h: AuthHarness;

  beforeAll(async () => {
    h = await startAuthHarness();
  }, 60_000);
  afterAll(() => h.close());

  const get = (url: string, accept?: string) =>
    h.inject({ method: 'GET', url, headers: accept ? { accept } : {} });

  it('gives a browser the page, whose scripts and styles all come from the gateway', async () => {
    const page = await get('/api/docs', BROWSER_ACCEPT);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers.vary).toContain('Accept');
    // The gateway's policy applies to the page as to every answer: no inline script, nothing
    // from another site.
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script>(?!<\/script>)/);
    expect(page.body).not.toMatch(/(src|href)="(https?:)?\/\//);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets).toEqual(
      expect.arrayContaining(['/api/docs/ui/swagger-ui-bundle.js', '/api/docs/ui/start.js']),
    );
    for (const asset of assets) {
      const answer = await get(asset);
      expect([asset, answer.statusCode]).toEqual([asset, 200]);
    }
    expect((await get('/api/docs/ui/swagger-ui.css')).headers['content-type']).toMatch(
      /^text\/css/,
    );
    expect((await get('/api/docs/ui/start.js')).body).toContain('url: "/api/docs/openapi.json"');
  });

  it('serves only the files the page uses from the Swagger UI package', async () => {
    for (const url of [
      '/api/docs/ui/index.html',
      '/api/docs/ui/package.json',
      '/api/docs/ui/..%2Fpackage.json',
    ]) {
      expect([url, (await get(url)).statusCode]).toEqual([url, 404]);
    }
  });

  it('answers other clients with the OpenAPI document, also at its JSON address', async () => {
    const plain = await get('/api/docs');
    const json = await get('/api/docs/openapi.json', BROWSER_ACCEPT);
    for (const answer of [plain, json]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
    }
    expect(json.json()).toEqual(plain.json());
    expect(json.json()).toMatchObject({ openapi: '3.1.0', paths: expect.any(Object) });
    expect(Object.keys(json.json().paths)).toContain('/api/v1/products');
  });
});
