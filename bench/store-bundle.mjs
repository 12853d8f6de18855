/**
 * Initial JavaScript (gzip) of the store's /home and of the console: the scripts and module
 * preloads index.html loads before anything else.
 */
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function initialJsGzipBytes(appDir) {
  const dist = path.join(root, appDir, 'dist');
  const indexFile = path.join(dist, 'index.html');
  if (!existsSync(indexFile)) return null;
  const html = readFileSync(indexFile, 'utf8');
  const urls = [
    ...html.matchAll(/<script[^>]+src="([^"]+)"|<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((m) => m[1] ?? m[2]);
  let total = 0;
  for (const url of urls) {
    const relative = url.replace(/^\/(admin\/)?/, '');
    const file = path.join(dist, relative);
    if (existsSync(file)) total += gzipSync(readFileSync(file)).length;
  }
  return total;
}

export async function benchBundles() {
  const store = initialJsGzipBytes('web-store');
  const admin = initialJsGzipBytes('web-admin');
  return [
    {
      benchmark: 'store bundle',
      metric: 'initial JS gzip KiB (/home)',
      ours: store === null ? 'not built' : store / 1024,
      target: '< 200 KiB',
      met: store !== null && store < 200 * 1024,
    },
    {
      benchmark: 'console bundle',
      metric: 'initial JS gzip KiB (/admin/)',
      ours: admin === null ? 'not built' : admin / 1024,
    },
  ];
}
