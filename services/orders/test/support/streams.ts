/** Reads what was published to a JetStream stream of the test namespace. */
import { streamEvents as readStreamEvents } from '@lr/testing';
import {
  type EventEnvelope,
  type OrderSnapshot,
  type OrderStatus,
  type StreamName,
} from '@lr/contracts';
import type { NatsConnection } from '@nats-io/transport-node';

/** The data of every orders.order.*.v1 event: the snapshot plus what some of them add. */
export interface OrderEventData {
  order: OrderSnapshot;
  from?: OrderStatus;
  to?: OrderStatus;
  reason?: string | null;
  previousQuantities?: { lineId: string; quantity: number }[];
}

/**
 * The events of the stream in stream order, each at its first copy. Publishing is at least once: a
 * publish whose ack comes too late is sent again, and when its events are grouped differently the
 * second time the stream keeps both copies (consumers skip an event id they have processed).
 */
export async function streamEvents(
  nc: NatsConnection,
  namespace: string,
  stream: StreamName = 'ORDERS',
): Promise<EventEnvelope<OrderEventData>[]> {
  const firstCopies = new Map<string, EventEnvelope<OrderEventData>>();
  for (const event of await readStreamEvents<OrderEventData>(nc, namespace, stream)) {
    if (!firstCopies.has(event.eventId)) firstCopies.set(event.eventId, event);
  }
  return [...firstCopies.values()];
}
