/**
 * A JetStream durable pull consumer with exactly-once effects: every service that reacts to another
 * service's events (inventory, the report's read model, commit rejections) consumes through it.
 *
 * A message holds one event or several of one type published together (contracts
 * `event-message.ts`). For each event: validate the envelope and its data, then in ONE database
 * transaction record the event id in `processed_events` and run the handler's effect. A duplicate
 * or redelivered event finds its id already recorded and changes nothing. Ack after commit; on
 * failure nak with backoff; after the last allowed delivery the event goes to `dead_letters`, is
 * logged loudly, and the message is terminated so the consumer goes on with the next one. Messages
 * are handled in stream order; those already waiting are applied together in one transaction (one
 * commit for many events keeps up with bursts on a disk that syncs a few hundred times a second).
 * If any of them fails, the batch is rolled back and its messages are handled one at a time, and a
 * message's events one at a time, so only the failing event is retried (the others are recorded as
 * processed) and dead-lettered.
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
import {
  EVENT_IDS_HEADER,
  eventsInMessage,
  namespaced,
  namespacedStream,
  type EventEnvelope,
} from '@lr/contracts';
import { currentContext, currentCorrelationId, runWithContext } from './context.js';
import type { Database } from './db.js';
import type { Logger } from './logger.js';
import { metrics, secondsSince, type GaugeSample } from './metrics.js';
import {
  contextOfTraceparent,
  endSpan,
  extractTrace,
  linksTo,
  SpanKind,
  startSpan,
  type Span,
} from './tracing.js';
import { applyEvents, insertDeadLetter, parseEvent, type DeadLetter } from './consumer-effects.js';
import { DeliveryQueue } from './consumer-queue.js';
import type { ConsumerStats, DurableConsumerOptions } from './consumer-options.js';

/**
 * How many delivered messages a consumer may hold unacknowledged: JetStream delivers no more until
 * some are acked. The client reads ahead of the handlers without limit of its own, so this is what
 * bounds a consumer's memory in a backlog (a message may carry a run of events of up to
 * MAX_PACK_BYTES, event-packs.ts; the server's default, 1,000, would let one consumer buffer
 * hundreds of MiB) and keeps the queue short enough to be applied within the ack wait.
 */
export const MAX_UNACKED_MESSAGES = 256;

export type {
  BatchEventHandler,
  ConsumerStats,
  DurableConsumerOptions,
  EventHandler,
  EventHandlers,
} from './consumer-options.js';

/** One event of a message: its text, and its envelope or why it could not be read. */
interface ReceivedEvent {
  raw: string;
  envelope: EventEnvelope<unknown> | null;
  error?: string;
}

/** A readable event of a type this consumer handles, with its text (for a dead letter). */
interface HandledEvent {
  raw: string;
  envelope: EventEnvelope<unknown>;
}

/** How many events a message holds, from its header (no need to parse it yet). */
function eventCountOf(msg: JsMsg): number {
  const ids = msg.headers?.get(EVENT_IDS_HEADER);
  return ids ? ids.split(',').length : 1;
}

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
   * The span of handling one event: a child of the publish that sent it (one trace per order) and
   * linked to it, as OpenTelemetry's messaging conventions ask of a consumer. The publish of a
   * message of several events continues the first one's trace; each of the others continues the
   * trace of the change that wrote it (its envelope's `traceparent`), linked to the publish.
   */
  private consumeSpan(msg: JsMsg, envelope: EventEnvelope<unknown>): Span {
    const publish = extractTrace(msg.headers);
    const listed = msg.headers?.get(EVENT_IDS_HEADER);
    const sharesPublish = !listed || listed.startsWith(envelope.eventId) || !envelope.traceparent;
    const parent = sharesPublish ? publish : contextOfTraceparent(envelope.traceparent);
    return startSpan(this.options.schema, `consume ${envelope.type}`, {
      kind: SpanKind.CONSUMER,
      parent,
      links: linksTo(publish),
      attributes: {
        'messaging.system': 'nats',
        'messaging.consumer.group.name': this.options.name,
        'messaging.destination.name': envelope.type,
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
      max_ack_pending: MAX_UNACKED_MESSAGES,
    };
    try {
      await jsm.consumers.info(this.streamName, this.durableName);
      await jsm.consumers.update(this.streamName, this.durableName, config);
    } catch {
      await jsm.consumers.add(this.streamName, config);
    }
    const consumer = await jetstream(this.nc).consumers.get(this.streamName, this.durableName);
    this.messages = await consumer.consume({ max_messages: MAX_UNACKED_MESSAGES });
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
        this.queue.push({ msg, deliveredAt, events: eventCountOf(msg) });
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
    const received = batch.map((msg) => ({ msg, events: this.unpack(msg) }));
    // An invalid event is dead-lettered by the one-at-a-time path; keep the batch path simple.
    if (received.some(({ events }) => events.some((e) => e.envelope === null))) {
      for (const msg of batch) await this.process(msg);
      return;
    }
    const wanted = received.flatMap(({ msg, events }) =>
      this.handled(events).map(({ envelope }) => ({ msg, envelope })),
    );
    try {
      await this.applyTogether(wanted);
    } catch {
      for (const msg of batch) await this.process(msg);
      return;
    }
    for (const { msg } of received) this.ack(msg);
  }

  /**
   * Applies `events` in one transaction, each with its consume span; the metrics count them once
   * it committed. Throws what the transaction threw (nothing of it is applied then).
   */
  private async applyTogether(
    events: readonly { msg: JsMsg; envelope: EventEnvelope<unknown> }[],
  ): Promise<void> {
    const first = events[0];
    if (!first) return;
    const envelopes = events.map(({ envelope }) => envelope);
    const spans = events.map(({ msg, envelope }) => this.consumeSpan(msg, envelope));
    const start = process.hrtime.bigint();
    let applied: boolean[];
    try {
      // One transaction: what its effects write (events of a batch handler) continues the trace
      // of its first event.
      applied = await runWithContext(
        { correlationId: first.envelope.correlationId, span: spans[0] },
        () => this.transact(envelopes),
      );
    } catch (error) {
      for (const span of spans) endSpan(span, error);
      throw error;
    }
    for (const span of spans) endSpan(span);
    metrics.consumer.processingDuration.observe(this.labels, secondsSince(start));
    this.countApplied(applied, envelopes);
  }

  /** Stops pulling and waits for the message in hand (drain on shutdown). */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.messages?.close();
    await this.loop;
  }

  /**
   * Handles one message on its own: its events in one transaction, or, if that fails, each in its
   * own, so those that can be applied are. A failed event is retried with the message (nak with
   * backoff; the applied ones are then duplicates); after the last allowed delivery it goes to
   * `dead_letters`, as does an event that cannot be read at all, and the message is terminated.
   */
  private async process(msg: JsMsg): Promise<void> {
    if (!this.wantedSubjects.has(msg.subject)) {
      this.ack(msg);
      return;
    }
    const events = this.unpack(msg);
    const letters: DeadLetter[] = events
      .filter((event) => event.envelope === null)
      .map((event) => this.letter(msg, null, event.raw, `invalid event: ${event.error}`));
    const wanted = this.handled(events);
    const failed = await this.applyOneByOne(msg, wanted);
    if (failed.length > 0) {
      const deliveries = msg.info.deliveryCount;
      if (deliveries < (this.options.maxDeliver ?? 5)) {
        const backoff = this.options.backoffMs ?? [200, 1000, 5000, 15000];
        msg.nak(backoff[Math.min(deliveries - 1, backoff.length - 1)] ?? 1000);
        return;
      }
      for (const { event, error } of failed) {
        letters.push(this.letter(msg, event.envelope.eventId, event.raw, error.message));
      }
    }
    if (letters.length > 0) await this.deadLetter(msg, letters);
    else this.ack(msg);
  }

  /**
   * Applies `events` (one message's) together, and when that fails, one at a time; returns the
   * ones that failed with their errors (logged, counted).
   */
  private async applyOneByOne(
    msg: JsMsg,
    events: readonly HandledEvent[],
  ): Promise<{ event: HandledEvent; error: Error }[]> {
    if (events.length > 1) {
      try {
        await this.applyTogether(events.map(({ envelope }) => ({ msg, envelope })));
        return [];
      } catch {
        // each on its own below
      }
    }
    const failed: { event: HandledEvent; error: Error }[] = [];
    for (const event of events) {
      const { envelope } = event;
      try {
        await this.applyTogether([{ msg, envelope }]);
      } catch (error) {
        failed.push({ event, error: error as Error });
        this.stats.failures += 1;
        metrics.consumer.failures.inc(this.labels);
        this.logger.warn(
          {
            err: (error as Error).message,
            eventId: envelope.eventId,
            type: envelope.type,
            deliveries: msg.info.deliveryCount,
          },
          'event handler failed; will retry',
        );
      }
    }
    return failed;
  }

  /** The events of `msg`, each checked as an envelope (see contracts `eventsInMessage`). */
  private unpack(msg: JsMsg): ReceivedEvent[] {
    const text = msg.string();
    let values: unknown[];
    try {
      values = eventsInMessage(text);
    } catch (error) {
      return [{ raw: text, envelope: null, error: (error as Error).message }];
    }
    return values.map((value) => {
      const raw = values.length === 1 ? text : JSON.stringify(value);
      try {
        return { raw, envelope: parseEvent(value, this.options.subjects) };
      } catch (error) {
        return { raw, envelope: null, error: (error as Error).message };
      }
    });
  }

  /** The readable events of a message whose types this consumer handles (others are skipped). */
  private handled(events: readonly ReceivedEvent[]): HandledEvent[] {
    const handled: HandledEvent[] = [];
    for (const { raw, envelope } of events) {
      if (envelope && this.options.subjects.includes(envelope.type))
        handled.push({ raw, envelope });
    }
    return handled;
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

  private letter(msg: JsMsg, eventId: string | null, raw: string, error: string): DeadLetter {
    return { eventId, subject: msg.subject, raw, error, deliveries: msg.info.deliveryCount };
  }

  /** Records `letters` (events of `msg`) in dead_letters and terminates the message. */
  private async deadLetter(msg: JsMsg, letters: readonly DeadLetter[]): Promise<void> {
    try {
      for (const letter of letters) await insertDeadLetter(this.db, this.options, letter);
    } catch (dbError) {
      // Could not record them: leave the message to be redelivered rather than lose it (an event
      // recorded before the failure is recorded again then).
      this.logger.error({ err: (dbError as Error).message }, 'dead-letter insert failed');
      msg.nak(5000);
      return;
    }
    for (const letter of letters) {
      this.stats.deadLettered += 1;
      metrics.consumer.deadLettered.inc(this.labels);
      this.logger.error(
        {
          consumer: this.options.name,
          eventId: letter.eventId,
          subject: letter.subject,
          error: letter.error,
          deliveries: letter.deliveries,
        },
        'EVENT DEAD-LETTERED: moved to dead_letters after its last delivery; needs an operator',
      );
    }
    // No reason argument: nats-server 2.9 only understands a bare +TERM and ignores "+TERM reason",
    // so the message was redelivered (and dead-lettered again) every ack_wait, forever. The reason
    // is in the dead_letters row.
    msg.term();
  }
}
