/**
 * Once a day, from DAILY_SUMMARY_HOUR in the charity's time zone, the charity's address (CHARITY_EMAIL) gets the count of orders
 * placed in the last 24 hours. A timer in each replica checks every minute; the claimed day in
 * `orders.daily_summaries` makes sure only one of them sends.
 */
import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { KIT_CONFIG, LOGGER, Mailer, type Logger } from '@lr/nest-kit';
import type { OrdersConfig } from '../config.js';
import { dayIn, hourIn } from '../pickups/charity-time.js';
import { DailySummaryRepository } from './daily-summary.repository.js';

const CHECK_EVERY_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

@Injectable()
export class DailySummaryService implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private readonly logger: Logger;

  constructor(
    private readonly repository: DailySummaryRepository,
    private readonly mailer: Mailer,
    @Inject(KIT_CONFIG) private readonly config: OrdersConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ context: DailySummaryService.name });
  }

  onApplicationBootstrap(): void {
    if (!this.config.DAILY_SUMMARY_ENABLED) return;
    this.timer = setInterval(() => void this.sendIfDue().catch(() => undefined), CHECK_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Sends today's summary if the hour has come and nobody sent it yet; true when this call sent it. */
  async sendIfDue(now: Date = new Date()): Promise<boolean> {
    // The charity's hour and day, not the server's: a container's clock is usually UTC.
    const zone = this.config.CHARITY_TIME_ZONE;
    if (hourIn(zone, now) < this.config.DAILY_SUMMARY_HOUR) return false;
    const day = dayIn(zone, now);
    try {
      if (!(await this.repository.claim(day))) return false;
    } catch (error) {
      this.logger.warn({ err: (error as Error).message }, 'daily summary: could not claim the day');
      return false;
    }
    try {
      const count = await this.repository.countCreatedBetween(
        new Date(now.getTime() - DAY_MS),
        now,
      );
      await this.mailer.send({
        to: this.config.CHARITY_EMAIL,
        subject: `Locker Room: ${count} new ${count === 1 ? 'order' : 'orders'} on ${day}`,
        text: `${count} new ${count === 1 ? 'order was' : 'orders were'} placed in the 24 hours up to ${now.toISOString()}.\n\nOpen the console to process them.`,
      });
      await this.repository.recordCount(day, count);
      this.logger.info({ day, count }, 'daily summary sent');
      return true;
    } catch (error) {
      // Give the day back so the next check (or another replica) tries again.
      this.logger.warn(
        { err: (error as Error).message, day },
        'daily summary could not be sent; will retry',
      );
      await this.repository.release(day).catch(() => undefined);
      return false;
    }
  }
}
