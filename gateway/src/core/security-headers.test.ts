import http from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { securityHeaders, securityPolicy } from './security-headers.js';

/** The headers helmet's middleware writes on a real response, by lower-case name. */
async function helmetOnARealResponse(production: boolean): Promise<Record<string, string>> {
  const middleware = helmet(securityPolicy(production));
  const server = http.createServer((request, response) => {
    middleware(request, response, () => response.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`);
    const headers: Record<string, string> = {};
    const general = new Set([
      'date',
      'connection',
      'keep-alive',
      'content-length',
      'transfer-encoding',
    ]);
    response.headers.forEach((value, name) => {
      if (!general.has(name)) headers[name] = value;
    });
    return headers;
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('security headers', () => {
  it.each([true, false])(
    'are the ones helmet writes per response (production: %s)',
    async (production) => {
      const once = securityHeaders(production);
      expect(once).toEqual(await helmetOnARealResponse(production));
      expect(once['content-security-policy']).toContain("default-src 'self'");
      expect(once['x-frame-options']).toBe('SAMEORIGIN');
      expect('strict-transport-security' in once).toBe(production);
      expect(once['content-security-policy']?.includes('upgrade-insecure-requests')).toBe(
        production,
      );
    },
  );
});
