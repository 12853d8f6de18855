import { randomUUID } from 'node:crypto';
import { eventsInMessage } from '@lr/contracts';
import { packEvents, packId, type PackableEvent } from './event-packs.js';

function event(subject: string, note = ''): PackableEvent {
  const eventId = randomUUID();
  return {
    event_id: eventId,
    subject,
    envelope: {
      eventId,
      type: subject,
      version: 1,
      occurredAt: '2026-11-27T10:00:00.000Z',
      correlationId: 'c',
      data: { note },
    },
  };
}

const idsOf = (packs: { event: PackableEvent }[][]) =>
  packs.map((pack) => pack.map(({ event: e }) => e.event_id));

describe('event packs', () => {
  it('groups each run of one subject, in order, and starts a new message at another subject', () => {
    const [a1, a2, b1, a3] = [event('a'), event('a'), event('b'), event('a')] as PackableEvent[];
    expect(idsOf(packEvents([a1!, a2!, b1!, a3!]))).toEqual([
      [a1!.event_id, a2!.event_id],
      [b1!.event_id],
      [a3!.event_id],
    ]);
    expect(packEvents([])).toEqual([]);
  });

  it('keeps a message under its size, and sends an event larger than that alone', () => {
    const small = [event('a', 'x'.repeat(300)), event('a', 'x'.repeat(300))];
    const large = event('a', 'x'.repeat(2_000));
    const last = event('a', 'x'.repeat(300));
    const packs = packEvents([...small, large, last], 1_000);
    expect(idsOf(packs)).toEqual([small.map((e) => e.event_id), [large.event_id], [last.event_id]]);
    for (const pack of packs.filter((p) => p.length > 1)) {
      expect(pack.reduce((sum, { json }) => sum + json.length + 1, 0)).toBeLessThanOrEqual(1_000);
    }
  });

  it("encodes each envelope as the message's JSON, which reads back as the events", () => {
    const events = [event('a'), event('a')];
    const [pack] = packEvents(events);
    const body = `[${pack!.map(({ json }) => json).join(',')}]`;
    expect(eventsInMessage(body)).toEqual(events.map((e) => e.envelope));
    expect(eventsInMessage(pack![0]!.json)).toEqual([events[0]!.envelope]);
  });

  it('names a pack by exactly its events and their order', () => {
    const [a, b, c] = [event('a'), event('a'), event('a')] as PackableEvent[];
    expect(packId([a!, b!])).toBe(packId([a!, b!]));
    expect(packId([a!, b!])).not.toBe(packId([b!, a!]));
    expect(packId([a!, b!])).not.toBe(packId([a!, b!, c!]));
    expect(packId([a!, b!])).toMatch(/^pack-[A-Za-z0-9_-]{43}$/);
  });
});
