/**
 * Work done after the caller has its answer (reset links: the lookup, the token and the mail), so
 * the answer takes the same time whether or not the account exists and never waits for a slow or
 * silent mail server. A few jobs run at once (one stuck SMTP connection does not hold the rest);
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
  private readonly jobs: { name: string; run: () => Promise<void> }[] = [];
  private active = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(@Inject(LOGGER) logger: Logger) {
    this.logger = logger.child({ context: AfterReplyQueue.name });
  }

  push(name: string, run: () => Promise<void>): void {
    if (this.jobs.length >= MAX_BACKLOG) {
      this.logger.error({ job: name }, 'after-reply backlog full; job dropped');
      return;
    }
    this.jobs.push({ name, run });
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

  private async work(): Promise<void> {
    this.active += 1;
    try {
      for (let job = this.jobs.shift(); job; job = this.jobs.shift()) {
        try {
          await job.run();
        } catch (error) {
          this.logger.error(
            { err: (error as Error).message, job: job.name },
            'after-reply job failed',
          );
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
