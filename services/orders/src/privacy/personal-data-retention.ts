/**
 * The retention job: STUDENT_DATA_RETENTION_DAYS after an order is Delivered, erases its students'
 * and teachers' details; re-applies logged erasures a restore brought back; gives orders placed
 * before fingerprints existed their fingerprint; destroys the fingerprint key of every school year
 * that ended more than the retention period ago; and prunes the mail kept in the mbox file to the
 * same period; drops recorded replies past their hour by its own clock. A deleted order is gone
 * from orders at once (its events never held personal data).
 *
 * Runs shortly after start and then hourly, in batches; every step skips what is done, so replicas
 * running it at once only share the work. `run(now)` takes the clock as an argument, so a test
 * moves time instead of waiting for it.
 */
import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { schoolYearOf, schoolYearStartOf } from '@lr/contracts';
import {
  KIT_CONFIG,
  LOGGER,
  Mailer,
  PeriodicTask,
  RECORDED_REPLY_RETENTION_MS,
  metrics,
  pruneMailbox,
  type Logger,
} from '@lr/nest-kit';
import type { OrdersConfig } from '../config.js';
import { RecentOrders } from '../orders/recent-orders.js';
import { SettingsService } from '../settings/settings.service.js';
import { ErasureRepository } from './erasure.repository.js';
import { StudentFingerprints } from './student-fingerprints.js';

export const CLOCK = Symbol('CLOCK');
export type Clock = () => Date;

const FIRST_RUN_AFTER_MS = 10_000;
const INTERVAL_MS = 60 * 60_000;
const BATCH_SIZE = 500;
const DAY_MS = 24 * 60 * 60_000;

export interface RetentionRun {
  erased: number;
  reapplied: number;
  fingerprinted: number;
  keysDestroyed: number[];
  mailsPruned: number;
  repliesPruned: number;
}

@Injectable()
export class PersonalDataRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly task: PeriodicTask;
  private readonly logger: Logger;

  constructor(
    private readonly erasures: ErasureRepository,
    private readonly fingerprints: StudentFingerprints,
    private readonly mailer: Mailer,
    private readonly settings: SettingsService,
    private readonly recent: RecentOrders,
    @Inject(KIT_CONFIG) private readonly config: OrdersConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ context: PersonalDataRetention.name });
    this.task = new PeriodicTask({
      firstRunAfterMs: FIRST_RUN_AFTER_MS,
      intervalMs: INTERVAL_MS,
      run: () => this.run(),
      // A failed run has logged and counted itself (see run()).
      onError: () => undefined,
    });
  }

  onApplicationBootstrap(): void {
    if (this.config.STUDENT_DATA_RETENTION_ENABLED) this.task.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  /** One run of every step, as of `now`. */
  async run(now: Date = this.clock()): Promise<RetentionRun> {
    const retentionDays = this.config.STUDENT_DATA_RETENTION_DAYS;
    const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
    try {
      const result: RetentionRun = {
        reapplied: await this.inBatches(() =>
          this.erasures.reapplyLogged(this.erasures.db, now, BATCH_SIZE),
        ),
        erased: await this.inBatches(() =>
          this.erasures.eraseDelivered(this.erasures.db, cutoff, now, BATCH_SIZE),
        ),
        fingerprinted: await this.backfillFingerprints(),
        keysDestroyed: await this.destroyExpiredKeys(cutoff, now),
        mailsPruned: await pruneMailbox(this.mailer.mailboxFile, cutoff),
        repliesPruned: await this.erasures.pruneRecordedReplies(
          this.erasures.db,
          new Date(now.getTime() - RECORDED_REPLY_RETENTION_MS),
        ),
      };
      metrics.orders.personalDataErased.inc(
        { reason: 'retention' },
        result.erased + result.reapplied,
      );
      metrics.orders.retentionRuns.inc({ outcome: 'ok' });
      this.logger.info({ ...result, retentionDays }, 'personal data retention ran');
      return result;
    } catch (error) {
      metrics.orders.retentionRuns.inc({ outcome: 'failed' });
      this.logger.warn({ err: (error as Error).message }, 'personal data retention failed');
      throw error;
    }
  }

  /** Runs an erasing `step` until it erases less than a batch; resolves with how many it erased. */
  private async inBatches(step: () => Promise<string[]>): Promise<number> {
    let total = 0;
    for (;;) {
      const erased = await step();
      // Nor are they kept in this process's memory (recent-orders.ts).
      for (const id of erased) this.recent.forget(id);
      total += erased.length;
      if (erased.length < BATCH_SIZE) return total;
    }
  }

  private async backfillFingerprints(): Promise<number> {
    let total = 0;
    for (;;) {
      const orders = await this.erasures.unfingerprinted(this.erasures.db, BATCH_SIZE);
      const fingerprints = await Promise.all(
        orders.map(async (order) => ({
          id: order.id,
          ...(await this.fingerprints.stamp(
            order.userId,
            order.receivingPersonName,
            order.createdAt,
          )),
        })),
      );
      await this.erasures.setFingerprints(this.erasures.db, fingerprints);
      total += orders.length;
      if (orders.length < BATCH_SIZE) return total;
    }
  }

  /**
   * The key of a school year goes once the year ended more than the retention period ago: every
   * order of it is past retention by then (or still undelivered, whose fingerprint is already in
   * its row and events). A key that orders of the current school year still carry stays until
   * they are out of it (the start moved earlier; docs/adr/0241-school-year-start-and-fingerprint-keys.md):
   * the per-student limit counts them.
   */
  private async destroyExpiredKeys(cutoff: Date, now: Date): Promise<number[]> {
    const start = await this.settings.schoolYearStart();
    // The year before the cutoff's school year ended at the school year start at or before it.
    const lastExpired = schoolYearOf(cutoff, start) - 1;
    const currentYearStart = schoolYearStartOf(schoolYearOf(now, start), start);
    const inUseSince = new Date(Math.min(currentYearStart.getTime(), cutoff.getTime()));
    const destroyed = await this.erasures.destroyKeys(this.erasures.db, lastExpired, inUseSince);
    this.fingerprints.forget(destroyed);
    return destroyed;
  }
}
