/**
 * Reads the events a JetStream stream of a test namespace holds, in stream order: a message holds
 * one event or several published together (contracts `event-message.ts`), so tests count events,
 * never messages.
 */
import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  eventsInMessage,
  namespacedStream,
  type EventEnvelope,
  type StreamName,
} from '@lr/contracts';

export async function streamEvents<T = unknown>(
  nc: NatsConnection,
  namespace: string,
  stream: StreamName,
): Promise<EventEnvelope<T>[]> {
  const jsm = await jetstreamManager(nc);
  const name = namespacedStream(namespace, stream);
  const info = await jsm.streams.info(name);
  const events: EventEnvelope<T>[] = [];
  if (info.state.messages === 0) return events;
  for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq += 1) {
    const msg = await jsm.streams.getMessage(name, { seq }).catch(() => null);
    if (msg) events.push(...(eventsInMessage(msg.string()) as EventEnvelope<T>[]));
  }
  return events;
}
