/**
 * Which of the events an outbox relay publishes together share a message (contracts
 * `event-message.ts`): each run of consecutive events of one subject, up to MAX_PACK_BYTES of
 * envelopes. Only consecutive events share a message, so the stream keeps their order.
 */
import { createHash } from 'node:crypto';
import type { EventEnvelope } from '@lr/contracts';

/**
 * Most characters of envelopes one message carries: far below nats-server's max_payload (1 MiB by
 * default) even at three bytes a character, so headers and protocol always fit, and a consumer's
 * message stays small to parse.
 */
export const MAX_PACK_BYTES = 256 * 1024;

/** What packing needs of an event. */
export interface PackableEvent {
  event_id: string;
  subject: string;
  envelope: EventEnvelope;
}

/** An event with its envelope's JSON (computed once, for the size and the message). */
export interface Encoded<E extends PackableEvent> {
  event: E;
  json: string;
}

/** Groups `events` (in order) into messages; an event larger than MAX_PACK_BYTES goes alone. */
export function packEvents<E extends PackableEvent>(
  events: readonly E[],
  maxBytes = MAX_PACK_BYTES,
): Encoded<E>[][] {
  const packs: Encoded<E>[][] = [];
  let current: Encoded<E>[] = [];
  let bytes = 0;
  for (const event of events) {
    const json = JSON.stringify(event.envelope);
    const sameSubject = current[0]?.event.subject === event.subject;
    if (current.length > 0 && (!sameSubject || bytes + json.length + 1 > maxBytes)) {
      packs.push(current);
      current = [];
      bytes = 0;
    }
    current.push({ event, json });
    bytes += json.length + 1;
  }
  if (current.length > 0) packs.push(current);
  return packs;
}

/**
 * A de-duplication id (Nats-Msg-Id) for a message of several events: a digest of their ids in
 * order, so only a message of exactly the same events is dropped as a copy.
 */
export function packId(pack: readonly PackableEvent[]): string {
  const digest = createHash('sha256');
  for (const event of pack) digest.update(event.event_id).update(',');
  return `pack-${digest.digest('base64url')}`;
}
