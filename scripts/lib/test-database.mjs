/**
 * `npm test` on a fresh developer machine: when the test PostgreSQL does not answer, start the same
 * embedded PostgreSQL that `npm start` uses, in a temporary folder, point the tests at it, and stop
 * it at the end. (NATS needs nothing here: jest's global setup always starts its own authorized
 * nats-server for the run.)
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { postgresAnswers, startEmbeddedPostgres } from '../stack/postgres.mjs';
import { freePort } from '../stack/ports.mjs';

export const DEFAULT_TEST_DATABASE_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Sets TEST_DATABASE_ADMIN_URL in `env` to a server that answers, starting one when needed. Returns
 * a function that stops what it started.
 */
export async function ensureTestDatabase(env, log = (line) => console.log(line)) {
  const started = [];
  let folder;

  const adminUrl = env.TEST_DATABASE_ADMIN_URL ?? DEFAULT_TEST_DATABASE_ADMIN_URL;
  if (!(await postgresAnswers(adminUrl))) {
    const port = await freePort();
    log(`No PostgreSQL answers at ${redact(adminUrl)}: starting an embedded one on port ${port}.`);
    folder = mkdtempSync(path.join(tmpdir(), 'lr-test-database-'));
    // The embedded PostgreSQL runs as the `postgres` user when we are root: it must reach its folder.
    chmodSync(folder, 0o755);
    const database = await startEmbeddedPostgres({ dataDir: folder, port, log });
    env.TEST_DATABASE_ADMIN_URL = database.adminUrl;
    started.push(database.stop);
  }

  return async () => {
    for (const stop of started.reverse()) await stop().catch(() => undefined);
    if (folder) rmSync(folder, { recursive: true, force: true });
  };
}

function redact(url) {
  return url.replace(/:[^:@/]*@/, ':***@');
}
