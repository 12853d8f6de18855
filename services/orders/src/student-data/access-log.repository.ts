/**
 * The only SQL of the access log of student details: adding a read (one row per access id; a later
 * page or a resend of the same request adds a row of pages under it), listing it for the console
 * with the orders of all its pages, and deleting rows past retention. It also reads when a school
 * confirmed it may share an order's details.
 */
import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, gte, ilike, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { DATABASE, executeNamed, isUuid, likeContaining, type Database } from '@lr/nest-kit';
import {
  ACCESS_LOG_SAMPLE,
  type AccessLogEntry,
  type AccessLogFilter,
  type AccessLogNames,
  type AccessLogNamesInput,
  type Role,
  type StudentDataAction,
} from '@lr/contracts';
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

/** The orders of one page of a read, as both inserts take them. */
type PageOrders = Pick<
  StudentDataAccessRow,
  'orderIds' | 'orderNumbers' | 'schoolIds' | 'schoolNames'
>;

/** A column of a read's orders or schools, on its row and on each of its later pages. */
type ReadColumn = 'order_ids' | 'order_numbers' | 'school_ids' | 'school_names';

const NAME_COLUMNS: Record<AccessLogNamesInput['of'], ReadColumn> = {
  orderNumbers: 'order_numbers',
  schoolNames: 'school_names',
};

/**
 * Each value of `column` of the read `read` (an alias of the enclosing query) once, where it was
 * first shown: its own row first, then its later pages in the order they came (a resent page
 * repeats orders). Columns `v`, `page`, `n`.
 */
function firstShown(read: string, column: ReadColumn): SQL {
  const alias = sql.identifier(read);
  const values = sql.identifier(column);
  return sql`
    SELECT DISTINCT ON (v) v::text AS v, page, n FROM (
      SELECT v, 0::bigint AS page, n FROM unnest(${alias}.${values}) WITH ORDINALITY AS u(v, n)
      UNION ALL
      SELECT v, p.id, n
      FROM orders.student_data_access_pages p, unnest(p.${values}) WITH ORDINALITY AS u(v, n)
      WHERE p.access_id = ${alias}.access_id
    ) AS shown
    ORDER BY v, page, n`;
}

/** How many values `column` of the read `read` holds, and the first ACCESS_LOG_SAMPLE of them. */
function sampled(read: string, column: ReadColumn): SQL {
  return sql`
    SELECT count(*)::int AS total,
           coalesce((array_agg(v ORDER BY page, n))[1:${sql.raw(String(ACCESS_LOG_SAMPLE))}],
                    '{}') AS sample
    FROM (${firstShown(read, column)}) AS firsts`;
}

/** A row of the console's list, as `list` selects it. */
interface ListedRow extends Record<string, unknown> {
  id: string;
  at: Date | string;
  actor_id: string;
  actor_login_id: string;
  actor_role: Role;
  action: StudentDataAction;
  order_ids: string[];
  order_numbers: string[];
  order_count: number;
  school_ids: string[];
  school_names: string[];
  school_count: number;
  scope: string | null;
  client_address: string | null;
}

function toAccessLogEntry(row: ListedRow): AccessLogEntry {
  return {
    id: String(row.id),
    at: new Date(row.at).toISOString(),
    actorId: row.actor_id,
    actorLoginId: row.actor_login_id,
    actorRole: row.actor_role,
    action: row.action,
    orderIds: row.order_ids,
    orderNumbers: row.order_numbers,
    orderCount: row.order_count,
    schoolIds: row.school_ids,
    schoolNames: row.school_names,
    schoolCount: row.school_count,
    scope: row.scope,
    clientAddress: row.client_address,
  };
}

@Injectable()
export class AccessLogRepository {
  constructor(@Inject(DATABASE) readonly db: Database) {}

  /**
   * Adds a read, or to a read: the first page of an access id makes its row, a later page (or a
   * resend) adds a row of pages under it, so a page costs what its own orders cost however many
   * came before it.
   */
  async record(entry: AccessRecord): Promise<void> {
    const page = this.ordersOf(entry);
    // The page's arrays are sent once, and both inserts read them from `page`.
    const fromPage = (column: string) => sql`(SELECT ${sql.identifier(column)} FROM page)`;
    // Named (planned once per connection): every order shown to staff adds a row.
    await executeNamed(
      this.db,
      'orders.record-access',
      sql`
      WITH page AS (
        SELECT ${page.orderIds} AS order_ids, ${page.orderNumbers} AS order_numbers,
               ${page.schoolIds} AS school_ids, ${page.schoolNames} AS school_names
      ), read AS (${this.insertSql(entry, undefined, {
        orderIds: fromPage('order_ids'),
        orderNumbers: fromPage('order_numbers'),
        schoolIds: fromPage('school_ids'),
        schoolNames: fromPage('school_names'),
      })} RETURNING access_id)
      INSERT INTO orders.student_data_access_pages
        (access_id, order_ids, order_numbers, school_ids, school_names)
      SELECT ${entry.accessId}::uuid, order_ids, order_numbers, school_ids, school_names
      FROM page
      WHERE NOT EXISTS (SELECT 1 FROM read) AND cardinality(order_ids) > 0`,
    );
  }

  /** The arrays of one page of `entry`'s orders, each value once. */
  private ordersOf(entry: AccessRecord | null): Record<keyof PageOrders, SQL> {
    const distinct = <T>(values: T[] = []) => [...new Set(values)];
    const orders = entry?.orders;
    return {
      orderIds: arrayOf(distinct(orders?.map((o) => o.id)), 'uuid'),
      orderNumbers: arrayOf(distinct(orders?.map((o) => o.orderNumber)), 'text'),
      schoolIds: arrayOf(distinct(orders?.map((o) => o.userId)), 'uuid'),
      schoolNames: arrayOf(distinct(orders?.map((o) => o.userName)), 'text'),
    };
  }

  /**
   * The insert of a read's row, for a data-modifying CTE of a larger statement: with `onlyWith` (a
   * CTE of that statement) the read is added only when it returned a row, so it is logged with the
   * change that showed it, and without one when `entry` is null. A row of the same access id is
   * left as it is (a resent change shows the same order; `record` adds later pages). The text
   * depends on `onlyWith` only, so the statement can be a named one. `page`: where the orders'
   * arrays come from (default: `entry`'s, as parameters).
   */
  insertSql(
    entry: AccessRecord | null,
    onlyWith?: SQL,
    page: Record<keyof PageOrders, SQL> = this.ordersOf(entry),
  ): SQL {
    return sql`
      INSERT INTO orders.student_data_access
        (access_id, actor_id, actor_login_id, actor_role, action, order_ids, order_numbers,
         school_ids, school_names, scope, client_address)
      SELECT ${entry?.accessId ?? null}::uuid, ${entry?.actor.id ?? null}::uuid,
             ${entry?.actor.loginId ?? null}::text, ${entry?.actor.role ?? null}::text,
             ${entry?.action ?? null}::text,
             ${page.orderIds}, ${page.orderNumbers}, ${page.schoolIds}, ${page.schoolNames},
             ${entry?.scope ?? null}::text, ${entry?.clientAddress ?? null}::text
      ${onlyWith ? sql`FROM ${onlyWith} ` : sql``}WHERE ${entry?.accessId ?? null}::text IS NOT NULL
      ON CONFLICT (access_id) DO NOTHING`;
  }

  /**
   * Newest first: one range of the rows that match, and how many match. Each names the first
   * orders and schools of its read and counts them all, so an entry stays small whatever was read.
   */
  async list(
    filter: AccessLogFilter,
    range: { start: number; end: number },
  ): Promise<{ items: AccessLogEntry[]; total: number }> {
    const where = and(...this.conditions(filter)) ?? sql`true`;
    const [{ rows }, [counted]] = await Promise.all([
      this.db.execute<ListedRow>(sql`
        SELECT r.id, r.at, r.actor_id, r.actor_login_id, r.actor_role, r.action, r.scope,
               r.client_address,
               order_ids.sample AS order_ids, order_numbers.sample AS order_numbers,
               order_ids.total AS order_count,
               school_ids.sample AS school_ids, school_names.sample AS school_names,
               school_ids.total AS school_count
        FROM (
          SELECT * FROM ${studentDataAccess} WHERE ${where}
          ORDER BY id DESC OFFSET ${range.start} LIMIT ${range.end - range.start + 1}
        ) AS r
        CROSS JOIN LATERAL (${sampled('r', 'order_ids')}) AS order_ids
        CROSS JOIN LATERAL (${sampled('r', 'order_numbers')}) AS order_numbers
        CROSS JOIN LATERAL (${sampled('r', 'school_ids')}) AS school_ids
        CROSS JOIN LATERAL (${sampled('r', 'school_names')}) AS school_names
        ORDER BY r.id DESC`),
      this.db.select({ n: count() }).from(studentDataAccess).where(where),
    ]);
    return { items: rows.map(toAccessLogEntry), total: counted?.n ?? 0 };
  }

  /**
   * A page of one read's order numbers or school names, each once, in the order the read showed
   * them, with how many there are (0 for an entry that is not there).
   */
  async names({ id, of, start, limit }: AccessLogNamesInput): Promise<AccessLogNames> {
    const { rows } = await this.db.execute<{ v: string; total: number }>(sql`
      SELECT v, count(*) OVER ()::int AS total
      FROM ${studentDataAccess} AS r, LATERAL (${firstShown('r', NAME_COLUMNS[of])}) AS firsts
      WHERE r.id = ${id}
      ORDER BY page, n OFFSET ${start} LIMIT ${limit}`);
    if (rows.length > 0) return { names: rows.map((row) => row.v), total: rows[0]!.total };
    // Past the end (or no such entry): only the count is asked for.
    const { rows: counted } = await this.db.execute<{ total: number }>(sql`
      SELECT count(*)::int AS total
      FROM ${studentDataAccess} AS r, LATERAL (${firstShown('r', NAME_COLUMNS[of])}) AS firsts
      WHERE r.id = ${id}`);
    return { names: [], total: counted[0]?.total ?? 0 };
  }

  /**
   * `value` is one of a read's `column` (school_ids, order_ids or order_numbers), on its own row or
   * on one of its later pages.
   */
  private readHolds(column: 'school_ids' | 'order_ids' | 'order_numbers', value: SQL): SQL {
    const t = studentDataAccess;
    const own = sql.identifier(column);
    return sql`(${value} = ANY(${t}.${own}) OR EXISTS (
      SELECT 1 FROM orders.student_data_access_pages p
      WHERE p.access_id = ${t.accessId} AND ${value} = ANY(p.${own})))`;
  }

  private conditions(filter: AccessLogFilter): SQL[] {
    const t = studentDataAccess;
    const conditions: SQL[] = [];
    if (filter.actorId) conditions.push(eq(t.actorId, filter.actorId));
    if (filter.person) conditions.push(ilike(t.actorLoginId, likeContaining(filter.person)));
    if (filter.schoolId)
      conditions.push(this.readHolds('school_ids', sql`${filter.schoolId}::uuid`));
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
      if (isUuid(wanted)) conditions.push(this.readHolds('order_ids', sql`${wanted}::uuid`));
      else if (number)
        conditions.push(
          this.readHolds(
            'order_numbers',
            sql`orders.format_order_number(${Number(number[1])}::bigint)`,
          ),
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
