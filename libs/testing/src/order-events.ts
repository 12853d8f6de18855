/**
 * Builds realistic order events (full snapshots, as the orders service writes them) and publishes
 * them straight to the ORDERS stream, so the reporting tests do not depend on the orders service.
 */
import { createHash, randomUUID } from 'node:crypto';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  EVENT_SCHEMAS,
  EVENTS,
  namespaced,
  namespacedStream,
  type Category,
  type EventEnvelope,
  type OrderEventSnapshot,
  type OrderSnapshot,
  type OrderStatus,
  type SubCategory,
} from '@lr/contracts';

export interface LineSpec {
  name: string;
  category: Category;
  quantity: number;
  requested?: number;
  subCategory?: SubCategory;
  size?: string;
}

export interface OrderSpec {
  school: string;
  student: string;
  createdAt: string;
  lines: LineSpec[];
  number?: number;
}

let orderCounter = 0;
const schoolIds = new Map<string, string>();

/**
 * Stands in for orders' keyed fingerprint: the same school and student id give the same value
 * (the student id is what comes before the age and gender).
 */
export function testFingerprint(schoolId: string, student: string): string {
  const studentId = student.replace(/_\d{1,3}_(Male|Female|NA)$/, '');
  return createHash('sha256').update(`${schoolId}\n${studentId}`).digest('base64url');
}

/**
 * Version 1 of an order, just placed (Processing), as events carry it now: no personal field in
 * clear, the student known by a fingerprint.
 */
export function newOrder(spec: OrderSpec): OrderEventSnapshot {
  const order = legacyOrder(spec);
  return {
    ...order,
    shippingInfo: {
      ...order.shippingInfo,
      receivingPersonName: '',
      additionalComments: '',
      userLoggedInDesignation: '',
      phoneNo: '',
      Email: '',
    },
    studentFingerprint: testFingerprint(order.userId, spec.student),
  };
}

/**
 * Version 1 of an order as events carried it before personal data left them: the student, the
 * teacher's name, phone and e-mail in clear, no fingerprint (upgrade tests).
 */
export function legacyOrder(spec: OrderSpec): OrderSnapshot {
  orderCounter += 1;
  const userId = schoolIds.get(spec.school) ?? randomUUID();
  schoolIds.set(spec.school, userId);
  return {
    id: randomUUID(),
    orderNumber: `LR-${String(spec.number ?? orderCounter).padStart(6, '0')}`,
    userId,
    userName: spec.school,
    status: 'Processing',
    createdAt: spec.createdAt,
    deliveredAt: null,
    version: 1,
    shippingInfo: {
      userName: spec.school,
      receivingPersonName: spec.student,
      additionalComments: '',
      userLoggedInDesignation: 'Ms Teacher',
      userAddress: '1 School Lane|North',
      orderDate: spec.createdAt,
      phoneNo: '0123456789',
      Email: 'teacher@example.org',
    },
    lines: spec.lines.map((line) => ({
      lineId: randomUUID(),
      productId: randomUUID(),
      name: line.name,
      category: line.category,
      subCategory: line.subCategory ?? 'Unisex youth sizing',
      size: line.size ?? 'M',
      requestedQuantity: line.requested ?? line.quantity,
      quantity: line.quantity,
      image: '/media/products/x.webp',
    })),
  };
}

/** The next version of the order with `changes` applied. */
export function nextVersion<O extends OrderSnapshot>(order: O, changes: Partial<O>): O {
  return { ...order, ...changes, version: order.version + 1 };
}

/** An envelope as a service's outbox writes one: fresh event and correlation ids, now. */
export function eventEnvelope<T>(type: string, version: number, data: T): EventEnvelope<T> {
  return {
    eventId: randomUUID(),
    type,
    version,
    occurredAt: new Date().toISOString(),
    correlationId: randomUUID(),
    data,
  };
}

/** An order event whose data is checked against the event's schema first. */
function envelope<T>(type: string, data: T, version: number): EventEnvelope<T> {
  const schema = EVENT_SCHEMAS[type as keyof typeof EVENT_SCHEMAS];
  return eventEnvelope(type, version, schema.parse(data) as T);
}

export const events = {
  placed: (order: OrderSnapshot) => envelope(EVENTS.ordersOrderPlaced, { order }, order.version),
  statusChanged: (order: OrderSnapshot, from: OrderStatus) =>
    envelope(
      EVENTS.ordersOrderStatusChanged,
      {
        order,
        from,
        to: order.status,
        changedBy: { id: randomUUID(), name: 'Admin' },
        reason: null,
      },
      order.version,
    ),
  itemsAdjusted: (order: OrderSnapshot, previous: OrderSnapshot) =>
    envelope(
      EVENTS.ordersOrderItemsAdjusted,
      {
        order,
        previousQuantities: previous.lines.map((l) => ({ lineId: l.lineId, quantity: l.quantity })),
        changedBy: { id: randomUUID(), name: 'Admin' },
      },
      order.version,
    ),
  deleted: (order: OrderSnapshot) =>
    envelope(
      EVENTS.ordersOrderDeleted,
      { order, deletedBy: { id: randomUUID(), name: 'Admin' } },
      order.version,
    ),
};

/**
 * Publishes envelopes in the given order. `dedupe: false` publishes without a msgID, so a repeated
 * event id really lands in the stream twice (what a redelivery or a relay retry looks like).
 */
export async function publish(
  nc: NatsConnection,
  namespace: string,
  envelopes: EventEnvelope<unknown>[],
  { dedupe = true }: { dedupe?: boolean } = {},
): Promise<void> {
  const js = jetstream(nc);
  for (const e of envelopes) {
    await js.publish(
      namespaced(namespace, e.type),
      JSON.stringify(e),
      dedupe ? { msgID: e.eventId } : {},
    );
  }
}

/** Resolves when the durable consumer has acknowledged everything in the stream. */
export async function consumerCaughtUp(
  nc: NatsConnection,
  namespace: string,
  durable: string,
): Promise<boolean> {
  const jsm = await jetstreamManager(nc);
  const info = await jsm.consumers.info(
    namespacedStream(namespace, 'ORDERS'),
    `${namespace}_${durable}`,
  );
  return info.num_pending === 0 && info.num_ack_pending === 0;
}
