/**
 * `npm run report:rebuild`: rebuilds the report's read model from the ORDERS and CATALOG streams without starting
 * the service (same code as the console button). Safe while the service runs: the live consumer
 * waits for the rebuild's transaction and then continues.
 */
import {
  createDatabase,
  createLogger,
  createPool,
  connectNats,
  natsAuth,
  loadConfigOrExit,
  runMigrations,
} from '@lr/nest-kit';
import { MIGRATIONS_DIR } from '../reporting-app.module.js';
import { reportingConfigSchema } from '../config.js';
import { createReadModelRebuilder } from './read-model-rebuilder.js';

const config = loadConfigOrExit(reportingConfigSchema);
const logger = createLogger({
  service: 'reporting-rebuild',
  level: config.LOG_LEVEL,
  pretty: config.NODE_ENV === 'development',
});
const pool = createPool(config.DATABASE_URL, 2);
const nc = await connectNats(
  config.NATS_URL,
  'reporting-rebuild',
  logger,
  natsAuth(config, 'reporting'),
);
try {
  await runMigrations(pool, 'reporting', MIGRATIONS_DIR, logger);
  const rebuilder = createReadModelRebuilder(createDatabase(pool), nc, config, logger);
  const result = await rebuilder.rebuild();
  process.stdout.write(
    `Report rebuilt: ${result.eventsApplied} events replayed, ${result.ordersApplied} orders, ${result.durationMs} ms\n`,
  );
} catch (error) {
  process.stderr.write(`Rebuild failed: ${(error as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await nc.drain().catch(() => undefined);
  await pool.end();
}
