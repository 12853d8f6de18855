/**
 * Initial JavaScript (gzip) of the store's /home and of the console: the scripts and module
 * preloads index.html loads before anything else; for the console also its first screen (the
 * dashboard, loaded on demand after login), followed through Vite's build manifest.
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

const CONSOLE_FIRST_SCREEN = 'src/dashboard/dashboard.tsx';

/** Entry chunk + its static imports + the first screen's chunk and its static imports. */
export function consoleFirstScreenGzipBytes() {
  const dist = path.join(root, 'web-admin', 'dist');
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const chunks = new Set();
  const walk = (key) => {
    if (chunks.has(key) || !manifest[key]) return;
    chunks.add(key);
    for (const imported of manifest[key].imports ?? []) walk(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key);
  walk(CONSOLE_FIRST_SCREEN);
  let total = 0;
  for (const key of chunks)
    total += gzipSync(readFileSync(path.join(dist, manifest[key].file))).length;
  return total;
}

export async function benchBundles() {
  const store = initialJsGzipBytes('web-store');
  const admin = initialJsGzipBytes('web-admin');
  const firstScreen = consoleFirstScreenGzipBytes();
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
      metric: 'initial JS gzip KiB (/admin/, login page)',
      ours: admin === null ? 'not built' : admin / 1024,
      target: '<= 250 KiB',
      met: admin !== null && admin <= 250 * 1024,
    },
    {
      benchmark: 'console bundle',
      metric: 'JS gzip KiB of login page + first screen (dashboard)',
      ours: firstScreen === null ? 'not built' : firstScreen / 1024,
      target: '<= 250 KiB',
      met: firstScreen !== null && firstScreen <= 250 * 1024,
    },
  ];
}

// Run on its own (`node bench/store-bundle.mjs`) it prints just these figures.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const row of await benchBundles()) {
    const ours = typeof row.ours === 'number' ? `${row.ours.toFixed(1)} KiB` : row.ours;
    console.log(
      `${row.benchmark}: ${row.metric}: ${ours}${row.target ? ` (target ${row.target})` : ''}`,
    );
  }
}
