/**
 * The outbox relay: the publishing half of the transactional outbox (the writing half is
 * `outbox-writer.ts`). `OutboxRelay` publishes unsent rows to JetStream with `msgID = eventId`
 * (JetStream drops a republished id inside its duplicate window) and marks a row sent only after
 * the publish ack. Consecutive events of one type that are published together go as one message
 * (contracts `event-message.ts`).
 *
 * Two ways in. Events this process committed are handed over by OutboxWriter (`handOver`) and
 * published from memory: no statement claims them, and the marks of everything published in a short
 * while go out as one statement. Everything else (rows of a process that stopped before publishing,
 * of another replica, of a transaction that notified) is claimed from the table, when a
 * notification wakes the relay and on a poll.
 */
import type pg from 'pg';
import { headers, type MsgHdrs, type NatsConnection } from '@nats-io/transport-node';
import { EVENT_IDS_HEADER, HEADERS, namespaced, type EventEnvelope } from '@lr/contracts';
import type { Logger } from './logger.js';
import { metrics, secondsSince } from './metrics.js';
import { contextOfTraceparent, endSpan, injectTrace, SpanKind, startSpan } from './tracing.js';
import { ReplyInbox } from './reply-inbox.js';
import { packEvents, packId, type Encoded } from './event-packs.js';
import { notifyChannel } from './outbox-writer.js';

/** JetStream's de-duplication header. */
const MSG_ID_HEADER = 'Nats-Msg-Id';
/** How long a publish may wait for JetStream's ack (the jetstream client's default). */
const PUBLISH_TIMEOUT_MS = 5000;
/**
 * How long the marks of handed-over events may wait, to go out together: a row published but not
 * yet marked is only published again (and dropped as a duplicate) if this process stops first.
 */
const MARK_DELAY_MS = 100;
/** Marks kept while PostgreSQL is unreachable; beyond it the rows are simply published again. */
const MAX_UNMARKED = 10_000;
const decoder = new TextDecoder();
const BIGINT_TEXT = /^[0-9]+$/;
const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface OutboxRelayOptions {
  pool: pg.Pool;
  nc: NatsConnection;
  schema: string;
  namespace: string;
  logger: Logger;
  pollIntervalMs?: number;
  batchSize?: number;
  /**
   * How long a handed-over event waits for company before it is published, from the first one
   * waiting (default 0: at once); what arrives meanwhile goes with it, as one message per run of
   * one type.
   */
  publishWindowMs?: number;
  /** Test hook: runs after a publish is acked and before the row is marked sent. */
  afterPublish?: (eventId: string) => void | Promise<void>;
}

interface OutboxRow {
  id: string;
  event_id: string;
  subject: string;
  envelope: EventEnvelope;
  /** When the transaction that wrote the row started (epoch ms), a moment before its commit. */
  written_ms: number;
}

/** An event to publish: a claimed row, or an event handed over as it committed. */
type Publishable = Omit<OutboxRow, 'id'>;

export class OutboxRelay {
  /** Publishes go out as plain requests to the stream's subject; JetStream answers with an ack. */
  private readonly inbox: ReplyInbox;
  private listener: pg.PoolClient | undefined;
  private timer: NodeJS.Timeout | undefined;
  private markTimer: NodeJS.Timeout | undefined;
  /** Set while handed-over events wait for company (`publishWindowMs`). */
  private windowTimer: NodeJS.Timeout | undefined;
  private running = false;
  private draining: Promise<void> | undefined;
  private wakeAgain = false;
  /** The next drain also claims unsent rows from the table (a poll, a notification, a flush). */
  private claimDue = false;
  /** The next drain writes the marks waiting in `unmarked`. */
  private markDue = false;
  /** Events committed by this process, waiting to be published from memory. */
  private handedOver: Publishable[] = [];
  /** Event ids published from memory and acked, not yet marked sent in the table. */
  private unmarked: string[] = [];
  /** Count of events published since start (for tests and metrics). */
  published = 0;

  constructor(private readonly options: OutboxRelayOptions) {
    this.inbox = new ReplyInbox(options.nc);
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.listen();
    this.schedulePoll();
    this.wake();
  }

  /** Stops waking; waits for the publish in progress. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    if (this.markTimer) clearTimeout(this.markTimer);
    this.markTimer = undefined;
    if (this.windowTimer) clearTimeout(this.windowTimer);
    this.windowTimer = undefined;
    // The publish in progress may be using the listening connection.
    await this.idle();
    // What was published stays marked, so a restart does not publish it again.
    await this.markPublished().catch((error: unknown) =>
      this.options.logger.warn({ err: (error as Error).message }, 'outbox marks left unwritten'),
    );
    this.handedOver = [];
    if (this.listener) {
      // A LISTENing connection never goes back to the pool: another user would get its notifications.
      const listener = this.listener;
      this.listener = undefined;
      listener.removeAllListeners('notification');
      listener.removeAllListeners('error');
      listener.on('error', () => undefined);
      listener.release(true);
    }
  }

  /** Publishes everything unsent now; resolves when the outbox is empty (or publishing failed). */
  async flush(): Promise<void> {
    this.wake();
    await this.idle();
  }

  /** Resolves when no drain runs (one that a wake-up queued behind the current one included). */
  private async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async listen(): Promise<void> {
    try {
      const client = await this.options.pool.connect();
      let released = false;
      const drop = () => {
        if (released) return;
        released = true;
        client.release(true);
      };
      client.on('notification', () => this.wake());
      client.on('error', () => {
        // The connection died (e.g. PostgreSQL restarted): polling carries on; try to listen again.
        if (this.listener === client) this.listener = undefined;
        drop();
        if (this.running) setTimeout(() => void this.listen(), 1000).unref();
      });
      await client.query(`LISTEN ${notifyChannel(this.options.schema)}`);
      if (!this.running) {
        // Stopped while connecting.
        drop();
        return;
      }
      this.listener = client;
    } catch (error) {
      this.options.logger.warn({ err: error }, 'outbox LISTEN failed; relying on polling');
      if (this.running) setTimeout(() => void this.listen(), 1000).unref();
    }
  }

  private schedulePoll(): void {
    if (!this.running) return;
    this.timer = setTimeout(() => {
      this.wake();
      this.schedulePoll();
    }, this.options.pollIntervalMs ?? 1000);
    this.timer.unref();
  }

  /**
   * Events that this process has just committed to the outbox: published from memory soon (after
   * the publish window, if any), never waits. Ignored when stopped (the rows stay unsent in the
   * table for the next relay to claim).
   */
  handOver(events: readonly EventEnvelope[]): void {
    if (!this.running || events.length === 0) return;
    // Handed over right after the commit: the publish delay counts from now, as a claimed row's
    // counts from its transaction (the envelope's time may be older: built before the write waited).
    const committedMs = Date.now();
    for (const envelope of events) {
      this.handedOver.push({
        event_id: envelope.eventId,
        subject: envelope.type,
        envelope,
        written_ms: committedMs,
      });
    }
    const windowMs = this.options.publishWindowMs ?? 0;
    if (windowMs <= 0) {
      this.wake(false);
      return;
    }
    this.windowTimer ??= setTimeout(() => {
      this.windowTimer = undefined;
      this.wake(false);
    }, windowMs);
  }

  /** `claim`: also claim unsent rows from the table (not needed for handed-over events). */
  private wake(claim = true): void {
    if (claim) this.claimDue = true;
    if (this.draining) {
      this.wakeAgain = true;
      return;
    }
    this.draining = this.drain().finally(() => {
      this.draining = undefined;
      if (this.wakeAgain && this.running) {
        this.wakeAgain = false;
        this.wake(false);
      }
    });
  }

  private async drain(): Promise<void> {
    const claim = this.claimDue;
    this.claimDue = false;
    try {
      await this.publishHandedOver();
      const batchSize = this.batchSize();
      // Before a claim, so the rows just published from memory are not claimed and sent again.
      if (claim || this.markDue || this.unmarked.length >= batchSize) await this.markPublished();
      if (claim && (await this.anyUnsent())) {
        while (await this.publishBatch()) {
          // keep going while full batches come back
        }
      }
    } catch (error) {
      this.options.logger.warn({ err: (error as Error).message }, 'outbox relay will retry');
    }
    this.scheduleMark();
  }

  private batchSize(): number {
    return Math.max(1, Math.trunc(this.options.batchSize ?? 100));
  }

  private scheduleMark(): void {
    if (!this.running || this.markTimer || this.unmarked.length === 0) return;
    this.markTimer = setTimeout(() => {
      this.markTimer = undefined;
      this.markDue = true;
      this.wake(false);
    }, MARK_DELAY_MS);
    this.markTimer.unref();
  }

  /**
   * Publishes the handed-over events. One that fails stays unsent in the table, where the next
   * claim finds it.
   */
  private async publishHandedOver(): Promise<void> {
    while (this.handedOver.length > 0) {
      const events = this.handedOver.splice(0, this.batchSize());
      const { acked, error } = await this.publishAll(events);
      this.unmarked.push(...acked);
      if (error) throw error;
    }
  }

  /**
   * Marks the events published from memory as sent, in one statement without waiting for its WAL
   * flush (a mark lost in a crash only publishes those rows again, which JetStream drops as
   * duplicates and consumers skip as processed). Kept for the next try when PostgreSQL fails.
   */
  private async markPublished(): Promise<void> {
    this.markDue = false;
    if (this.unmarked.length === 0) return;
    const ids = this.unmarked;
    this.unmarked = [];
    if (!ids.every((id) => UUID_TEXT.test(id))) throw new Error('invalid outbox event id');
    const { schema } = this.options;
    try {
      // One round trip: a multi-statement simple query, so the ids (checked above) are written
      // into the text.
      await this.inTransaction((client) =>
        client.query(
          `BEGIN; SET LOCAL synchronous_commit TO off;
           UPDATE ${schema}.outbox SET sent_at = now()
           WHERE event_id IN (${ids.map((id) => `'${id}'`).join(',')}) AND sent_at IS NULL;
           COMMIT`,
        ),
      );
    } catch (error) {
      this.unmarked = [...ids, ...this.unmarked].slice(-MAX_UNMARKED);
      throw error;
    }
    this.published += ids.length;
    metrics.outbox.published.inc({ schema }, ids.length);
  }

  /**
   * Publishes `events` together on the one connection, so they reach the stream in this order:
   * consecutive events of one type go as one message (`packEvents`); an event counts as acked only
   * once its message's ack came back. Resolves with the ids acked before the first failure, and
   * that failure.
   */
  private async publishAll(
    events: readonly Publishable[],
  ): Promise<{ acked: string[]; error?: unknown }> {
    const packs = packEvents(events);
    const results = await Promise.allSettled(packs.map((pack) => this.publishPack(pack)));
    const acked: string[] = [];
    for (const [index, result] of results.entries()) {
      if (result.status === 'rejected') return { acked, error: result.reason };
      for (const { event } of packs[index] as Encoded<Publishable>[]) {
        try {
          if (this.options.afterPublish) await this.options.afterPublish(event.event_id);
        } catch (error) {
          return { acked, error };
        }
        acked.push(event.event_id);
      }
    }
    return { acked };
  }

  /** Publishes one message holding `pack` (events of one subject) and waits for its ack. */
  private async publishPack(encoded: readonly Encoded<Publishable>[]): Promise<void> {
    const { schema, namespace } = this.options;
    const pack = encoded.map(({ event }) => event);
    const first = pack[0] as Publishable;
    const hdrs = headers();
    hdrs.set(HEADERS.correlationId, first.envelope.correlationId);
    // JetStream drops a second publish of the same id inside its duplicate window. A pack's id
    // names exactly its events: a republish that groups them differently is a new message, whose
    // events the consumers skip as already processed.
    hdrs.set(MSG_ID_HEADER, pack.length === 1 ? first.event_id : packId(pack));
    if (pack.length > 1) hdrs.set(EVENT_IDS_HEADER, pack.map((e) => e.event_id).join(','));
    // The publish continues the trace of the change that wrote the (first) event; consumers get
    // the publish span's context in the message headers.
    const span = startSpan(schema, `publish ${first.subject}`, {
      kind: SpanKind.PRODUCER,
      parent: contextOfTraceparent(first.envelope.traceparent),
      attributes: {
        'messaging.destination.name': first.subject,
        'messaging.batch.message_count': pack.length,
        'lr.event_id': first.event_id,
      },
    });
    injectTrace(span, hdrs);
    // The pack's other events were written by other changes: each of their traces gets a publish
    // span of its own (ended with the message's), so a trace kept by sampling is whole.
    const traceparents = new Set([first.envelope.traceparent]);
    const companions = pack.slice(1).flatMap((event) => {
      const traceparent = event.envelope.traceparent;
      if (!traceparent || traceparents.has(traceparent)) return [];
      traceparents.add(traceparent);
      return [
        startSpan(schema, `publish ${first.subject}`, {
          kind: SpanKind.PRODUCER,
          parent: contextOfTraceparent(traceparent),
          attributes: {
            'messaging.destination.name': first.subject,
            'messaging.batch.message_count': pack.length,
            'lr.event_id': event.event_id,
          },
        }),
      ];
    });
    const payload =
      encoded.length === 1
        ? (encoded[0] as Encoded<Publishable>).json
        : `[${encoded.map(({ json }) => json).join(',')}]`;
    try {
      await this.publishToStream(
        namespaced(namespace, first.subject),
        payload,
        hdrs,
        pack.map((e) => e.written_ms),
      );
      for (const each of [span, ...companions]) endSpan(each);
    } catch (error) {
      for (const each of [span, ...companions]) endSpan(each, error);
      throw error;
    }
  }

  /**
   * Publishes one message to the stream that holds `subject` and waits for JetStream's ack (what
   * `jetstream().publish` does, without its per-request overhead: see ReplyInbox).
   */
  private async publishToStream(
    subject: string,
    payload: string,
    hdrs: MsgHdrs,
    /** When each event of the message was written. */
    writtenMs: readonly number[],
  ): Promise<void> {
    const start = process.hrtime.bigint();
    const labels = { schema: this.options.schema };
    try {
      await this.requestAck(subject, payload, hdrs);
    } catch (error) {
      metrics.outbox.publishFailures.inc(labels);
      throw error;
    }
    metrics.outbox.publishDuration.observe(labels, secondsSince(start));
    const now = Date.now();
    for (const written of writtenMs)
      metrics.outbox.publishDelay.observe(labels, Math.max(0, now - written) / 1000);
  }

  private async requestAck(subject: string, payload: string, hdrs: MsgHdrs): Promise<void> {
    const reply = await this.inbox.request(subject, payload, {
      timeoutMs: PUBLISH_TIMEOUT_MS,
      headers: hdrs,
    });
    const ack = JSON.parse(decoder.decode(reply.data)) as PubAck;
    if (ack.error)
      throw new Error(`JetStream refused ${subject}: ${ack.error.description ?? ack.error.code}`);
    if (!ack.stream) throw new Error(`JetStream sent an invalid ack for ${subject}`);
  }

  /**
   * Whether any row waits unsent: one prepared statement on the unsent rows' index, no
   * transaction. Most claims (the poll every second, on an idle service nearly all day) find
   * nothing, and the claim's transaction costs two round trips and a parse and plan of its text.
   * It reads a column the index does not hold on purpose, so it is an index scan like the claim's:
   * an index-only form (`EXISTS`) went on visiting the stale entries of the rows marked sent since
   * the last vacuum on every call (docs/adr/0307).
   */
  private async anyUnsent(): Promise<boolean> {
    const { schema } = this.options;
    const { rows } = await (this.listener ?? this.options.pool).query<{ event_id: string }>({
      name: `${schema}.outbox-any-unsent`,
      text: `SELECT event_id FROM ${schema}.outbox WHERE sent_at IS NULL ORDER BY id LIMIT 1`,
    });
    return rows.length > 0;
  }

  /** Claims unsent rows and publishes them; true when a full batch was published (there may be more). */
  private async publishBatch(): Promise<boolean> {
    const { schema } = this.options;
    const batchSize = this.batchSize();
    const { full, publishError } = await this.inTransaction(async (client) => {
      // Two round trips per batch, not four: the claim goes with its BEGIN, the mark with its
      // COMMIT, as multi-statement simple queries (a round trip costs both processes a send and a
      // wake-up, more than parsing and planning these two statements). Marking rows sent need not
      // wait for its WAL flush (see markPublished).
      const claimed = (await client.query(
        `BEGIN; SET LOCAL synchronous_commit TO off;
         SELECT id, event_id, subject, envelope,
                (extract(epoch FROM created_at) * 1000)::float8 AS written_ms
         FROM ${schema}.outbox
         WHERE sent_at IS NULL ORDER BY id LIMIT ${batchSize} FOR UPDATE SKIP LOCKED`,
      )) as unknown as pg.QueryResult<OutboxRow>[];
      const rows = claimed[claimed.length - 1]?.rows ?? [];
      if (!rows.every((row) => BIGINT_TEXT.test(row.id))) throw new Error('invalid outbox row id');
      // A claimed row may also wait in memory (it committed while this claim ran): once is enough.
      if (rows.length > 0 && this.handedOver.length > 0) {
        const claimedIds = new Set(rows.map((row) => row.event_id));
        this.handedOver = this.handedOver.filter((event) => !claimedIds.has(event.event_id));
      }
      const { acked, error } = await this.publishAll(rows);
      // Mark what was acked (one statement for the batch), even if a later publish failed; a row
      // published but not marked is published again later and dropped by JetStream's de-duplication.
      if (acked.length > 0) {
        const ackedIds = new Set(acked);
        // The ids are PostgreSQL's own bigints (digits only, checked when claimed), so they can be
        // written into the text.
        const rowIds = rows.filter((row) => ackedIds.has(row.event_id)).map((row) => row.id);
        await client.query(
          `UPDATE ${schema}.outbox SET sent_at = now() WHERE id IN (${rowIds.join(',')}); COMMIT`,
        );
        this.published += acked.length;
        metrics.outbox.published.inc({ schema }, acked.length);
      } else {
        await client.query('COMMIT');
      }
      return { full: acked.length === batchSize, publishError: error };
    });
    if (publishError) throw publishError;
    return full;
  }

  /**
   * Runs `work` (a transaction it opens and commits itself) on the relay's own connection, the one
   * it listens on, or one of the pool's when it has none; rolls back when `work` fails (a failed
   * statement leaves the connection inside the aborted transaction). Taking a pool connection per
   * batch queued the relay behind every request waiting for one, so under load events waited for
   * the requests' backlog. Only one drain runs at a time, and a notification that arrives during
   * its transaction is delivered after it (and wakes the relay again).
   */
  private async inTransaction<T>(work: (client: pg.ClientBase) => Promise<T>): Promise<T> {
    const own = this.listener;
    const client = own ?? (await this.options.pool.connect());
    try {
      return await work(client);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      if (!own) client.release();
    }
  }
}

interface PubAck {
  stream?: string;
  seq?: number;
  error?: { code?: number; description?: string };
}

/** Number of events not yet published (health and tests). */
export async function countUnsent(pool: pg.Pool, schema: string): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM ${schema}.outbox WHERE sent_at IS NULL`,
  );
  return Number(rows[0]?.n ?? 0);
}
