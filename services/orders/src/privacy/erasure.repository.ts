/**
 * The only SQL that erases personal data from orders: replaces the personal fields of an order's
 * shipping info with the erased marker (personal-data.ts), records the erasure in
 * `personal_data_erasures` (order id and time only) and drops the recorded replies that still hold
 * the order as it was. Every statement skips what is already erased, so running one twice changes
 * nothing.
 */
import { Inject, Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import { erasedPersonalFields } from '@lr/contracts';
import { DATABASE, type Database, type Executor } from '@lr/nest-kit';

export type ErasureReason = 'retention' | 'request';

interface IdRow extends Record<string, unknown> {
  id: string;
}

export interface UnfingerprintedOrder {
  id: string;
  userId: string;
  receivingPersonName: string;
  createdAt: Date;
}

@Injectable()
export class ErasureRepository {
  constructor(@Inject(DATABASE) readonly db: Database) {}

  /**
   * Erases up to `limit` delivered orders whose delivery is at or before `cutoff`; returns their
   * ids. Rows another replica is erasing at the moment are skipped (SKIP LOCKED), not waited for.
   */
  eraseDelivered(exec: Executor, cutoff: Date, at: Date, limit: number): Promise<string[]> {
    return this.erase(
      exec,
      sql`SELECT id FROM orders.orders
          WHERE status = 'Delivered' AND delivered_at <= ${cutoff.toISOString()}::timestamptz
            AND personal_data_erased_at IS NULL
          ORDER BY delivered_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
      'retention',
      at,
    );
  }

  /**
   * Erases again what the erasure log lists but the orders table still holds: the rows came back
   * with a restore of a backup made before they were erased.
   */
  reapplyLogged(exec: Executor, at: Date, limit: number): Promise<string[]> {
    return this.erase(
      exec,
      sql`SELECT o.id FROM orders.orders o
          JOIN orders.personal_data_erasures e ON e.order_id = o.id
          WHERE o.personal_data_erased_at IS NULL
          LIMIT ${limit} FOR UPDATE OF o SKIP LOCKED`,
      null,
      at,
    );
  }

  /** Erases these orders now (an admin's request); returns the ids that were still held. */
  eraseOrders(exec: Executor, ids: readonly string[], at: Date): Promise<string[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.erase(
      exec,
      sql`SELECT id FROM orders.orders
          WHERE id = ANY(${sql.param([...ids])}::uuid[]) AND personal_data_erased_at IS NULL
          FOR UPDATE`,
      'request',
      at,
    );
  }

  /**
   * One statement: erase the selected orders, log them (`reason` null: already logged) and drop
   * their recorded replies (kept about an hour for resent requests; a resend after this is
   * answered from the erased order instead).
   */
  private async erase(
    exec: Executor,
    select: SQL,
    reason: ErasureReason | null,
    at: Date,
  ): Promise<string[]> {
    const patch = JSON.stringify(erasedPersonalFields());
    const when = at.toISOString();
    const log = reason
      ? sql`INSERT INTO orders.personal_data_erasures (order_id, erased_at, reason)
            SELECT id, ${when}::timestamptz, ${reason} FROM erased
            ON CONFLICT (order_id) DO NOTHING`
      : sql`SELECT 1`;
    const { rows } = await exec.execute<IdRow>(sql`
      WITH due AS (${select}),
      erased AS (
        UPDATE orders.orders o
        SET shipping_info = o.shipping_info || ${patch}::jsonb,
            personal_data_erased_at = ${when}::timestamptz
        FROM due WHERE o.id = due.id
        RETURNING o.id
      ),
      logged AS (${log}),
      forgotten AS (
        DELETE FROM orders.rpc_replies r
        WHERE EXISTS (SELECT 1 FROM erased WHERE strpos(r.reply::text, erased.id::text) > 0)
      )
      SELECT id FROM erased`);
    return rows.map((row) => row.id);
  }

  /**
   * Recorded replies older than `before`. The kit's pruner does the same on the database's clock;
   * this runs on the job's, so replies holding an order as it was (a deleted order's, whose row
   * is gone) never outlive the retention run that follows them.
   */
  async pruneRecordedReplies(exec: Executor, before: Date): Promise<number> {
    const result = await exec.execute(
      sql`DELETE FROM orders.rpc_replies WHERE created_at < ${before.toISOString()}::timestamptz`,
    );
    return result.rowCount ?? 0;
  }

  /** Orders still holding a student but no fingerprint (placed before fingerprints existed). */
  async unfingerprinted(exec: Executor, limit: number): Promise<UnfingerprintedOrder[]> {
    const { rows } = await exec.execute<{
      id: string;
      user_id: string;
      person: string;
      created_at: string;
    }>(
      sql`SELECT id, user_id, shipping_info->>'receivingPersonName' AS person, created_at
          FROM orders.orders
          WHERE student_fingerprint IS NULL AND personal_data_erased_at IS NULL
          LIMIT ${limit}`,
    );
    return rows.map((row) => ({
      id: row.id,
      userId: row.user_id,
      receivingPersonName: row.person ?? '',
      createdAt: new Date(row.created_at),
    }));
  }

  async setFingerprints(
    exec: Executor,
    fingerprints: readonly { id: string; fingerprint: string; schoolYear: number }[],
  ): Promise<void> {
    if (fingerprints.length === 0) return;
    await exec.execute(
      sql`UPDATE orders.orders o
          SET student_fingerprint = f.fingerprint, fingerprint_year = f."schoolYear"
          FROM jsonb_to_recordset(${JSON.stringify(fingerprints)}::jsonb)
            AS f(id uuid, fingerprint text, "schoolYear" integer)
          WHERE o.id = f.id AND o.student_fingerprint IS NULL`,
    );
  }

  /**
   * Deletes the fingerprint keys of the school years up to `schoolYearsUpTo`, except a key that an
   * order placed at or after `inUseSince` carries (the school year's start moved: see
   * docs/adr/0241-school-year-start-and-fingerprint-keys.md); returns the years deleted.
   */
  async destroyKeys(exec: Executor, schoolYearsUpTo: number, inUseSince: Date): Promise<number[]> {
    const { rows } = await exec.execute<{ school_year: number }>(
      sql`DELETE FROM orders.student_fingerprint_keys k WHERE k.school_year <= ${schoolYearsUpTo}
            AND NOT EXISTS (SELECT 1 FROM orders.orders o
                            WHERE o.fingerprint_year = k.school_year
                              AND o.created_at >= ${inUseSince.toISOString()}::timestamptz)
          RETURNING k.school_year`,
    );
    return rows.map((row) => row.school_year);
  }
}
