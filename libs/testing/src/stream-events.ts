/**
 * Reads the events a JetStream stream of a test namespace holds, in stream order: a message holds
 * one event or several published together (contracts `event-message.ts`), so tests count events,
 * never messages. Each event is read at its first copy, as a consumer applies it: publishing is at
 * least once, so a publish whose ack came too late is sent again, and when its events are grouped
 * differently the second time the stream keeps both copies.
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
  if (info.state.messages === 0) return [];
  const firstCopies = new Map<string, EventEnvelope<T>>();
  for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq += 1) {
    const msg = await jsm.streams.getMessage(name, { seq }).catch(() => null);
    if (!msg) continue;
    for (const event of eventsInMessage(msg.string()) as EventEnvelope<T>[]) {
      if (!firstCopies.has(event.eventId)) firstCopies.set(event.eventId, event);
    }
  }
  return [...firstCopies.values()];
}
