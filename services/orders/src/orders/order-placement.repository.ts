/**
 * The only place with SQL that inserts orders: new Processing orders with their lines, first history
 * entries and placed events, in one statement for a whole group.
 */
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { DATABASE, executeNamed, type Database, type Executor } from '@lr/nest-kit';
import type { EventEnvelope, ShippingInfo } from '@lr/contracts';
import type { OrderLineRow } from '../db/schema.js';
import type { HistoryEntryInput, OutboxTarget } from './order-changes.repository.js';
import { formatOrderNumber } from './order-number.js';

export interface NewOrder {
  id: string;
  userId: string;
  userName: string;
  userLoginId: string;
  shippingInfo: ShippingInfo;
  idempotencyKey: string | null;
  /** The school confirmed it may share the student's details (the moment is the order's). */
  sharingConsent?: boolean;
  lines: Omit<OrderLineRow, 'orderId'>[];
  /** Default now; only the demo seed backdates orders. */
  createdAt?: Date;
  /** Staff who entered it for the school (taken by phone or e-mail); absent: the school placed it. */
  enteredBy?: { id: string; name: string } | null;
}

/**
 * What `insertPlaced` writes per order; `order.createdAt` is required there (the moment it was
 * accepted).
 */
export interface PlacedOrderInsert {
  order: NewOrder & { createdAt: Date; studentFingerprint: string; fingerprintYear: number };
  history: Pick<HistoryEntryInput, 'actorId' | 'actorName' | 'quantities'>;
  /** The placed event, its snapshot's order number still to be filled in by the statement. */
  event: EventEnvelope;
}

@Injectable()
export class OrderPlacementRepository {
  constructor(@Inject(DATABASE) readonly db: Database) {}

  /**
   * Inserts new Processing orders with their lines, their first history entries and their placed
   * events in ONE statement: atomic without a transaction, one round trip and one commit for the
   * whole group (`GroupWriter` gathers orders placed at the same time). Each event is built
   * before its order number exists, so the statement writes the number it assigned into the event's
   * snapshot (`format_order_number`, migration 002). Numbers, and the events' outbox order, follow
   * the order of `inputs`. Resolves with the order numbers, in that order.
   */
  async insertPlaced(
    exec: Executor,
    inputs: readonly PlacedOrderInsert[],
    outbox: OutboxTarget,
  ): Promise<number[]> {
    if (inputs.length === 0) return [];
    const placed = inputs.map(({ order, history, event }) => ({
      id: order.id,
      user_id: order.userId,
      user_name: order.userName,
      user_login_id: order.userLoginId,
      shipping_info: order.shippingInfo,
      created_at: order.createdAt.toISOString(),
      idempotency_key: order.idempotencyKey,
      sharing_consent_at: order.sharingConsent ? order.createdAt.toISOString() : null,
      student_fingerprint: order.studentFingerprint,
      fingerprint_year: order.fingerprintYear,
      entered_by_id: order.enteredBy?.id ?? null,
      entered_by_name: order.enteredBy?.name ?? null,
      actor_id: history.actorId,
      actor_name: history.actorName,
      quantities: history.quantities,
      event_id: event.eventId,
      subject: event.type,
      envelope: event,
    }));
    const lines = inputs.flatMap(({ order }) =>
      order.lines.map((line) => ({
        id: line.id,
        order_id: order.id,
        position: line.position,
        product_id: line.productId,
        name: line.name,
        category: line.category,
        sub_category: line.subCategory,
        size: line.size,
        requested_quantity: line.requestedQuantity,
        quantity: line.quantity,
        image: line.image,
      })),
    );
    const result = await executeNamed<{ id: string; order_number: string }>(
      exec,
      'orders.insert-placed',
      sql`
      WITH incoming AS (
        SELECT * FROM ROWS FROM (jsonb_to_recordset(${JSON.stringify(placed)}::jsonb) AS (
          id uuid, user_id uuid, user_name text, user_login_id text, shipping_info jsonb,
          created_at timestamptz, idempotency_key text, sharing_consent_at timestamptz,
          student_fingerprint text, fingerprint_year integer, entered_by_id uuid,
          entered_by_name text, actor_id uuid, actor_name text, quantities jsonb,
          event_id uuid, subject text, envelope jsonb))
        WITH ORDINALITY AS i(id, user_id, user_name, user_login_id, shipping_info, created_at,
                             idempotency_key, sharing_consent_at, student_fingerprint,
                             fingerprint_year, entered_by_id, entered_by_name, actor_id,
                             actor_name, quantities,
                             event_id, subject, envelope, n)
      ), new_orders AS (
        INSERT INTO orders.orders
          (id, user_id, user_name, user_login_id, status, shipping_info, created_at, version,
           idempotency_key, sharing_consent_at, student_fingerprint, fingerprint_year,
           entered_by_id, entered_by_name)
        SELECT id, user_id, user_name, user_login_id, 'Processing', shipping_info, created_at, 1,
               idempotency_key, sharing_consent_at, student_fingerprint, fingerprint_year,
               entered_by_id, entered_by_name
        FROM incoming ORDER BY n
        RETURNING id, order_number
      ), new_lines AS (
        INSERT INTO orders.order_lines
          (id, order_id, position, product_id, name, category, sub_category, size, requested_quantity, quantity, image)
        SELECT l.id, l.order_id, l.position, l.product_id, l.name, l.category, l.sub_category, l.size,
               l.requested_quantity, l.quantity, l.image
        FROM jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) AS l(
          id uuid, order_id uuid, position integer, product_id uuid, name text, category text,
          sub_category text, size text, requested_quantity integer, quantity integer, image text)
      ), new_history AS (
        INSERT INTO orders.order_status_history
          (order_id, at, actor_id, actor_name, from_status, to_status, quantities, reason)
        SELECT id, created_at, actor_id, actor_name, NULL, 'Processing', quantities, NULL
        FROM incoming ORDER BY n
      ), new_events AS (
        INSERT INTO ${outbox.table} (event_id, subject, envelope)
        SELECT i.event_id, i.subject,
               jsonb_set(i.envelope, '{data,order,orderNumber}',
                         to_jsonb(orders.format_order_number(o.order_number)))
        FROM incoming i JOIN new_orders o ON o.id = i.id
        ORDER BY i.n
      )
      SELECT id, order_number FROM new_orders`,
    );
    const numbers = new Map(result.rows.map((row) => [row.id, Number(row.order_number)]));
    return inputs.map(({ order }) => {
      const number = numbers.get(order.id);
      if (number === undefined) throw new Error(`order insert returned no number for ${order.id}`);
      return number;
    });
  }
}

/**
 * A placed event as `insertPlaced` stored it in the outbox: its snapshot's order number filled in
 * (the statement's `jsonb_set` with `format_order_number`), for the relay to publish it as stored.
 */
export function placedEventAsStored(event: EventEnvelope, orderNumber: number): EventEnvelope {
  const data = event.data as { order: Record<string, unknown> };
  return {
    ...event,
    data: { ...data, order: { ...data.order, orderNumber: formatOrderNumber(orderNumber) } },
  };
}
