/** A stack for benchmarks: fresh database on the local PostgreSQL, its own NATS namespace, demo data. */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { DEFAULT_DEMO_CODE } from '@lr/contracts';
import { freePort, freePortRun } from '@lr/testing';
import { startStack } from '../../scripts/stack/stack.mjs';

export const ADMIN_URL =
  process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Each process's metrics port: auth, catalog, orders, reporting, gateway (startStack's order). */
export const METRICS_PROCESSES = ['auth', 'catalog', 'orders', 'reporting', 'gateway'];

/** `env`: extra environment for every process of the stack (e.g. tracing settings). */
export async function startBenchStack({ env = {} } = {}) {
  const name = `lrbench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${name}`;
  const port = await freePort();
  const namespace = `bench${randomBytes(3).toString('hex')}`;
  const dataDir = `/tmp/lockerroom-bench/${namespace}`;
  const metricsPortBase = await freePortRun(METRICS_PROCESSES.length);
  const stack = await startStack({
    metricsPortBase,
    port,
    // Its own authorized nats-server on a free port: stacks run side by side.
    natsPort: await freePort(),
    databaseUrl: databaseUrl.toString(),
    namespace,
    dataDir,
    seed: true,
    quiet: true,
    logLevel: 'warn',
    nodeEnv: 'production',
    // The scenarios place thousands of orders from one school: no hourly limit here.
    env: { JWT_SECRET: randomBytes(32).toString('hex'), ORDERS_PER_SCHOOL_PER_HOUR: '0', ...env },
    publicUrl: `http://127.0.0.1:${port}`,
    log: () => undefined,
  });
  return {
    ...stack,
    url: stack.url,
    databaseUrl: stack.databaseUrl,
    natsUrl: stack.natsUrl,
    /** The NATS operator identity's seed: the bench's own clients (the prototype) use it. */
    natsAdminSeed: stack.natsSeeds.admin,
    namespace,
    /** Prometheus text of one process (see METRICS_PROCESSES). */
    async scrapeMetrics(process) {
      const port = metricsPortBase + METRICS_PROCESSES.indexOf(process);
      const response = await fetch(`http://127.0.0.1:${port}/metrics`);
      if (!response.ok) throw new Error(`metrics of ${process}: ${response.status}`);
      return response.text();
    },
    pool: new pg.Pool({ connectionString: stack.databaseUrl, max: 8 }).on('error', () => undefined),
    async dispose() {
      await this.pool.end();
      await stack.stop();
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      // Its mail, media and NATS store: tens of megabytes a run, which would pile up in /tmp.
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Logs in through the API and returns the session cookie header. */
export async function login(url, loginId, code = process.env.DEMO_CODE ?? DEFAULT_DEMO_CODE) {
  const response = await fetch(`${url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: loginId, password: code }),
  });
  if (!response.ok)
    throw new Error(`login ${loginId}: ${response.status} ${await response.text()}`);
  const cookie = response.headers.get('set-cookie') ?? '';
  return cookie.split(';')[0];
}
