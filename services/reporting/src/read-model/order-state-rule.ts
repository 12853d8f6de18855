/**
 * THE rule of the read model, one pure function used by live consumption and by the rebuild:
 * an order only moves to a higher version, and deletion is final (the tombstone keeps the highest
 * version seen, so a late older event cannot bring the order back).
 */
import {
  EVENTS,
  type EventDataMap,
  type EventEnvelope,
  type OrderEventSnapshot,
} from '@lr/contracts';

/** The order events the report is built from (un-namespaced subjects). */
export const ORDER_EVENT_TYPES = [
  EVENTS.ordersOrderPlaced,
  EVENTS.ordersOrderStatusChanged,
  EVENTS.ordersOrderItemsAdjusted,
  EVENTS.ordersOrderDeleted,
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];
export type OrderEvent = EventEnvelope<EventDataMap[OrderEventType]>;

export function isOrderEventType(type: string): type is OrderEventType {
  return (ORDER_EVENT_TYPES as readonly string[]).includes(type);
}

export interface OrderState {
  version: number;
  deleted: boolean;
}

/**
 * The version a snapshot event is ordered by: the snapshot's own version (what we store), never
 * below the envelope's entity version.
 */
export function versionOf(event: EventEnvelope<{ order: OrderEventSnapshot }>): number {
  return Math.max(event.version, event.data.order.version);
}

/** The order's state after the event, or null when the event changes nothing. */
export function nextState(stored: OrderState | undefined, event: OrderEvent): OrderState | null {
  if (stored?.deleted) return null;
  const version = versionOf(event);
  if (event.type === EVENTS.ordersOrderDeleted) {
    return { version: Math.max(version, stored?.version ?? 0), deleted: true };
  }
  if (stored && stored.version >= version) return null;
  return { version, deleted: false };
}
