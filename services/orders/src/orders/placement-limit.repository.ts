/**
 * The only SQL of the hourly limit on placing orders: one counter a school for the current clock
 * hour, raised atomically, so replicas placing orders at once never let a school past the limit.
 */
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { DATABASE, executeNamed, type Database } from '@lr/nest-kit';

export type PlacementSlot = { granted: true } | { granted: false; retryAfterSeconds: number };

@Injectable()
export class PlacementLimitRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Counts one order for `userId` in this hour unless `limit` were already placed in it. The row
   * lock of the upsert orders concurrent calls; a new hour starts the count again.
   */
  async take(userId: string, limit: number): Promise<PlacementSlot> {
    const result = await executeNamed<{ placed: number | null; retry_after: number }>(
      this.db,
      'take_placement_slot',
      sql`
      WITH taken AS (
        INSERT INTO orders.placement_windows AS w (user_id, window_start, placed)
        VALUES (${userId}::uuid, date_trunc('hour', now()), 1)
        ON CONFLICT (user_id) DO UPDATE SET
          window_start = EXCLUDED.window_start,
          placed = CASE WHEN w.window_start = EXCLUDED.window_start THEN w.placed + 1 ELSE 1 END
        WHERE w.window_start <> EXCLUDED.window_start OR w.placed < ${limit}
        RETURNING placed
      )
      SELECT (SELECT placed FROM taken) AS placed,
        ceil(extract(epoch FROM date_trunc('hour', now()) + interval '1 hour' - now()))::int
          AS retry_after`,
    );
    const row = result.rows[0];
    if (row?.placed) return { granted: true };
    return { granted: false, retryAfterSeconds: Math.max(1, row?.retry_after ?? 3600) };
  }

  /** Returns one order of this hour's count for `userId` (none when the hour has turned since). */
  async giveBack(userId: string): Promise<void> {
    await executeNamed(
      this.db,
      'give_back_placement_slot',
      sql`
      UPDATE orders.placement_windows SET placed = placed - 1
      WHERE user_id = ${userId}::uuid AND window_start = date_trunc('hour', now()) AND placed > 0`,
    );
  }
}
