/** SQL of the daily summary: claiming a day (one sender across replicas) and counting new orders. */
import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { DATABASE, type Database } from '@lr/nest-kit';
import { dailySummaries } from '../db/schema.js';
import { OrderListsRepository } from '../orders/order-lists.repository.js';

@Injectable()
export class DailySummaryRepository {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly orders: OrderListsRepository,
  ) {}

  /** True for exactly one caller per day, whichever replica asks first. */
  async claim(day: string): Promise<boolean> {
    const rows = await this.db
      .insert(dailySummaries)
      .values({ day })
      .onConflictDoNothing()
      .returning({ day: dailySummaries.day });
    return rows.length > 0;
  }

  async release(day: string): Promise<void> {
    await this.db.delete(dailySummaries).where(eq(dailySummaries.day, day));
  }

  async recordCount(day: string, ordersCount: number): Promise<void> {
    await this.db.update(dailySummaries).set({ ordersCount }).where(eq(dailySummaries.day, day));
  }

  countCreatedBetween(from: Date, to: Date): Promise<number> {
    return this.orders.countCreatedBetween(this.db, from, to);
  }
}
