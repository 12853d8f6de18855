/**
 * How events travel in a stream message. A message holds one event envelope (a JSON object), or
 * several of the same type that one outbox relay published together (a JSON array of envelopes, in
 * the order they were written): one message costs the broker, the publisher and every consumer the
 * same work whether it carries one event or fifty, so a transaction that writes many events of one
 * type (orders placed together, a stock batch's movements) sends them as one. Every reader of a
 * stream takes the events of a message with `eventsInMessage`.
 */

/** The header a message of several events carries: their ids, comma-separated, in order. */
export const EVENT_IDS_HEADER = 'Lr-Event-Ids';

/**
 * The events a message holds, as parsed JSON (not yet checked against the envelope schema): the
 * array's elements, or the one object. Throws when the message is not JSON.
 */
export function eventsInMessage(text: string): unknown[] {
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? parsed : [parsed];
}
