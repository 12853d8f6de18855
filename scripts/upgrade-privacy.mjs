#!/usr/bin/env node
/**
 * `npm run upgrade:privacy`: the one-time step of the upgrade to the version whose events hold no
 * personal data. Rewrites the ORDERS stream so that no event written by an earlier version holds a
 * student's or teacher's details (they become empty strings; each order gets its student
 * fingerprint), keeping every event and every durable consumer's position
 * (lib/privacy/orders-stream-rewrite.mjs). Running it again finds nothing to do. Stop the services
 * first; start them afterwards (reporting's migration 005 strips its read model, orders' retention
 * job erases what is already past STUDENT_DATA_RETENTION_DAYS). Works on the embedded stack and on
 * DATABASE_URL / NATS_URL deployments, as `npm run backup`.
 */
import path from 'node:path';
import pg from 'pg';
import { ensureBuilt } from './stack/build.mjs';
import { ROOT } from './stack/paths.mjs';
import { resolveEndpoints } from './lib/backup/endpoints.mjs';
import { createOrderEventUpgrader } from './lib/privacy/order-event-upgrade.mjs';
import { rewriteOrdersStream } from './lib/privacy/orders-stream-rewrite.mjs';

const log = (line) => process.stdout.write(`${line}\n`);
ensureBuilt({ log });
const { connectNats, runMigrations } = await import('../libs/nest-kit/dist/index.js');
const contracts = await import('../libs/contracts/dist/index.js');

const endpoints = await resolveEndpoints(process.env, log);
const pool = new pg.Pool({ connectionString: endpoints.databaseUrl, max: 2 });
let nc;
try {
  // The fingerprint keys live in orders' schema: bring it to this version's migrations first.
  await runMigrations(pool, 'orders', path.join(ROOT, 'services', 'orders', 'migrations'));
  nc = await connectNats(endpoints.natsUrl, 'upgrade', undefined, endpoints.natsAuth);
  const result = await rewriteOrdersStream({
    nc,
    namespace: endpoints.namespace,
    workDir: path.resolve(process.env.DATA_DIR ?? path.join(ROOT, 'data'), 'upgrades'),
    upgrade: createOrderEventUpgrader(pool, contracts),
    log,
  });
  log(
    result.changed === 0
      ? 'The ORDERS stream holds no personal data: nothing to do.'
      : `ORDERS rewritten: ${result.changed} of ${result.messages} events had personal data; ` +
          `${result.consumers} durable consumers kept their positions.`,
  );
} catch (error) {
  process.stderr.write(`Upgrade failed: ${error.message}\n`);
  process.exitCode = 1;
} finally {
  await nc?.drain().catch(() => undefined);
  await pool.end();
  await endpoints.stop();
}
