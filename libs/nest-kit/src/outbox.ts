/**
 * The outbox relay: the publishing half of the transactional outbox (the writing half is
 * `outbox-writer.ts`). `OutboxRelay` publishes unsent rows to JetStream with `msgID = eventId`
 * (JetStream drops a republished id inside its duplicate window) and marks a row sent only after
 * the publish ack. It wakes on LISTEN/NOTIFY and polls as a fallback.
 */
import type pg from 'pg';
import { headers, type MsgHdrs, type NatsConnection } from '@nats-io/transport-node';
import { HEADERS, namespaced, type EventEnvelope } from '@lr/contracts';
import type { Logger } from './logger.js';
import { metrics, secondsSince } from './metrics.js';
import { contextOfTraceparent, endSpan, injectTrace, SpanKind, startSpan } from './tracing.js';
import { ReplyInbox } from './reply-inbox.js';
import { notifyChannel } from './outbox-writer.js';

/** JetStream's de-duplication header. */
const MSG_ID_HEADER = 'Nats-Msg-Id';
/** How long a publish may wait for JetStream's ack (the jetstream client's default). */
const PUBLISH_TIMEOUT_MS = 5000;
const decoder = new TextDecoder();
const BIGINT_TEXT = /^[0-9]+$/;

export interface OutboxRelayOptions {
  pool: pg.Pool;
  nc: NatsConnection;
  schema: string;
  namespace: string;
  logger: Logger;
  pollIntervalMs?: number;
  batchSize?: number;
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

export class OutboxRelay {
  /** Publishes go out as plain requests to the stream's subject; JetStream answers with an ack. */
  private readonly inbox: ReplyInbox;
  private listener: pg.PoolClient | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private draining: Promise<void> | undefined;
  private wakeAgain = false;
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
    // The publish in progress may be using the listening connection.
    await this.draining;
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
    await this.draining;
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

  /** A write in this process just committed: publish soon (ignored when stopped); never waits. */
  nudge(): void {
    if (this.running) this.wake();
  }

  private wake(): void {
    if (this.draining) {
      this.wakeAgain = true;
      return;
    }
    this.draining = this.drain().finally(() => {
      this.draining = undefined;
      if (this.wakeAgain && this.running) {
        this.wakeAgain = false;
        this.wake();
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (await this.publishBatch()) {
        // keep going while full batches come back
      }
    } catch (error) {
      this.options.logger.warn({ err: (error as Error).message }, 'outbox relay will retry');
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
    writtenMs: number,
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
    metrics.outbox.publishDelay.observe(labels, Math.max(0, Date.now() - writtenMs) / 1000);
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

  /** Returns true when a full batch was published (there may be more). */
  private async publishBatch(): Promise<boolean> {
    const { pool, schema, namespace, afterPublish } = this.options;
    const batchSize = Math.max(1, Math.trunc(this.options.batchSize ?? 100));
    // The relay's own connection is the one it listens on: taking one from the pool per batch
    // queued the relay behind every request waiting for a connection, so under load events waited
    // for the requests' backlog. Only one batch runs at a time, and a notification that arrives
    // during its transaction is delivered after it (and wakes the relay again).
    const own = this.listener;
    const client = own ?? (await pool.connect());
    try {
      // Two round trips per batch, not four: the claim goes with its BEGIN, the mark with its
      // COMMIT, as multi-statement simple queries (a round trip costs both processes a send and a
      // wake-up, more than parsing and planning these two statements). Marking rows sent need not
      // wait for its WAL flush: a mark lost in a crash only publishes those rows again, which
      // JetStream drops as duplicates (and consumers skip as processed). The next batch then
      // starts without waiting for the disk.
      const claimed = (await client.query(
        `BEGIN; SET LOCAL synchronous_commit TO off;
         SELECT id, event_id, subject, envelope,
                (extract(epoch FROM created_at) * 1000)::float8 AS written_ms
         FROM ${schema}.outbox
         WHERE sent_at IS NULL ORDER BY id LIMIT ${batchSize} FOR UPDATE SKIP LOCKED`,
      )) as unknown as pg.QueryResult<OutboxRow>[];
      const rows = claimed[claimed.length - 1]?.rows ?? [];
      if (!rows.every((row) => BIGINT_TEXT.test(row.id))) throw new Error('invalid outbox row id');
      const acked: string[] = [];
      try {
        // Publishes go out together on the one connection, so they reach the stream in outbox order;
        // each row counts as sent only once its own ack came back.
        const results = await Promise.allSettled(
          rows.map((row) => {
            const hdrs = headers();
            hdrs.set(HEADERS.correlationId, row.envelope.correlationId);
            // JetStream drops a second publish of the same id inside its duplicate window.
            hdrs.set(MSG_ID_HEADER, row.event_id);
            // The publish continues the trace of the change that wrote the row; consumers get the
            // publish span's context in the message headers.
            const span = startSpan(schema, `publish ${row.subject}`, {
              kind: SpanKind.PRODUCER,
              parent: contextOfTraceparent(row.envelope.traceparent),
              attributes: {
                'messaging.destination.name': row.subject,
                'lr.event_id': row.event_id,
              },
            });
            injectTrace(span, hdrs);
            return this.publishToStream(
              namespaced(namespace, row.subject),
              JSON.stringify(row.envelope),
              hdrs,
              row.written_ms,
            ).then(
              () => endSpan(span),
              (error: unknown) => {
                endSpan(span, error);
                throw error;
              },
            );
          }),
        );
        for (const [index, result] of results.entries()) {
          const row = rows[index] as OutboxRow;
          if (result.status === 'rejected') throw result.reason;
          if (afterPublish) await afterPublish(row.event_id);
          acked.push(row.id);
        }
      } finally {
        // Mark what was acked (one statement for the batch), even if a later publish failed; a row
        // published but not marked is published again later and dropped by JetStream's de-duplication.
        if (acked.length > 0) {
          // The ids are PostgreSQL's own bigints (digits only, checked when claimed), so they can be
          // written into the text.
          await client.query(
            `UPDATE ${schema}.outbox SET sent_at = now() WHERE id IN (${acked.join(',')}); COMMIT`,
          );
          this.published += acked.length;
          metrics.outbox.published.inc({ schema }, acked.length);
        } else {
          await client.query('COMMIT');
        }
      }
      const sent = acked.length;
      return sent === batchSize;
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
