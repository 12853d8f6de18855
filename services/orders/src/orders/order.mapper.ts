/** Explicit row -> message mapping: the order snapshot (events and replies) and history entries. */
import {
  withoutPersonalFields,
  type OrderEventSnapshot,
  type OrderHistoryEntry,
  type OrderSnapshot,
} from '@lr/contracts';
import type { OrderHistoryRow, OrderLineRow, OrderRow } from '../db/schema.js';
import { formatOrderNumber } from './order-number.js';

/** What names an order and its school (the access log keeps this of each order shown). */
export function toOrderRef(
  order: OrderRow,
): Pick<OrderSnapshot, 'id' | 'orderNumber' | 'userId' | 'userName'> {
  return {
    id: order.id,
    orderNumber: formatOrderNumber(order.orderNumber),
    userId: order.userId,
    userName: order.userName,
  };
}

export function toOrderSnapshot(order: OrderRow, lines: OrderLineRow[]): OrderSnapshot {
  return {
    ...toOrderRef(order),
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    deliveredAt: order.deliveredAt ? order.deliveredAt.toISOString() : null,
    version: order.version,
    shippingInfo: {
      userName: order.shippingInfo.userName,
      receivingPersonName: order.shippingInfo.receivingPersonName,
      additionalComments: order.shippingInfo.additionalComments,
      userLoggedInDesignation: order.shippingInfo.userLoggedInDesignation,
      userAddress: order.shippingInfo.userAddress,
      orderDate: order.shippingInfo.orderDate,
      phoneNo: order.shippingInfo.phoneNo,
      Email: order.shippingInfo.Email,
      // Only when a reason was given (erasure leaves an empty one; most orders never had one).
      ...(order.shippingInfo.studentLimitReason
        ? { studentLimitReason: order.shippingInfo.studentLimitReason }
        : {}),
    },
    lines: [...lines]
      .sort((a, b) => a.position - b.position)
      .map((line) => ({
        lineId: line.id,
        productId: line.productId,
        name: line.name,
        category: line.category as OrderSnapshot['lines'][number]['category'],
        subCategory: line.subCategory as OrderSnapshot['lines'][number]['subCategory'],
        size: line.size,
        requestedQuantity: line.requestedQuantity,
        quantity: line.quantity,
        image: line.image,
      })),
    ...(order.enteredById
      ? { enteredBy: { id: order.enteredById, name: order.enteredByName ?? '' } }
      : {}),
    ...(order.pickup ? { pickup: order.pickup } : {}),
  };
}

/**
 * The order as its events carry it: no personal field in clear (personal-data.ts), the student
 * known only by the fingerprint.
 */
export function toEventSnapshot(order: OrderRow, lines: OrderLineRow[]): OrderEventSnapshot {
  // Events carry no pickup time (orderEventSnapshotSchema).
  const { pickup: _pickup, ...snapshot } = toOrderSnapshot(order, lines);
  return {
    ...snapshot,
    shippingInfo: withoutPersonalFields(snapshot.shippingInfo),
    ...(order.studentFingerprint ? { studentFingerprint: order.studentFingerprint } : {}),
  };
}

export function toHistoryEntry(row: OrderHistoryRow): OrderHistoryEntry {
  return {
    at: row.at.toISOString(),
    by: row.actorId ? { id: row.actorId, name: row.actorName ?? '' } : null,
    from: row.fromStatus,
    to: row.toStatus,
    quantities: row.quantities,
    reason: row.reason,
  };
}
