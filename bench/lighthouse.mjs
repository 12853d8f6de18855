/**
 * Lighthouse performance score of the store's /home in headless Chromium (Lighthouse's default
 * mobile emulation and throttling), against a running stack.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium } from '../scripts/lib/chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function benchLighthouse(stack) {
  const dir = mkdtempSync(path.join(tmpdir(), 'lh-'));
  const output = path.join(dir, 'home.json');
  try {
    execFileSync(
      path.join(root, 'node_modules/.bin/lighthouse'),
      [
        `${stack.url}/home`,
        '--only-categories=performance',
        '--output=json',
        `--output-path=${output}`,
        '--quiet',
        '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run',
      ],
      {
        env: { ...process.env, CHROME_PATH: findChromium() ?? '/usr/bin/chromium' },
        stdio: 'ignore',
        timeout: 180_000,
      },
    );
    const report = JSON.parse(readFileSync(output, 'utf8'));
    const audit = (id) => report.audits[id]?.numericValue;
    return [
      {
        benchmark: 'lighthouse /home',
        metric: 'performance score (0-100)',
        ours: Math.round(report.categories.performance.score * 100),
        target: '>= 90',
        met: report.categories.performance.score >= 0.9,
      },
      {
        benchmark: 'lighthouse /home',
        metric: 'first contentful paint ms',
        ours: audit('first-contentful-paint'),
      },
      {
        benchmark: 'lighthouse /home',
        metric: 'largest contentful paint ms',
        ours: audit('largest-contentful-paint'),
      },
      {
        benchmark: 'lighthouse /home',
        metric: 'total blocking time ms',
        ours: audit('total-blocking-time'),
      },
    ];
  } catch (error) {
    return [
      {
        benchmark: 'lighthouse /home',
        metric: 'performance score',
        ours: `failed: ${error.message.slice(0, 60)}`,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
