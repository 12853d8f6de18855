/**
 * A bench stack whose processes can be measured one by one: the four services and the gateway of
 * the tree at `root` (this repository, or a baseline commit's worktree), a nats-server of its own
 * with monitoring on, and a fresh database on the shared PostgreSQL whose backends are found by
 * that database's name. The bench's own connections carry the application name `lr-bench`, so
 * they are neither counted as the stack's PostgreSQL CPU nor mistaken for its backends.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { ROOT, SERVICES, serviceEntry } from '../../scripts/stack/paths.mjs';
import { startMonitoredNats } from './monitored-nats.mjs';
import { freePort } from '@lr/testing';
import { ADMIN_URL, METRICS_PROCESSES } from './stack.mjs';

export const BENCH_APPLICATION = 'lr-bench';

/** The services with PostgreSQL connections, as their application names end. */
export const POSTGRES_SERVICES = ['auth', 'catalog', 'orders', 'reporting'];

/** Counts the transactions the bench itself runs in the stack's database (one per query). */
function countingPool(connectionString) {
  const pool = new pg.Pool({ connectionString, max: 4, application_name: BENCH_APPLICATION });
  pool.on('error', () => undefined);
  let queries = 0;
  return {
    query: (...args) => {
      queries += 1;
      return pool.query(...args);
    },
    queriesSoFar: () => queries,
    end: () => pool.end(),
  };
}

/** Builds the server of this tree when it is not built (a baseline tree is built when made). */
function serverBuilt(root) {
  const entries = [...SERVICES, 'gateway'].map((name) => serviceEntry(name));
  if (root !== ROOT || entries.every((entry) => existsSync(entry))) return;
  const build = spawnSync('npm', ['run', 'build:server'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build:server failed');
}

/**
 * Whether PostgreSQL counts statements (pg_stat_statements loaded through
 * `shared_preload_libraries`, which needs a server restart): then the extension is created in the
 * stack's database and its statements are counted; otherwise only transactions are.
 */
async function countStatements(admin, databaseUrl) {
  const { rows } = await admin.query(`SELECT current_setting('shared_preload_libraries') AS libs`);
  if (
    !String(rows[0].libs)
      .split(',')
      .some((lib) => lib.trim() === 'pg_stat_statements')
  )
    return false;
  const client = new pg.Client({
    connectionString: databaseUrl.toString(),
    application_name: BENCH_APPLICATION,
  });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  } finally {
    await client.end();
  }
  return true;
}

/** Counts each process's PostgreSQL queries (query-count-preload.mjs), in the tree at any commit. */
const QUERY_COUNT_PRELOAD = fileURLToPath(new URL('./query-count-preload.mjs', import.meta.url));

/**
 * The PostgreSQL queries the stack's processes have sent so far (query-count-preload.mjs asked
 * over each one's IPC channel) and which processes counted them (their pids: a restarted process
 * counts from zero again), or undefined when one does not answer within a second.
 */
async function queriesSent(supervisor) {
  const counts = await Promise.all(
    POSTGRES_SERVICES.map(
      (service) =>
        new Promise((resolve) => {
          const child = supervisor.procs?.get(service)?.child;
          if (!child?.connected) return resolve(undefined);
          const timer = setTimeout(() => {
            child.off('message', onMessage);
            resolve(undefined);
          }, 1000);
          function onMessage(message) {
            if (message?.lr !== 'query-count') return;
            clearTimeout(timer);
            child.off('message', onMessage);
            resolve(message.sent);
          }
          child.on('message', onMessage);
          child.send({ lr: 'query-count' });
        }),
    ),
  );
  if (!counts.every((count) => typeof count === 'number')) return undefined;
  return {
    total: counts.reduce((sum, count) => sum + count, 0),
    processes: POSTGRES_SERVICES.map((service) => supervisor.procs.get(service).child.pid).join(),
  };
}

/**
 * Statements run so far in the database `probe` is connected to (pg_stat_statements' calls of
 * statements sent to the server, BEGIN and COMMIT included; a function's inner statements are
 * not). Read there: the view exists only in databases that created the extension.
 */
async function statementsRun(probe) {
  const { rows } = await probe.query(
    `SELECT coalesce(sum(calls), 0) AS calls FROM pg_stat_statements
      WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  );
  return Number(rows[0].calls);
}

export async function startMeasuredStack({ root, label }) {
  serverBuilt(root);
  const name = `lrcpu_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL, application_name: BENCH_APPLICATION });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${name}`;
  const namespace = `cpu${randomBytes(3).toString('hex')}`;
  const dataDir = `/tmp/lockerroom-bench/${namespace}`;
  const cleanups = [
    // The NATS store and keys of a stack that is gone are of no use to the next run.
    async () => rmSync(dataDir, { recursive: true, force: true }),
    async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  ];
  const dispose = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const nats = await startMonitoredNats({ root, dataDir, namespace });
    cleanups.push(() => nats.stop());
    const { startStack } = await import(
      pathToFileURL(path.join(root, 'scripts/stack/stack.mjs')).href
    );
    const port = await freePort();
    const stack = await startStack({
      port,
      databaseUrl: databaseUrl.toString(),
      natsUrl: nats.url,
      natsSeeds: nats.seeds,
      namespace,
      dataDir,
      seed: true,
      quiet: true,
      // Built beforehand (serverBuilt): the web apps these stacks never serve are not built.
      build: false,
      logLevel: 'warn',
      nodeEnv: 'production',
      // The scenario places many orders from one school: no hourly limit (an older baseline ignores it).
      env: {
        JWT_SECRET: randomBytes(32).toString('hex'),
        ORDERS_PER_SCHOOL_PER_HOUR: '0',
        // Kept from the bench's own (the profile's preload) with the query count added.
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${QUERY_COUNT_PRELOAD}`.trim(),
      },
      publicUrl: `http://127.0.0.1:${port}`,
      log: () => undefined,
    });
    cleanups.push(() => stack.stop());
    const probe = countingPool(databaseUrl.toString());
    cleanups.push(() => probe.end());
    const statementsCounted = await countStatements(admin, databaseUrl);
    return {
      label,
      url: stack.url,
      databaseUrl: databaseUrl.toString(),
      natsAdminSeed: nats.seeds.admin,
      probe,
      nats,
      /** Pids of each measured group now: the node processes, nats-server, PostgreSQL backends. */
      async pids() {
        const { rows } = await admin.query(
          `SELECT pid, application_name FROM pg_stat_activity
            WHERE datname = $1 AND coalesce(application_name, '') <> $2`,
          [name, BENCH_APPLICATION],
        );
        return {
          ...Object.fromEntries(METRICS_PROCESSES.map((p) => [p, [stack.supervisor.pid(p)]])),
          postgres: rows.map((row) => row.pid),
          nats: [nats.pid],
          // The same backends by the service that opened them (each names itself in
          // application_name): which service's statements a change of PostgreSQL's CPU is in.
          ...Object.fromEntries(
            POSTGRES_SERVICES.map((service) => [
              `postgres:${service}`,
              rows
                .filter((row) => (row.application_name ?? '').endsWith(`-${service}`))
                .map((row) => row.pid),
            ]),
          ),
        };
      },
      /**
       * The database's counters: transactions (minus the bench's own queries) and rows written,
       * and the queries the services sent (counted in each process, so at once). PostgreSQL
       * publishes a backend's counts when it goes idle, at most every second, and an idle
       * backend's last counts up to 10 s late (STATS_SETTLE_MS).
       */
      async databaseCounters() {
        const { rows } = await admin.query(
          `SELECT xact_commit + xact_rollback AS transactions,
                  tup_inserted + tup_updated + tup_deleted AS written
             FROM pg_stat_database WHERE datname = $1`,
          [name],
        );
        return {
          transactions: Number(rows[0].transactions) - probe.queriesSoFar(),
          written: Number(rows[0].written),
          statements: statementsCounted
            ? (await statementsRun(probe)) - probe.queriesSoFar()
            : undefined,
          queries: await queriesSent(stack.supervisor),
        };
      },
      dispose,
    };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** How long PostgreSQL may take to publish a backend's statistics (its idle flush interval). */
export const STATS_SETTLE_MS = 11_000;
