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
import type { AccessLogWrite } from '../student-data/student-data-disclosure.js';

/** Where a statement writes its events: the outbox (the caller wakes the relay afterwards). */
export type OutboxTarget = Pick<OutboxWriter, 'table' | 'insertEvents'>;

/** What `applyChange` writes. */
export interface OrderChangeWrite {
  orderId: string;
  expectedVersion: number;
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
   * Writes one processing change in ONE statement, only if the order is still at `expectedVersion`:
   * the order row, changed line quantities, the history entry, the events (in outbox order) and
   * the reply under the request's key, and the read of student details its answer is (`access`).
   * Returns false, having written nothing, when the order changed meanwhile or is gone; a second
   * run of a request whose reply is recorded fails on its key.
   */
  async applyChange(exec: Executor, input: OrderChangeWrite): Promise<boolean> {
    const { order, history, outbox, reply, access } = input;
    const result = await executeNamed<{ id: string }>(
      exec,
      // Two texts, each its own named statement: with the access log's insert and without.
      access ? 'orders.apply-change-logged' : 'orders.apply-change',
      sql`
      WITH changed AS (
        UPDATE orders.orders
        SET status = ${order.status}, delivered_at = ${order.deliveredAt?.toISOString() ?? null}::timestamptz,
            version = ${order.version}
        WHERE id = ${input.orderId} AND version = ${input.expectedVersion}
        RETURNING id
      ), new_quantities AS (
        UPDATE orders.order_lines AS l SET quantity = q.quantity
        FROM jsonb_to_recordset(${JSON.stringify(input.lineQuantities)}::jsonb) AS q(id uuid, quantity integer), changed
        WHERE l.id = q.id AND l.order_id = changed.id
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
      SELECT id FROM changed`,
    );
    return result.rows.length === 1;
  }

  async delete(tx: Executor, id: string): Promise<void> {
    await tx.delete(orders).where(eq(orders.id, id));
  }
}
