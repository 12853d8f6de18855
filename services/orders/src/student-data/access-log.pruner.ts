/**
 * Deletes rows of the access log older than ACCESS_LOG_RETENTION_DAYS. Runs a minute after start and
 * then hourly; several replicas running it at once only share the work (each statement deletes a
 * chunk of whatever is still there). `prune(now)` takes the moment to measure from, so a test moves
 * the clock instead of waiting.
 */
import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { KIT_CONFIG, LOGGER, PeriodicTask, metrics, type Logger } from '@lr/nest-kit';
import type { OrdersConfig } from '../config.js';
import { AccessLogRepository } from './access-log.repository.js';

const FIRST_RUN_AFTER_MS = 60_000;
const INTERVAL_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

@Injectable()
export class AccessLogPruner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly task: PeriodicTask;
  private readonly logger: Logger;

  constructor(
    private readonly log: AccessLogRepository,
    @Inject(KIT_CONFIG) private readonly config: OrdersConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ context: AccessLogPruner.name });
    this.task = new PeriodicTask({
      firstRunAfterMs: FIRST_RUN_AFTER_MS,
      intervalMs: INTERVAL_MS,
      run: () => this.prune(),
      onError: (error) =>
        this.logger.warn({ err: (error as Error).message }, 'access log pruning failed'),
    });
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  /** Deletes what is past retention at `now`; returns the number of rows deleted. */
  async prune(now: Date = new Date()): Promise<number> {
    const retentionDays = this.config.ACCESS_LOG_RETENTION_DAYS;
    const before = new Date(now.getTime() - retentionDays * DAY_MS);
    const deleted = await this.log.deleteOlderThan(before);
    metrics.orders.accessLogPruned.inc(deleted);
    this.logger.info(
      { deleted, retentionDays, before: before.toISOString() },
      'access log pruned past retention',
    );
    return deleted;
  }
}
