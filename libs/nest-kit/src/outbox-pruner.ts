/**
 * Deletes outbox rows published more than OUTBOX_RETENTION_DAYS ago. Once JetStream has acked an
 * event, the stream holds it (streams keep every event: the read model is rebuilt from them), so the
 * row is only kept a while for looking into what a service published. Without this the outbox grew
 * by every event ever written. Unsent rows are never touched, however old.
 *
 * Runs a minute after start and then hourly, in chunks so no statement holds many row locks for
 * long; several replicas running it at once only share the work.
 */
import type pg from 'pg';
import type { Logger } from './logger.js';
import { PeriodicTask } from './periodic-task.js';

const FIRST_RUN_AFTER_MS = 60_000;
const INTERVAL_MS = 60 * 60_000;

export interface OutboxPrunerOptions {
  pool: pg.Pool;
  schema: string;
  /** Days a published event is kept; 0 keeps them forever. */
  retentionDays: number;
  logger: Logger;
  /** Rows deleted per statement (default 5,000). */
  chunkSize?: number;
}

export class OutboxPruner {
  private task: PeriodicTask | undefined;

  constructor(private readonly options: OutboxPrunerOptions) {}

  start(): void {
    if (this.options.retentionDays <= 0 || this.task) return;
    this.task = new PeriodicTask({
      firstRunAfterMs: FIRST_RUN_AFTER_MS,
      intervalMs: INTERVAL_MS,
      run: () => this.prune(),
      onError: (error) =>
        this.options.logger.warn({ err: (error as Error).message }, 'outbox pruning failed'),
    });
    this.task.start();
  }

  async stop(): Promise<void> {
    await this.task?.stop();
    this.task = undefined;
  }

  /** Deletes what is past retention now; returns the number of rows deleted. */
  async prune(): Promise<number> {
    const { pool, schema, retentionDays, logger } = this.options;
    if (retentionDays <= 0) return 0;
    const chunkSize = this.options.chunkSize ?? 5_000;
    let deleted = 0;
    for (;;) {
      const result = await pool.query(
        `DELETE FROM ${schema}.outbox WHERE id IN (
           SELECT id FROM ${schema}.outbox
           WHERE sent_at < now() - make_interval(days => $1::int)
           LIMIT $2)`,
        [retentionDays, chunkSize],
      );
      deleted += result.rowCount ?? 0;
      if ((result.rowCount ?? 0) < chunkSize) break;
    }
    if (deleted > 0) logger.info({ deleted, retentionDays }, 'published outbox rows pruned');
    return deleted;
  }
}
