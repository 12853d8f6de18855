/**
 * The database side of a durable consumer: checking an event against its schema, recording events
 * as processed together with their effects (exactly-once), and the dead-letter row.
 */
import { sql } from 'drizzle-orm';
import {
  EVENT_SCHEMAS,
  eventEnvelopeSchema,
  type EventDataMap,
  type EventEnvelope,
} from '@lr/contracts';
import { currentContext, runWithContext } from './context.js';
import { executeNamed, type Database, type Transaction } from './db.js';
import type { DurableConsumerOptions, EventHandler } from './consumer-options.js';

/**
 * Parses an envelope; its data is validated only when the consumer handles its type (an envelope
 * of another type on a handled subject is acknowledged without validating its data).
 */
export function parseEvent(raw: string, handledTypes: readonly string[]): EventEnvelope<unknown> {
  const envelope = eventEnvelopeSchema.parse(JSON.parse(raw));
  if (!handledTypes.includes(envelope.type)) return envelope;
  const schema = EVENT_SCHEMAS[envelope.type as keyof typeof EVENT_SCHEMAS];
  if (!schema) throw new Error(`unknown event type ${envelope.type}`);
  return { ...envelope, data: schema.parse(envelope.data) };
}

/**
 * Records the events as processed and runs the effects of those not seen before, inside `tx`, in
 * stream order; returns per event whether it was new (false: a duplicate, nothing changed).
 */
export async function applyEvents(
  tx: Transaction,
  options: DurableConsumerOptions,
  envelopes: readonly EventEnvelope<unknown>[],
): Promise<boolean[]> {
  const ids = envelopes.map((e) => e.eventId);
  const inserted = await executeNamed<{ event_id: string }>(
    tx,
    `${options.schema}.record-processed`,
    sql`INSERT INTO ${sql.identifier(options.schema)}.processed_events (consumer, event_id)
        SELECT ${options.name}, id FROM unnest(${sql.param(ids)}::uuid[]) AS id
        ON CONFLICT DO NOTHING RETURNING event_id`,
  );
  const fresh = new Set(inserted.rows.map((r) => r.event_id));
  // The same event twice in one batch: only its first copy is new.
  const isNew = envelopes.map((e) => fresh.delete(e.eventId.toLowerCase()));
  const events = envelopes.filter((_, i) => isNew[i]);
  const { batchHandler, handlers = {} } = options;
  if (batchHandler) {
    if (events.length > 0) await batchHandler(tx, events);
    return isNew;
  }
  for (const event of events) {
    const handler = handlers[event.type as keyof EventDataMap] as EventHandler | undefined;
    if (handler) {
      await runWithContext({ ...currentContext(), correlationId: event.correlationId }, () =>
        handler(tx, event),
      );
    }
  }
  return isNew;
}

/** A message that will not be delivered again, kept for an operator with why it failed. */
export interface DeadLetter {
  eventId: string | null;
  subject: string;
  raw: string;
  error: string;
  deliveries: number;
}

export async function insertDeadLetter(
  db: Database,
  options: DurableConsumerOptions,
  letter: DeadLetter,
): Promise<void> {
  await db.execute(
    sql`INSERT INTO ${sql.identifier(options.schema)}.dead_letters
          (consumer, event_id, subject, payload, error, deliveries)
        VALUES (${options.name}, ${letter.eventId}, ${letter.subject}, ${letter.raw},
                ${letter.error}, ${letter.deliveries})`,
  );
}
