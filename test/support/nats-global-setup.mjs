/**
 * Jest global setup: one nats-server for the whole run, with the product's authorization generated
 * for a wildcard namespace (every test file has its own). Workers find its url and every
 * identity's seed in TEST_NATS_URL and LR_TEST_NATS_SEEDS (libs/testing reads them). Stopped by
 * nats-global-teardown.mjs. A setup that already started one (the browser journeys') is reused.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/stack/paths.mjs';
import { startLocalNats } from '../../scripts/stack/nats.mjs';
import { freePort } from '../../scripts/stack/ports.mjs';

/** The permission description and its renderer, as sources and as the built files used here. */
const GENERATOR = [
  ['libs/contracts/src/nats-permissions.ts', 'libs/contracts/dist/nats-permissions.js'],
  ['libs/contracts/src/subjects.ts', 'libs/contracts/dist/subjects.js'],
  ['libs/nest-kit/src/nats-auth.ts', 'libs/nest-kit/dist/nats-auth.js'],
];

/**
 * The generator is built code (a setup file is not transformed): build the libraries when it is
 * missing or older than its sources, so the server always enforces the current description.
 */
function ensureLibsBuilt() {
  const stale = GENERATOR.some(([source, built]) => {
    const out = path.join(ROOT, built);
    return !existsSync(out) || statSync(out).mtimeMs < statSync(path.join(ROOT, source)).mtimeMs;
  });
  if (!stale) return;
  const result = spawnSync('npx', ['tsc', '-b', 'libs/nest-kit'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0)
    throw new Error('could not build libs/nest-kit for the test NATS server');
}

export async function startTestNats() {
  if (globalThis.__LR_TEST_NATS__ || process.env.LR_TEST_NATS_SEEDS) return;
  ensureLibsBuilt();
  const dataDir = path.join('/tmp/lockerroom-test-nats', randomBytes(4).toString('hex'));
  const nats = await startLocalNats({
    dataDir,
    port: await freePort(),
    namespace: '*',
    log: () => undefined,
  });
  globalThis.__LR_TEST_NATS__ = { nats, dataDir };
  process.env.TEST_NATS_URL = nats.url;
  process.env.LR_TEST_NATS_SEEDS = JSON.stringify(nats.seeds);
}

export async function stopTestNats() {
  const started = globalThis.__LR_TEST_NATS__;
  if (!started) return;
  globalThis.__LR_TEST_NATS__ = undefined;
  await started.nats.stop();
  rmSync(started.dataDir, { recursive: true, force: true });
}

export default startTestNats;
