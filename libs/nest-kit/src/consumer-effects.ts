/**
 * The database side of a durable consumer: checking an event against its schema, recording events
 * as processed together with their effects (exactly-once), and the dead-letter row.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  EVENT_SCHEMAS,
  eventEnvelopeSchema,
  type EventDataMap,
  type EventEnvelope,
} from '@lr/contracts';
import { currentContext, runWithContext } from './context.js';
import type pg from 'pg';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { executeNamed, type Database, type Executor, type Transaction } from './db.js';
import type { DurableConsumerOptions, EventHandler } from './consumer-options.js';

/**
 * Checks one event of a message (parsed JSON, see contracts `eventsInMessage`) as an envelope; its
 * data is validated only when the consumer handles its type (an envelope of another type on a
 * handled subject is acknowledged without validating its data).
 */
export function parseEvent(
  value: unknown,
  handledTypes: readonly string[],
): EventEnvelope<unknown> {
  const envelope = eventEnvelopeSchema.parse(value);
  if (!handledTypes.includes(envelope.type)) return envelope;
  const schema = EVENT_SCHEMAS[envelope.type as keyof typeof EVENT_SCHEMAS];
  if (!schema) throw new Error(`unknown event type ${envelope.type}`);
  return { ...envelope, data: schema.parse(envelope.data) };
}

const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NAME_TEXT = /^[A-Za-z0-9_.-]+$/;
const SCHEMA_TEXT = /^[a-z_][a-z0-9_]*$/;

interface DrizzleSessionInternals {
  session: { client: pg.Pool; schema: unknown; options: Record<string, unknown> };
  dialect: ConstructorParameters<typeof NodePgTransaction>[0];
}

/** The transactions of durable consumers' batches, opened by `recordInTransaction` only. */
const batchTransactions = new WeakSet<object>();

/**
 * Runs a statement of a consumer batch's effects, which finds its rows by key. Inside the batch's
 * transaction it is a named prepared statement (`executeNamed`): parsed once per connection, and
 * after a few runs planned once too. That is safe there and nowhere else: the batch transaction
 * plans with sequential scans off, so the plan PostgreSQL keeps is an index lookup however small the
 * tables were when it was made, and stays one as they grow. A plan kept from a transaction with the
 * default settings could be a scan that was right for a small table and never replaced (nothing
 * replans it until the table's statistics change). So anywhere else (a rebuild, a script) the
 * statement is planned on every run. The same rule as `executeNamed`: one text per name.
 */
export function executeInBatch<T extends Record<string, unknown>>(
  exec: Executor,
  name: string,
  query: SQL,
): Promise<pg.QueryResult<T>> {
  if (batchTransactions.has(exec)) return executeNamed<T>(exec, name, query);
  return exec.execute<T>(query) as Promise<pg.QueryResult<T>>;
}

/**
 * Runs `effects` in one transaction of its own connection, opened by the same round trip that
 * records the events as processed (`BEGIN; INSERT ... RETURNING`, a simple query with the ids in
 * its text), so a consumer batch costs one round trip less than Drizzle's `transaction` (which
 * sends `begin` alone). `effects` gets a Drizzle transaction on that connection and the ids that
 * were new. Rolled back on any error.
 *
 * The transaction plans without sequential scans where an index serves (`enable_seqscan` off, for
 * this transaction only): an event's effects find the rows of the entities it names, and while a
 * table is a few thousand rows the planner's costs (random reads priced as from disk) prefer
 * reading all of it, dead row versions included, to a few index probes, in every batch. Because
 * of that, the effects' statements may be prepared once per connection (`executeInBatch`).
 */
export async function recordInTransaction<T>(
  db: Database,
  options: DurableConsumerOptions,
  envelopes: readonly EventEnvelope<unknown>[],
  effects: (tx: Transaction, fresh: Set<string>) => Promise<T>,
): Promise<T> {
  const ids = envelopes.map((e) => e.eventId);
  // Everything written into the text is checked first: envelopes were parsed (eventId is a uuid),
  // the schema and consumer name come from code.
  if (!ids.every((id) => UUID_TEXT.test(id))) throw new Error('invalid event id');
  if (!NAME_TEXT.test(options.name) || !SCHEMA_TEXT.test(options.schema))
    throw new Error(`invalid consumer ${options.schema}/${options.name}`);
  const { session, dialect } = db as unknown as DrizzleSessionInternals;
  const client = await session.client.connect();
  let broken: Error | undefined;
  try {
    const results = (await client.query(
      `BEGIN; SET LOCAL enable_seqscan TO off;
       INSERT INTO ${options.schema}.processed_events (consumer, event_id)
       SELECT '${options.name}', id FROM unnest('{${ids.join(',')}}'::uuid[]) AS id
       ON CONFLICT DO NOTHING RETURNING event_id`,
    )) as unknown as pg.QueryResult<{ event_id: string }>[];
    const fresh = new Set((results[results.length - 1]?.rows ?? []).map((r) => r.event_id));
    const txSession = new NodePgSession(client, dialect, session.schema as never, session.options);
    const tx = new NodePgTransaction(dialect, txSession, session.schema as never) as Transaction;
    batchTransactions.add(tx);
    const result = await effects(tx, fresh);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    // Whatever failed (the insert, an effect, the commit), the connection goes back to the pool
    // outside any transaction; one whose rollback fails is closed instead.
    await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * Records the events as processed and runs the effects of those not seen before, in one
 * transaction (recordInTransaction), in stream order; returns per event whether it was new (false:
 * a duplicate, nothing changed).
 */
export async function applyEvents(
  db: Database,
  options: DurableConsumerOptions,
  envelopes: readonly EventEnvelope<unknown>[],
): Promise<boolean[]> {
  return recordInTransaction(db, options, envelopes, (tx, fresh) =>
    runEffects(tx, options, envelopes, fresh),
  );
}

async function runEffects(
  tx: Transaction,
  options: DurableConsumerOptions,
  envelopes: readonly EventEnvelope<unknown>[],
  fresh: Set<string>,
): Promise<boolean[]> {
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
