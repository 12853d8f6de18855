/**
 * The only SQL of the access log of student details: adding a read (one row per access id, later
 * pages and resends of the same request merge into it), listing it for the console and deleting
 * rows past retention. It also reads when a school confirmed it may share an order's details.
 */
import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq, gte, ilike, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { DATABASE, executeNamed, isUuid, likeContaining, type Database } from '@lr/nest-kit';
import type { AccessLogFilter, Role, StudentDataAction, AccessLogEntry } from '@lr/contracts';
import { orders } from '../db/schema.js';
import { studentDataAccess, type StudentDataAccessRow } from '../db/student-data-access.schema.js';

/** One read to add to the log. */
export interface AccessRecord {
  accessId: string;
  actor: { id: string; loginId: string; role: Role };
  action: StudentDataAction;
  orders: { id: string; orderNumber: string; userId: string; userName: string }[];
  scope: string | null;
  clientAddress: string | null;
}

const ORDER_NUMBER = /^(?:LR-?)?0*(\d{1,15})$/i;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A PostgreSQL array of `values`, sent as one JSON parameter (drizzle spreads a JS array). */
function arrayOf(values: string[], type: 'uuid' | 'text'): SQL {
  return sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))::${sql.raw(
    type,
  )}[]`;
}

export function toAccessLogEntry(row: StudentDataAccessRow): AccessLogEntry {
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorLoginId: row.actorLoginId,
    actorRole: row.actorRole,
    action: row.action,
    orderIds: row.orderIds,
    orderNumbers: row.orderNumbers,
    schoolIds: row.schoolIds,
    schoolNames: row.schoolNames,
    scope: row.scope,
    clientAddress: row.clientAddress,
  };
}

@Injectable()
export class AccessLogRepository {
  constructor(@Inject(DATABASE) readonly db: Database) {}

  /** Adds a read; a later page or resend of the same access id adds its orders to that row. */
  async record(entry: AccessRecord): Promise<void> {
    // Named (planned once per connection): every order shown to staff adds a row.
    await executeNamed(this.db, 'orders.record-access', this.insertSql(entry));
  }

  /**
   * The insert of `record`, for a data-modifying CTE of a larger statement: with `onlyWith` (a CTE
   * of that statement) the read is added only when it returned a row, so it is logged with the
   * change that showed it, and without one when `entry` is null. The text depends on `onlyWith`
   * only, so the statement can be a named one.
   */
  insertSql(entry: AccessRecord | null, onlyWith?: SQL): SQL {
    const distinct = <T>(values: T[] = []) => [...new Set(values)];
    const orders = entry?.orders;
    return sql`
      INSERT INTO orders.student_data_access AS a
        (access_id, actor_id, actor_login_id, actor_role, action, order_ids, order_numbers,
         school_ids, school_names, scope, client_address)
      SELECT ${entry?.accessId ?? null}::uuid, ${entry?.actor.id ?? null}::uuid,
             ${entry?.actor.loginId ?? null}::text, ${entry?.actor.role ?? null}::text,
             ${entry?.action ?? null}::text,
             ${arrayOf(distinct(orders?.map((o) => o.id)), 'uuid')},
             ${arrayOf(distinct(orders?.map((o) => o.orderNumber)), 'text')},
             ${arrayOf(distinct(orders?.map((o) => o.userId)), 'uuid')},
             ${arrayOf(distinct(orders?.map((o) => o.userName)), 'text')},
             ${entry?.scope ?? null}::text, ${entry?.clientAddress ?? null}::text
      ${onlyWith ? sql`FROM ${onlyWith} ` : sql``}WHERE ${entry?.accessId ?? null}::text IS NOT NULL
      ON CONFLICT (access_id) DO UPDATE SET
        order_ids = ARRAY(SELECT DISTINCT v FROM unnest(a.order_ids || excluded.order_ids) v ORDER BY v),
        order_numbers = ARRAY(SELECT DISTINCT v FROM unnest(a.order_numbers || excluded.order_numbers) v ORDER BY v),
        school_ids = ARRAY(SELECT DISTINCT v FROM unnest(a.school_ids || excluded.school_ids) v ORDER BY v),
        school_names = ARRAY(SELECT DISTINCT v FROM unnest(a.school_names || excluded.school_names) v ORDER BY v)`;
  }

  /** Newest first: one range of the rows that match, and how many match. */
  async list(
    filter: AccessLogFilter,
    range: { start: number; end: number },
  ): Promise<{ items: AccessLogEntry[]; total: number }> {
    const where = and(...this.conditions(filter));
    const [rows, [counted]] = await Promise.all([
      this.db
        .select()
        .from(studentDataAccess)
        .where(where)
        .orderBy(desc(studentDataAccess.id))
        .offset(range.start)
        .limit(range.end - range.start + 1),
      this.db.select({ n: count() }).from(studentDataAccess).where(where),
    ]);
    return { items: rows.map(toAccessLogEntry), total: counted?.n ?? 0 };
  }

  private conditions(filter: AccessLogFilter): SQL[] {
    const t = studentDataAccess;
    const conditions: SQL[] = [];
    if (filter.actorId) conditions.push(eq(t.actorId, filter.actorId));
    if (filter.person) conditions.push(ilike(t.actorLoginId, likeContaining(filter.person)));
    if (filter.schoolId) conditions.push(sql`${filter.schoolId}::uuid = ANY(${t.schoolIds})`);
    if (filter.action) conditions.push(eq(t.action, filter.action));
    if (filter.beforeId) conditions.push(lt(t.id, filter.beforeId));
    if (filter.from) conditions.push(gte(t.at, new Date(filter.from)));
    if (filter.to) {
      // A date alone means the whole of that day (UTC).
      const end = DATE_ONLY.test(filter.to)
        ? new Date(Date.parse(`${filter.to}T00:00:00Z`) + 24 * 3600_000 - 1)
        : new Date(filter.to);
      conditions.push(lte(t.at, end));
    }
    if (filter.order) {
      const wanted = filter.order.trim();
      const number = ORDER_NUMBER.exec(wanted);
      if (isUuid(wanted)) conditions.push(sql`${wanted}::uuid = ANY(${t.orderIds})`);
      else if (number)
        conditions.push(
          sql`orders.format_order_number(${Number(number[1])}::bigint) = ANY(${t.orderNumbers})`,
        );
      // Neither an id nor a number: no order can match.
      else conditions.push(sql`false`);
    }
    return conditions;
  }

  /** Deletes rows older than `before`, a chunk per statement; returns how many went. */
  async deleteOlderThan(before: Date, chunkSize = 5_000): Promise<number> {
    let deleted = 0;
    for (;;) {
      const result = await this.db.execute(sql`
        DELETE FROM orders.student_data_access WHERE id IN (
          SELECT id FROM orders.student_data_access WHERE at < ${before} LIMIT ${chunkSize})`);
      const rows = result.rowCount ?? 0;
      deleted += rows;
      if (rows < chunkSize) return deleted;
    }
  }

  /** When each order's school confirmed it may share the student's details (null: not asked). */
  async consentsOf(orderIds: string[]): Promise<Map<string, Date | null>> {
    if (orderIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: orders.id, at: orders.sharingConsentAt })
      .from(orders)
      .where(inArray(orders.id, orderIds));
    return new Map(rows.map((row) => [row.id, row.at]));
  }
}
