/**
 * Reset-link requests and reset-token uses per client address. The per-account limit stops mail
 * bombing one account; the 'link' limit stops one address from asking for the links of many
 * accounts (or probing which exist); the 'use' limit stops one address from trying tokens.
 */
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { DATABASE, type Database } from '@lr/nest-kit';

export type ResetRequestKind = 'link' | 'use';

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
    kind: ResetRequestKind,
    ip: string,
    windowMinutes: number,
    max: number,
  ): Promise<{ admitted: boolean; oldest: Date | null }> {
    const result = await this.db.execute<{ oldest: string | null; admitted: boolean }>(sql`
      WITH pruned AS (
        DELETE FROM auth.reset_requests
        WHERE kind = ${kind} AND ip = ${ip} AND at <= now() - make_interval(mins => ${windowMinutes})
      ), recent AS (
        SELECT count(*)::int AS n, min(at) AS oldest FROM auth.reset_requests
        WHERE kind = ${kind} AND ip = ${ip} AND at > now() - make_interval(mins => ${windowMinutes})
      ), added AS (
        INSERT INTO auth.reset_requests (kind, ip) SELECT ${kind}, ${ip} FROM recent WHERE recent.n < ${max}
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
