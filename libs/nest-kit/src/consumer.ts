/**
 * A JetStream durable pull consumer with exactly-once effects: every service that reacts to another
 * service's events (inventory, the report's read model, commit rejections) consumes through it.
 *
 * For each message: validate the envelope and its data, then in ONE database transaction record the
 * event id in `processed_events` and run the handler's effect. A duplicate or redelivered event finds
 * its id already recorded and changes nothing. Ack after commit; on failure nak with backoff; after
 * the last allowed delivery the message goes to `dead_letters`, is logged loudly, and is terminated
 * so the consumer goes on with the next one. Messages are handled in stream order; those already
 * waiting are applied together in one transaction (one commit for many events keeps up with bursts
 * on a disk that syncs a few hundred times a second). If any of them fails, the batch is rolled back
 * and its messages are handled one at a time, so only the failing one is retried.
 */
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  type ConsumerMessages,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import { namespaced, namespacedStream, type EventEnvelope } from '@lr/contracts';
import { currentContext, currentCorrelationId, runWithContext } from './context.js';
import type { Database } from './db.js';
import type { Logger } from './logger.js';
import { metrics, secondsSince, type GaugeSample } from './metrics.js';
import { endSpan, extractTrace, linksTo, SpanKind, startSpan, type Span } from './tracing.js';
import { applyEvents, insertDeadLetter, parseEvent } from './consumer-effects.js';
import { DeliveryQueue } from './consumer-queue.js';
import type { ConsumerStats, DurableConsumerOptions } from './consumer-options.js';

export type {
  BatchEventHandler,
  ConsumerStats,
  DurableConsumerOptions,
  EventHandler,
  EventHandlers,
} from './consumer-options.js';

export class DurableConsumer {
  private messages: ConsumerMessages | undefined;
  private loop: Promise<void> | undefined;
  private stopping = false;
  /** Messages received and not yet handled, in stream order. */
  private readonly queue = new DeliveryQueue();
  private jsm: JetStreamManager | undefined;
  /** This consumer's label on every metric (the durable name without the test namespace). */
  private readonly labels: { consumer: string };
  readonly stats: ConsumerStats = { applied: 0, duplicates: 0, failures: 0, deadLettered: 0 };
  /** The subjects of the handled types: anything else is acknowledged unread. */
  private readonly wantedSubjects: ReadonlySet<string>;

  constructor(
    private readonly nc: NatsConnection,
    private readonly db: Database,
    private readonly namespace: string,
    private readonly logger: Logger,
    readonly options: DurableConsumerOptions,
  ) {
    this.wantedSubjects = new Set(options.subjects.map((type) => namespaced(namespace, type)));
    this.labels = { consumer: options.name };
  }

  /**
   * Messages waiting, from JetStream's consumer info (sampled at scrape time): `pending` not yet
   * delivered, `ack_pending` delivered and not yet acknowledged.
   */
  async pendingSamples(): Promise<GaugeSample<'consumer' | 'state'>[]> {
    if (!this.jsm) return [];
    const info = await this.jsm.consumers.info(this.streamName, this.durableName);
    return [
      { labels: { ...this.labels, state: 'pending' }, value: info.num_pending },
      { labels: { ...this.labels, state: 'ack_pending' }, value: info.num_ack_pending },
    ];
  }

  /**
   * The span of handling one message: a child of the publish that sent it (one trace per order) and
   * linked to it, as OpenTelemetry's messaging conventions ask of a consumer.
   */
  private consumeSpan(msg: JsMsg, type: string): Span {
    const parent = extractTrace(msg.headers);
    return startSpan(this.options.schema, `consume ${type}`, {
      kind: SpanKind.CONSUMER,
      parent,
      links: linksTo(parent),
      attributes: {
        'messaging.system': 'nats',
        'messaging.consumer.group.name': this.options.name,
        'messaging.destination.name': type,
      },
    });
  }

  private ack(msg: JsMsg): void {
    msg.ack();
    metrics.consumer.acked.inc(this.labels);
  }

  /** Counts what a committed transaction did: new events (with their lag) and duplicates. */
  private countApplied(applied: readonly boolean[], envelopes: readonly EventEnvelope<unknown>[]) {
    const now = Date.now();
    for (const [index, done] of applied.entries()) {
      if (!done) {
        this.stats.duplicates += 1;
        metrics.consumer.duplicates.inc(this.labels);
        continue;
      }
      this.stats.applied += 1;
      metrics.consumer.applied.inc(this.labels);
      const occurredAt = Date.parse(envelopes[index]?.occurredAt ?? '');
      if (Number.isFinite(occurredAt)) {
        metrics.consumer.eventLag.observe(this.labels, Math.max(0, now - occurredAt) / 1000);
      }
    }
  }

  get durableName(): string {
    return this.namespace ? `${this.namespace}_${this.options.name}` : this.options.name;
  }

  get streamName(): string {
    return namespacedStream(this.namespace, this.options.stream);
  }

  async start(): Promise<void> {
    // A consumer may be started again after stop(); anything left queued is redelivered by JetStream.
    this.stopping = false;
    this.queue.reset();
    const jsm = await jetstreamManager(this.nc);
    this.jsm = jsm;
    const config = {
      durable_name: this.durableName,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      // nats-server 2.9 (Debian 12's package) knows a single filter only; with several subjects the
      // consumer reads the whole stream and skips the types it does not handle.
      ...(this.options.subjects.length === 1
        ? { filter_subject: namespaced(this.namespace, this.options.subjects[0] as string) }
        : {}),
      // A message handed to a consumer that died is redelivered after this long; handlers take
      // milliseconds, so 10 s is generous and keeps recovery after a crash quick.
      ack_wait: nanos(10_000),
      // Delivery limits are enforced here (dead-letter table), not by the server.
      max_deliver: -1,
    };
    try {
      await jsm.consumers.info(this.streamName, this.durableName);
      await jsm.consumers.update(this.streamName, this.durableName, config);
    } catch {
      await jsm.consumers.add(this.streamName, config);
    }
    const consumer = await jetstream(this.nc).consumers.get(this.streamName, this.durableName);
    this.messages = await consumer.consume({ max_messages: 256 });
    void this.read(this.messages);
    this.loop = this.processQueue();
  }

  private async read(messages: ConsumerMessages): Promise<void> {
    try {
      for await (const msg of messages) {
        const deliveredAt = Date.now();
        metrics.consumer.delivered.inc(this.labels);
        if (msg.info.deliveryCount > 1) metrics.consumer.redelivered.inc(this.labels);
        else {
          // Stored by JetStream (its clock) to here: a redelivery would count its ack wait too.
          const storedAt = Number(msg.info.timestampNanos) / 1e6;
          metrics.consumer.fetchWait.observe(
            this.labels,
            Math.max(0, deliveredAt - storedAt) / 1000,
          );
        }
        this.queue.push({ msg, deliveredAt });
      }
    } finally {
      this.queue.close();
    }
  }

  private async processQueue(): Promise<void> {
    const batchSize = this.options.batchSize ?? 100;
    const windowMs = this.options.batchWindowMs ?? 0;
    for (;;) {
      const taken = await this.queue.take(batchSize, windowMs, () => this.stopping);
      if (!taken) return;
      const now = Date.now();
      const batch = taken.map(({ msg, deliveredAt }) => {
        metrics.consumer.batchWait.observe(this.labels, (now - deliveredAt) / 1000);
        return msg;
      });
      if (batch.length === 1) await this.process(batch[0] as JsMsg);
      else await this.processBatch(batch);
    }
  }

  /** Applies a batch in one transaction; on any failure falls back to one message at a time. */
  private async processBatch(all: JsMsg[]): Promise<void> {
    // A subject this consumer does not handle (nats-server 2.9 filters one subject only, so a
    // consumer of several sees its whole stream) is acknowledged without even being parsed.
    const batch: JsMsg[] = [];
    for (const msg of all) {
      if (this.wantedSubjects.has(msg.subject)) batch.push(msg);
      else this.ack(msg);
    }
    if (batch.length === 0) return;
    const parsed: { msg: JsMsg; envelope: EventEnvelope<unknown> | null }[] = batch.map((msg) => {
      try {
        return { msg, envelope: this.parse(msg.string()) };
      } catch {
        return { msg, envelope: null };
      }
    });
    // An invalid message is dead-lettered by the one-at-a-time path; keep the batch path simple.
    if (parsed.some((p) => p.envelope === null)) {
      for (const msg of batch) await this.process(msg);
      return;
    }
    const wanted = parsed.filter((p) =>
      this.options.subjects.includes((p.envelope as EventEnvelope<unknown>).type),
    );
    const envelopes = wanted.map((p) => p.envelope as EventEnvelope<unknown>);
    let applied: boolean[];
    const start = process.hrtime.bigint();
    const spans = wanted.map((p) => this.consumeSpan(p.msg, (p.envelope as EventEnvelope).type));
    try {
      // A batch is one transaction: what its effects write (events of a batch handler) continues
      // the trace of its first event.
      const first = envelopes[0];
      applied = !first
        ? []
        : await runWithContext({ correlationId: first.correlationId, span: spans[0] }, () =>
            this.transact(envelopes),
          );
    } catch (error) {
      for (const span of spans) endSpan(span, error);
      for (const msg of batch) await this.process(msg);
      return;
    }
    for (const span of spans) endSpan(span);
    if (envelopes.length > 0) {
      metrics.consumer.processingDuration.observe(this.labels, secondsSince(start));
    }
    for (const { msg } of parsed) this.ack(msg);
    this.countApplied(applied, envelopes);
  }

  /** Stops pulling and waits for the message in hand (drain on shutdown). */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.messages?.close();
    await this.loop;
  }

  private async process(msg: JsMsg): Promise<void> {
    if (!this.wantedSubjects.has(msg.subject)) {
      this.ack(msg);
      return;
    }
    const raw = msg.string();
    let envelope: EventEnvelope<unknown>;
    try {
      envelope = this.parse(raw);
    } catch (error) {
      await this.deadLetter(msg, null, raw, `invalid event: ${(error as Error).message}`);
      return;
    }
    if (!this.options.subjects.includes(envelope.type)) {
      this.ack(msg);
      return;
    }
    const span = this.consumeSpan(msg, envelope.type);
    await runWithContext({ correlationId: envelope.correlationId, span }, async () => {
      const start = process.hrtime.bigint();
      try {
        const applied = await this.apply(envelope);
        metrics.consumer.processingDuration.observe(this.labels, secondsSince(start));
        this.ack(msg);
        this.countApplied([applied], [envelope]);
        endSpan(span);
      } catch (error) {
        endSpan(span, error);
        this.stats.failures += 1;
        metrics.consumer.failures.inc(this.labels);
        const deliveries = msg.info.deliveryCount;
        const maxDeliver = this.options.maxDeliver ?? 5;
        if (deliveries >= maxDeliver) {
          await this.deadLetter(msg, envelope.eventId, raw, (error as Error).message);
          return;
        }
        const backoff = this.options.backoffMs ?? [200, 1000, 5000, 15000];
        const delay = backoff[Math.min(deliveries - 1, backoff.length - 1)] ?? 1000;
        this.logger.warn(
          {
            err: (error as Error).message,
            eventId: envelope.eventId,
            type: envelope.type,
            deliveries,
          },
          'event handler failed; will retry',
        );
        msg.nak(delay);
      }
    });
  }

  private parse(raw: string): EventEnvelope<unknown> {
    return parseEvent(raw, this.options.subjects);
  }

  /** Returns false when the event was already processed. */
  private async apply(envelope: EventEnvelope<unknown>): Promise<boolean> {
    const [applied] = await this.transact([envelope]);
    return applied ?? false;
  }

  /**
   * One transaction applying `envelopes` (see applyEvents); what the effects asked to run once it
   * has committed (waking this process's outbox relay for the events they wrote) runs then.
   */
  private async transact(envelopes: readonly EventEnvelope<unknown>[]): Promise<boolean[]> {
    const afterCommit: (() => void)[] = [];
    const context = { correlationId: currentCorrelationId(), ...currentContext(), afterCommit };
    const applied = await runWithContext(context, () =>
      applyEvents(this.db, this.options, envelopes),
    );
    for (const run of afterCommit) run();
    return applied;
  }

  private async deadLetter(
    msg: JsMsg,
    eventId: string | null,
    raw: string,
    error: string,
  ): Promise<void> {
    try {
      await insertDeadLetter(this.db, this.options, {
        eventId,
        subject: msg.subject,
        raw,
        error,
        deliveries: msg.info.deliveryCount,
      });
      this.stats.deadLettered += 1;
      metrics.consumer.deadLettered.inc(this.labels);
      this.logger.error(
        {
          consumer: this.options.name,
          eventId,
          subject: msg.subject,
          error,
          deliveries: msg.info.deliveryCount,
        },
        'EVENT DEAD-LETTERED: moved to dead_letters after its last delivery; needs an operator',
      );
      // No reason argument: nats-server 2.9 only understands a bare +TERM and ignores "+TERM reason",
      // so the message was redelivered (and dead-lettered again) every ack_wait, forever. The reason
      // is in the dead_letters row.
      msg.term();
    } catch (dbError) {
      // Could not record it: leave it to be redelivered rather than lose it.
      this.logger.error({ err: (dbError as Error).message }, 'dead-letter insert failed');
      msg.nak(5000);
    }
  }
}
