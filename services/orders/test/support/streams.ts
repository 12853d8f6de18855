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

export async function streamEvents(
  nc: NatsConnection,
  namespace: string,
  stream: StreamName = 'ORDERS',
): Promise<EventEnvelope<OrderEventData>[]> {
  return readStreamEvents<OrderEventData>(nc, namespace, stream);
}
