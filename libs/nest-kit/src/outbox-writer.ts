/**
 * The writing half of the transactional outbox: every service writes the events of a change into
 * its own `outbox` table in the same transaction as the change, so an event exists if and only if
 * the change committed (no event lost after a commit, none sent for a change rolled back). The
 * relay (`outbox.ts`) publishes the rows afterwards.
 */
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { EVENT_SCHEMAS, type EventDataMap, type EventEnvelope } from '@lr/contracts';
import { currentContext, currentCorrelationId } from './context.js';
import type { Executor } from './db.js';
import { currentTraceparent } from './tracing.js';

export type OutboxEventType = keyof EventDataMap;

/** The LISTEN/NOTIFY channel on which a schema's relays are woken. */
export function notifyChannel(schema: string): string {
  return `${schema}_outbox`;
}

/** Drizzle's transactions have `rollback`; the database itself does not. */
function isTransaction(exec: Executor): boolean {
  return typeof (exec as { rollback?: unknown }).rollback === 'function';
}

export class OutboxWriter {
  /** Transactions that already asked the relay to wake (one NOTIFY per transaction is enough). */
  private readonly notified = new WeakSet<object>();
  /** Gives committed events to this process's own relay (set by the kit when it creates the relay). */
  private handOverToRelay: ((events: readonly EventEnvelope[]) => void) | undefined;

  constructor(private readonly schema: string) {}

  /** The kit connects the relay of the same process, so committed events go to it directly. */
  useRelay(handOver: (events: readonly EventEnvelope[]) => void): void {
    this.handOverToRelay = handOver;
  }

  /** The outbox table, for statements that write events in SQL. */
  get table(): SQL {
    return sql`${sql.identifier(this.schema)}.outbox`;
  }

  /**
   * An INSERT of `events` into the outbox in the given order (their ids follow it, and so does
   * publishing), for a data-modifying CTE of a larger statement. `onlyWith` names a CTE of that
   * statement to join: the events go in only when it returned a row (e.g. a version-guarded update).
   * The text depends on `onlyWith` only, so the statement can be a named one.
   */
  insertEvents(events: readonly EventEnvelope[], onlyWith?: SQL): SQL {
    const rows = events.map((e) => ({ event_id: e.eventId, subject: e.type, envelope: e }));
    return sql`INSERT INTO ${this.table} (event_id, subject, envelope)
      SELECT e.event_id, e.subject, e.envelope
      FROM ROWS FROM (jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
                        AS (event_id uuid, subject text, envelope jsonb))
             WITH ORDINALITY AS e(event_id, subject, envelope, n)${onlyWith ? sql`, ${onlyWith}` : sql``}
      ORDER BY e.n`;
  }

  /**
   * Validates `data` against the event's schema and wraps it in an envelope with a new event id.
   * `version` is the version of the entity the event is about.
   */
  envelope<T extends OutboxEventType>(
    type: T,
    data: EventDataMap[T],
    version: number,
  ): EventEnvelope<EventDataMap[T]> {
    const schema = EVENT_SCHEMAS[type];
    const traceparent = currentTraceparent();
    return {
      eventId: randomUUID(),
      type,
      version,
      occurredAt: new Date().toISOString(),
      correlationId: currentCorrelationId(),
      ...(traceparent ? { traceparent } : {}),
      data: schema.parse(data) as EventDataMap[T],
    };
  }

  /** Stores a new event (see `envelope`) for publishing, in the caller's transaction. */
  async write<T extends OutboxEventType>(
    tx: Executor,
    type: T,
    data: EventDataMap[T],
    version: number,
  ): Promise<EventEnvelope<EventDataMap[T]>> {
    const envelope = this.envelope(type, data, version);
    await tx.execute(
      sql`INSERT INTO ${this.table} (event_id, subject, envelope)
          VALUES (${envelope.eventId}, ${type}, ${JSON.stringify(envelope)}::jsonb)`,
    );
    await this.written(tx, [envelope]);
    return envelope;
  }

  /**
   * Tells the relay about `events`, just written to the outbox with `exec` exactly as given (the
   * caller makes sure: an event a guarded statement did not insert must not be named here).
   *
   * Outside a transaction the statement has committed, so this process's relay gets the events
   * directly and publishes them without reading them back, and there is no NOTIFY: PostgreSQL
   * (before 17) serialises the commits of every transaction that notifies, WAL flush included,
   * which capped order placement at about one commit per disk flush. Inside a transaction whose
   * runner runs what it is asked to after the commit (the durable consumer: `afterCommit` in the
   * context), the relay gets them then, also without NOTIFY; a rolled-back transaction runs
   * nothing. Inside any other transaction a NOTIFY (delivered at commit, once per transaction)
   * wakes the relay, which claims the rows from the table. Relays of other replicas find rows left
   * unsent by polling.
   */
  async written(exec: Executor, events: readonly EventEnvelope[]): Promise<void> {
    const handOver = this.handOverToRelay;
    if (!isTransaction(exec)) {
      if (handOver) handOver(events);
      else await exec.execute(sql.raw(`NOTIFY ${notifyChannel(this.schema)}`));
      return;
    }
    const afterCommit = currentContext()?.afterCommit;
    if (afterCommit && handOver) {
      afterCommit.push(() => handOver(events));
      return;
    }
    if (this.notified.has(exec)) return;
    this.notified.add(exec);
    await exec.execute(sql.raw(`NOTIFY ${notifyChannel(this.schema)}`));
  }
}
