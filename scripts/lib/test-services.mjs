/**
 * `npm test` on a fresh developer machine: when the test PostgreSQL or NATS does not answer, start
 * the same embedded PostgreSQL and local nats-server that `npm start` uses, in a temporary folder,
 * point the tests at them, and stop them at the end.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { postgresAnswers, startEmbeddedPostgres } from '../stack/postgres.mjs';
import { reachable, startLocalNats } from '../stack/nats.mjs';

export const DEFAULT_TEST_DATABASE_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const DEFAULT_TEST_NATS_URL = 'nats://127.0.0.1:4222';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Sets TEST_DATABASE_ADMIN_URL and TEST_NATS_URL in `env` to servers that answer, starting them when
 * needed. Returns a function that stops what it started.
 */
export async function ensureTestServices(env, log = (line) => console.log(line)) {
  const started = [];
  let folder;
  const scratch = () => {
    if (!folder) {
      folder = mkdtempSync(path.join(tmpdir(), 'lr-test-services-'));
      // The embedded PostgreSQL runs as the `postgres` user when we are root: it must reach its folder.
      chmodSync(folder, 0o755);
    }
    return folder;
  };

  const adminUrl = env.TEST_DATABASE_ADMIN_URL ?? DEFAULT_TEST_DATABASE_ADMIN_URL;
  if (!(await postgresAnswers(adminUrl))) {
    const port = await freePort();
    log(`No PostgreSQL answers at ${redact(adminUrl)}: starting an embedded one on port ${port}.`);
    const database = await startEmbeddedPostgres({ dataDir: scratch(), port, log });
    env.TEST_DATABASE_ADMIN_URL = database.adminUrl;
    started.push(database.stop);
  }

  const natsUrl = env.TEST_NATS_URL ?? DEFAULT_TEST_NATS_URL;
  if (!(await reachable(natsUrl))) {
    const port = await freePort();
    log(`No NATS answers at ${natsUrl}: starting nats-server -js on port ${port}.`);
    const nats = await startLocalNats({ dataDir: scratch(), port, log: () => undefined });
    env.TEST_NATS_URL = nats.url;
    started.push(nats.stop);
  }

  return async () => {
    for (const stop of started.reverse()) await stop().catch(() => undefined);
    if (folder) rmSync(folder, { recursive: true, force: true });
  };
}

function redact(url) {
  return url.replace(/:[^:@/]*@/, ':***@');
}
