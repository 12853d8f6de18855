/**
 * Reset-link requests per client address. The per-account limit stops mail bombing one account;
 * this one stops one address from asking for the links of many accounts (or probing which exist).
 */
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { DATABASE, type Database } from '@lr/nest-kit';

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
  ): Promise<{ admitted: boolean; oldest: Date | null }> {
    const result = await this.db.execute<{ oldest: string | null; admitted: boolean }>(sql`
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
      SELECT recent.oldest, EXISTS (SELECT 1 FROM added) AS admitted FROM recent`);
    const row = result.rows[0];
    return {
      admitted: row?.admitted ?? false,
      oldest: row?.oldest ? new Date(row.oldest) : null,
    };
  }
}
