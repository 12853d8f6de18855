/** Reads what was published to a JetStream stream of the test namespace. */
import { jetstreamManager } from '@nats-io/jetstream';
import {
  eventsInMessage,
  namespacedStream,
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
  const jsm = await jetstreamManager(nc);
  const name = namespacedStream(namespace, stream);
  const info = await jsm.streams.info(name);
  const events: EventEnvelope<OrderEventData>[] = [];
  if (info.state.messages === 0) return events;
  for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq += 1) {
    const msg = await jsm.streams.getMessage(name, { seq }).catch(() => null);
    if (msg) events.push(...(eventsInMessage(msg.string()) as EventEnvelope<OrderEventData>[]));
  }
  return events;
}
