/**
 * Work done after the caller has its answer (reset links: the lookup, the token and the mail), so
 * the answer takes the same time whether or not the account exists and never waits for a slow or
 * silent mail server. A few jobs run at once (one stuck SMTP connection does not hold the rest),
 * but jobs with the same key run one after the other, in order (two links asked for one account
 * must be made and mailed in the order asked, so the newer link is the one that works);
 * the backlog is bounded (the per-address limits keep it short; past the bound a job is dropped
 * and logged rather than growing memory). On shutdown the backlog gets a few seconds to finish.
 * The queue lives in memory: a crash loses the links not yet sent, and the user asks again.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import { LOGGER, type Logger } from '@lr/nest-kit';

const WORKERS = 4;
const MAX_BACKLOG = 1000;
const SHUTDOWN_GRACE_MS = 5000;

@Injectable()
export class AfterReplyQueue implements BeforeApplicationShutdown {
  private readonly logger: Logger;
  private readonly jobs: { name: string; key: string; run: () => Promise<void> }[] = [];
  /** Keys of the jobs running now. */
  private readonly busyKeys = new Set<string>();
  private active = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(@Inject(LOGGER) logger: Logger) {
    this.logger = logger.child({ context: AfterReplyQueue.name });
  }

  push(name: string, key: string, run: () => Promise<void>): void {
    if (this.jobs.length >= MAX_BACKLOG) {
      this.logger.error({ job: name }, 'after-reply backlog full; job dropped');
      return;
    }
    this.jobs.push({ name, key, run });
    if (this.active < WORKERS) void this.work();
  }

  /** Resolves once no job is queued or running. */
  idle(): Promise<void> {
    if (this.active === 0 && this.jobs.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async beforeApplicationShutdown(): Promise<void> {
    const done = await Promise.race([
      this.idle().then(() => true),
      sleep(SHUTDOWN_GRACE_MS, false, { ref: false }),
    ]);
    if (!done) {
      this.logger.warn(
        { queued: this.jobs.length, running: this.active },
        'after-reply jobs left unfinished at shutdown',
      );
    }
  }

  private takeNext(): { name: string; key: string; run: () => Promise<void> } | undefined {
    const index = this.jobs.findIndex((job) => !this.busyKeys.has(job.key));
    return index < 0 ? undefined : this.jobs.splice(index, 1)[0];
  }

  private async work(): Promise<void> {
    this.active += 1;
    try {
      // A worker leaves a job whose key is busy to the worker running that key, which takes it
      // next (the first queued job of a key is always the oldest).
      for (let job = this.takeNext(); job; job = this.takeNext()) {
        this.busyKeys.add(job.key);
        try {
          await job.run();
        } catch (error) {
          this.logger.error(
            { err: (error as Error).message, job: job.name },
            'after-reply job failed',
          );
        } finally {
          this.busyKeys.delete(job.key);
        }
      }
    } finally {
      this.active -= 1;
      if (this.active === 0 && this.jobs.length === 0) {
        const waiters = this.idleWaiters;
        this.idleWaiters = [];
        for (const resolve of waiters) resolve();
      }
    }
  }
}
