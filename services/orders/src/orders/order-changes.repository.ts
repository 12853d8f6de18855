/**
 * The only place with SQL that changes or deletes an order: a processing change (status, given
 * quantities, history and events) in one version-guarded statement.
 */
import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import {
  DATABASE,
  executeNamed,
  type Database,
  type Executor,
  type OutboxWriter,
  type RecordedReplies,
  type ReplyKey,
} from '@lr/nest-kit';
import type { EventEnvelope, OrderStatus } from '@lr/contracts';
import { orders } from '../db/schema.js';
import type { RowVersions } from './recent-orders.js';
import type { AccessLogWrite } from '../student-data/student-data-disclosure.js';

/** Where a statement writes its events: the outbox (the caller wakes the relay afterwards). */
export type OutboxTarget = Pick<OutboxWriter, 'table' | 'insertEvents'>;

/** What `applyChange` writes. */
export interface OrderChangeWrite {
  orderId: string;
  expectedVersion: number;
  /**
   * The versions of the order's rows the change was built from (`rowVersionsText`), when it starts
   * from a remembered order: written only if the stored rows are still those.
   */
  expectedRowVersions: string | null;
  order: { status: OrderStatus; deliveredAt: Date | null; version: number };
  lineQuantities: { id: string; quantity: number }[];
  history: Omit<HistoryEntryInput, 'orderId' | 'at'> & { at: Date };
  /** In the order they must be published. */
  events: EventEnvelope[];
  outbox: OutboxTarget;
  /** The reply to record with the change (a resent request gets it); none without a key. */
  reply: { key: ReplyKey | null; value: unknown; to: ReplyTarget };
  /** The read of student details that the answer to this change is, logged with it (or none). */
  access?: AccessLogWrite;
}

/** Where a statement records the reply of the write it makes. */
type ReplyTarget = Pick<RecordedReplies, 'insertSql'>;

export interface HistoryEntryInput {
  orderId: string;
  actorId: string | null;
  actorName: string | null;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  quantities: number[];
  reason: string | null;
  at?: Date;
}

@Injectable()
export class OrderChangesRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Runs `work` in one transaction. */
  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  /**
   * Writes one processing change in ONE statement, only if the order is still at `expectedVersion`
   * (and its rows at `expectedRowVersions`, when given): the order row, changed line quantities,
   * the history entry, the events (in outbox order) and the reply under the request's key, and the
   * read of student details its answer is (`access`). Resolves with the versions of the order's
   * rows as the change leaves them, or null, having written nothing, when the order changed
   * meanwhile or is gone; a second run of a request whose reply is recorded fails on its key.
   */
  async applyChange(exec: Executor, input: OrderChangeWrite): Promise<RowVersions | null> {
    const { order, history, outbox, reply, access } = input;
    const result = await executeNamed<{ row_version: string; line_versions: string }>(
      exec,
      // Two texts, each its own named statement: with the access log's insert and without.
      access ? 'orders.apply-change-logged' : 'orders.apply-change',
      sql`
      WITH changed AS (
        UPDATE orders.orders
        SET status = ${order.status}, delivered_at = ${order.deliveredAt?.toISOString() ?? null}::timestamptz,
            version = ${order.version}
        WHERE id = ${input.orderId} AND version = ${input.expectedVersion}
          AND (${input.expectedRowVersions}::text IS NULL OR ${input.expectedRowVersions}::text =
            orders.orders.xmin::text || ':' || coalesce((
              SELECT string_agg(line.xmin::text, ',' ORDER BY line.position)
              FROM orders.order_lines AS line WHERE line.order_id = orders.orders.id), ''))
        RETURNING id, xmin::text AS row_version
      ), new_quantities AS (
        UPDATE orders.order_lines AS l SET quantity = q.quantity
        FROM jsonb_to_recordset(${JSON.stringify(input.lineQuantities)}::jsonb) AS q(id uuid, quantity integer), changed
        WHERE l.id = q.id AND l.order_id = changed.id
        RETURNING l.id
      ), new_history AS (
        INSERT INTO orders.order_status_history
          (order_id, at, actor_id, actor_name, from_status, to_status, quantities, reason)
        SELECT changed.id, ${history.at.toISOString()}::timestamptz, ${history.actorId}::uuid, ${history.actorName},
               ${history.fromStatus}, ${history.toStatus}, ${JSON.stringify(history.quantities)}::jsonb, ${history.reason}
        FROM changed
      ), new_events AS (
        ${outbox.insertEvents(input.events, sql`changed`)}
      ), new_reply AS (
        ${reply.to.insertSql(reply.key, reply.value, sql`changed`)}
      )${access ? sql`, new_access AS (${access.to.insertSql(access.entry, sql`changed`)})` : sql``}
      -- The rows this statement writes carry its transaction's xmin; the statement itself still
      -- sees the lines as they were, so the written ones are named from new_quantities.
      SELECT changed.row_version, coalesce((
        SELECT string_agg(CASE WHEN line.id IN (SELECT id FROM new_quantities)
                               THEN changed.row_version ELSE line.xmin::text END,
                          ',' ORDER BY line.position)
        FROM orders.order_lines AS line WHERE line.order_id = changed.id), '') AS line_versions
      FROM changed`,
    );
    const row = result.rows[0];
    if (!row) return null;
    return {
      order: row.row_version,
      lines: row.line_versions === '' ? [] : row.line_versions.split(','),
    };
  }

  async delete(tx: Executor, id: string): Promise<void> {
    await tx.delete(orders).where(eq(orders.id, id));
  }
}
