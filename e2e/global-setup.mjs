/**
 * Starts the whole product once for the browser journeys: a fresh database on the real PostgreSQL,
 * a fresh NATS namespace on the authorized test nats-server, the services and the gateway as
 * processes (each with its own NATS identity), demo data seeded.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startStack } from '../scripts/stack/stack.mjs';
import { startTestNats } from '../test/support/nats-global-setup.mjs';
import { freePort } from '../scripts/stack/ports.mjs';

export default async function globalSetup() {
  const adminUrl =
    process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `lre2e_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${name}`;

  // The authorized test nats-server (shared with the other projects when run together).
  await startTestNats();
  const port = await freePort();
  const namespace = `e2e${randomBytes(3).toString('hex')}`;
  const stack = await startStack({
    port,
    databaseUrl: databaseUrl.toString(),
    natsUrl: process.env.TEST_NATS_URL,
    natsSeeds: JSON.parse(process.env.LR_TEST_NATS_SEEDS),
    namespace,
    dataDir: `/tmp/lockerroom-e2e/${namespace}`,
    seed: true,
    quiet: true,
    logLevel: 'warn',
    build: false,
    publicUrl: `http://127.0.0.1:${port}`,
    // Every answer the journeys get is held to its declared response schema (a drift is a 500).
    // The most-needed list is asked afresh each time: journeys change demand as they go.
    env: { CHECK_RESPONSE_CONTRACTS: 'true', MOST_NEEDED_CACHE_MS: '0' },
    log: () => undefined,
  });
  globalThis.__LR_STACK__ = { stack, adminUrl, database: name };
  // The journeys (Jest's workers, started after this) read the stack's URL from their environment:
  // each run its own, so two runs on one machine never share a stack.
  process.env.LR_E2E_URL = stack.url;
}
