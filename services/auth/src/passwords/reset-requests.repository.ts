/**
 * Reset-link requests per client address. The per-account limit stops mail bombing one account;
 * this one stops one address from asking for the links of many accounts (or probing which exist).
 */
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { DATABASE, type Database } from '@lr/nest-kit';

export interface RecentRequests {
  count: number;
  oldest: Date | null;
}

@Injectable()
export class ResetRequestsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Forgets this address's requests older than the window, counts the rest, and records this one
   * when fewer than `max` remain, in one round trip. Requests racing each other may each see the
   * count before the others' rows: the limit can be passed by the number in flight at once, which
   * is fine for a throttle.
   */
  async admit(
    ip: string,
    windowMinutes: number,
    max: number,
  ): Promise<RecentRequests & { admitted: boolean }> {
    const result = await this.db.execute<{
      n: number;
      oldest: string | null;
      admitted: boolean;
    }>(sql`
      WITH pruned AS (
        DELETE FROM auth.reset_requests
        WHERE ip = ${ip} AND at <= now() - make_interval(mins => ${windowMinutes})
      ), recent AS (
        SELECT count(*)::int AS n, min(at) AS oldest FROM auth.reset_requests
        WHERE ip = ${ip} AND at > now() - make_interval(mins => ${windowMinutes})
      ), added AS (
        INSERT INTO auth.reset_requests (ip) SELECT ${ip} FROM recent WHERE recent.n < ${max}
        RETURNING id
      )
      SELECT recent.n, recent.oldest, EXISTS (SELECT 1 FROM added) AS admitted FROM recent`);
    const row = result.rows[0];
    return {
      count: row?.n ?? 0,
      oldest: row?.oldest ? new Date(row.oldest) : null,
      admitted: row?.admitted ?? false,
    };
  }
}
