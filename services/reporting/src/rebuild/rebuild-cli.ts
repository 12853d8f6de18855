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
import { OrderEventApplier } from '../read-model/order-event-applier.js';
import { ReadModelRepository } from '../read-model/read-model.repository.js';
import { RollupsRepository } from '../read-model/rollups.repository.js';
import { StockIntakeApplier } from '../read-model/stock-intake.applier.js';
import { StockIntakeRepository } from '../read-model/stock-intake.repository.js';
import { ReadModelRebuilder } from './read-model-rebuilder.js';

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
  const db = createDatabase(pool);
  const repository = new ReadModelRepository(db);
  const rollups = new RollupsRepository(config);
  const intakeRepository = new StockIntakeRepository(db);
  const rebuilder = new ReadModelRebuilder(
    db,
    nc,
    config.NATS_NAMESPACE,
    repository,
    rollups,
    new OrderEventApplier(repository, rollups),
    logger,
    { repository: intakeRepository, applier: new StockIntakeApplier(intakeRepository, config) },
  );
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
