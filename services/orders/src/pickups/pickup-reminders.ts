/**
 * The day-before reminder: every few minutes each replica claims the orders whose pickup (or
 * delivery) is tomorrow in the charity's time zone and whose reminder for that date has not gone,
 * and mails their schools. The claim is one UPDATE that skips rows another replica holds, and is
 * recorded in the order row (`pickup_reminded_for`), so a reminder goes once per order and date
 * across replicas and restarts; a new time on another date makes it due again.
 */
import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { KIT_CONFIG, LOGGER, PeriodicTask, type Logger } from '@lr/nest-kit';
import type { OrdersConfig } from '../config.js';
import type { OrderRow } from '../db/schema.js';
import { OrderMailer } from '../notifications/order-mailer.js';
import { toOrderSnapshot } from '../orders/order.mapper.js';
import { OrderReadsRepository } from '../orders/order-reads.repository.js';
import { addDays, dayIn } from './charity-time.js';
import { pickupSentence } from './pickup-text.js';

const CHECK_EVERY_MS = 5 * 60_000;
/** Reminders claimed per statement; a run repeats until none is left. */
const BATCH = 100;

@Injectable()
export class PickupReminders implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger: Logger;
  private readonly task: PeriodicTask;

  constructor(
    private readonly reads: OrderReadsRepository,
    private readonly mailer: OrderMailer,
    @Inject(KIT_CONFIG) private readonly config: OrdersConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ context: PickupReminders.name });
    this.task = new PeriodicTask({
      firstRunAfterMs: 30_000,
      intervalMs: CHECK_EVERY_MS,
      run: () => this.sendDue(),
      onError: (error) =>
        this.logger.warn({ err: (error as Error).message }, 'pickup reminders: run failed'),
    });
  }

  onApplicationBootstrap(): void {
    if (this.config.PICKUP_REMINDERS_ENABLED) this.task.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.task.stop();
  }

  /** Sends every reminder due at `now`; returns how many orders it claimed. */
  async sendDue(now: Date = new Date()): Promise<number> {
    const tomorrow = addDays(dayIn(this.config.CHARITY_TIME_ZONE, now), 1);
    let sent = 0;
    for (;;) {
      const { rows } = await this.reads.db.execute<{ id: string }>(sql`
        UPDATE orders.orders SET pickup_reminded_for = (pickup ->> 'date')::date
        WHERE id IN (
          SELECT id FROM orders.orders
          WHERE status = 'Ready for Pickup' AND pickup IS NOT NULL
            AND pickup ->> 'date' = ${tomorrow}
            AND pickup_reminded_for IS DISTINCT FROM (pickup ->> 'date')::date
          LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING id`);
      if (rows.length === 0) return sent;
      const ids = rows.map((r) => r.id);
      const found = await Promise.all(ids.map((id) => this.reads.findWithLines(this.reads.db, id)));
      for (const entry of found) if (entry) this.remind(entry.order, entry.lines);
      sent += rows.length;
      this.logger.info({ count: rows.length, day: tomorrow }, 'pickup reminders claimed');
    }
  }

  private remind(row: OrderRow, lines: Parameters<typeof toOrderSnapshot>[1]): void {
    const order = toOrderSnapshot(row, lines);
    if (!order.pickup) return;
    const when = order.pickup.kind === 'delivery' ? 'delivered' : 'ready for pickup';
    this.mailer.sendQuietly(order, {
      subject: `Reminder: your request ${order.orderNumber} is ${when} tomorrow`,
      text: [
        `Hello ${order.userName},`,
        '',
        `A reminder for request ${order.orderNumber}.`,
        pickupSentence(order.pickup),
      ].join('\n'),
    });
  }
}
