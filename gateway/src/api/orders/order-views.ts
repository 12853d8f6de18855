/**
 * Maps the orders service's snapshot to the old API's order shape on /api/v1 (`_id`, `orderId`,
 * `orderItems`, `orderStatus`, prices 0) and to `id` records on /api/console.
 */
import type {
  ApiOrder,
  ConsoleOrder,
  ConsoleOrderHistoryEntry,
  OrderHistoryEntry,
  OrderReadView,
  OrderSnapshot,
} from '@lr/contracts';

export function toApiOrder(order: OrderSnapshot): ApiOrder {
  return {
    _id: order.id,
    orderId: order.orderNumber,
    user: { _id: order.userId, name: order.userName },
    shippingInfo: { ...order.shippingInfo },
    orderItems: order.lines.map((line) => ({
      _id: line.lineId,
      product: line.productId,
      name: line.name,
      category: line.category,
      SubCategory: line.subCategory,
      ProductSize: line.size,
      quantity: line.quantity,
      requestedQuantity: line.requestedQuantity,
      image: line.image,
      price: 0 as const,
    })),
    itemsPrice: 0 as const,
    taxPrice: 0 as const,
    shippingPrice: 0 as const,
    totalPrice: 0 as const,
    orderStatus: order.status,
    createdAt: order.createdAt,
    deliveredAt: order.deliveredAt,
    ...(order.enteredBy ? { enteredByCharity: true as const } : {}),
    ...(order.pickup ? { pickup: order.pickup } : {}),
  };
}

export function toConsoleOrder(order: OrderReadView): ConsoleOrder {
  return {
    id: order.id,
    ...toApiOrder(order),
    userId: order.userId,
    version: order.version,
    contactDetails: order.contactWithheld ? 'withheld' : 'shown',
    ...(order.sharingConsent
      ? { sharingConsent: order.sharingConsent, sharingConsentAt: order.sharingConsentAt ?? null }
      : {}),
    ...(order.enteredBy ? { enteredBy: order.enteredBy.name } : {}),
  };
}

/** `by` is the name of whoever made the change, or 'System' (e.g. catalog rejected a commit). */
export function toConsoleHistory(entry: OrderHistoryEntry): ConsoleOrderHistoryEntry {
  return {
    at: entry.at,
    by: entry.by?.name ?? 'System',
    byId: entry.by?.id ?? null,
    from: entry.from,
    to: entry.to,
    quantities: entry.quantities,
    reason: entry.reason,
  };
}
