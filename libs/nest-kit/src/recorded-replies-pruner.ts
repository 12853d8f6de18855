/**
 * Deletes recorded replies (recorded-replies.ts) once no resend can come for them any more. Runs
 * every few minutes in chunks, so the table holds about an hour of writes; several replicas
 * running it at once only share the work.
 */
import type pg from 'pg';
import type { Logger } from './logger.js';
import { RECORDED_REPLY_RETENTION_MS } from './recorded-replies.js';

const INTERVAL_MS = 5 * 60_000;
const CHUNK_SIZE = 5_000;

export interface RecordedRepliesPrunerOptions {
  pool: pg.Pool;
  schema: string;
  logger: Logger;
  /** How old a record must be to go (default RECORDED_REPLY_RETENTION_MS). */
  retentionMs?: number;
}

export class RecordedRepliesPruner {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(private readonly options: RecordedRepliesPrunerOptions) {}

  start(): void {
    if (this.timer) return;
    const schedule = () => {
      this.timer = setTimeout(() => {
        this.running = this.prune().catch((error: unknown) => {
          this.options.logger.warn(
            { err: (error as Error).message },
            'pruning recorded replies failed',
          );
          return 0;
        });
        void this.running.finally(() => {
          this.running = undefined;
          if (this.timer) schedule();
        });
      }, INTERVAL_MS);
      this.timer.unref();
    };
    schedule();
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Deletes the records past retention now; returns how many. */
  async prune(): Promise<number> {
    const { pool, schema } = this.options;
    const retentionMs = this.options.retentionMs ?? RECORDED_REPLY_RETENTION_MS;
    let deleted = 0;
    for (;;) {
      const result = await pool.query(
        `DELETE FROM ${schema}.rpc_replies WHERE request_id IN (
           SELECT request_id FROM ${schema}.rpc_replies
           WHERE created_at < now() - make_interval(secs => $1::double precision / 1000)
           LIMIT $2)`,
        [retentionMs, CHUNK_SIZE],
      );
      deleted += result.rowCount ?? 0;
      if ((result.rowCount ?? 0) < CHUNK_SIZE) break;
    }
    return deleted;
  }
}
