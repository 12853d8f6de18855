/**
 * Traces across a message of several events (real PostgreSQL and JetStream, spans caught in
 * memory): two changes in two traces write an event each; the relay publishes them as one message;
 * each event's consume span stays in the trace of the change that wrote it and links to the one
 * publish span.
 */
import { randomUUID } from 'node:crypto';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { pino } from 'pino';
import { EVENTS, type EventEnvelope } from '@lr/contracts';
import {
  DurableConsumer,
  OutboxRelay,
  OutboxWriter,
  createDatabase,
  endSpan,
  initTracing,
  runWithContext,
  startSpan,
} from '@lr/nest-kit';
import { waitFor } from '@lr/testing';
import { startKitTestEnv, userCreatedData, type KitTestEnv } from './support/kit-test-env.js';

const logger = pino({ level: 'silent' });
const exporter = new InMemorySpanExporter();

describe('tracing a message of several events', () => {
  let kit: KitTestEnv;

  beforeAll(async () => {
    initTracing('lockerroom-test', { processor: new SimpleSpanProcessor(exporter) });
    kit = await startKitTestEnv();
  });
  afterAll(() => kit.close());

  it("keeps each event's consume span in the trace of the change that wrote it", async () => {
    const { env, pool } = kit;
    const writer = new OutboxWriter('auth');
    /** An event written inside a change's span, as a service writes it. */
    const writtenIn = (name: string) => {
      const change = startSpan('auth', name);
      const event = runWithContext({ correlationId: randomUUID(), span: change }, () =>
        writer.envelope(
          EVENTS.authUserCreated,
          userCreatedData(`${name}-${randomUUID()}`, { name }),
          1,
        ),
      );
      endSpan(change);
      return { change, event };
    };
    const first = writtenIn('first-change');
    const second = writtenIn('second-change');
    expect(first.change.spanContext().traceId).not.toBe(second.change.spanContext().traceId);

    const relay = new OutboxRelay({
      pool,
      nc: env.nc,
      schema: 'auth',
      namespace: env.namespace,
      logger,
      pollIntervalMs: 60_000,
    });
    const applied: string[] = [];
    const consumer = new DurableConsumer(env.nc, createDatabase(pool), env.namespace, logger, {
      name: 'pack-tracing',
      stream: 'AUTH',
      subjects: [EVENTS.authUserCreated],
      schema: 'auth',
      batchHandler: async (_tx, events: readonly EventEnvelope[]) => {
        applied.push(...events.map((e) => e.eventId));
      },
    });
    await relay.start();
    await consumer.start();
    try {
      relay.handOver([first.event, second.event]);
      await waitFor(() => applied.length === 2, { message: 'both events applied' });
    } finally {
      await consumer.stop();
      await relay.stop();
    }

    const spans = exporter.getFinishedSpans();
    const publishes = spans.filter((s) => s.name === `publish ${EVENTS.authUserCreated}`);
    // One message: its publish in the first change's trace, and one in the second change's, so
    // either trace is whole on its own.
    expect(publishes.map((s) => s.spanContext().traceId).sort()).toEqual(
      [first.change.spanContext().traceId, second.change.spanContext().traceId].sort(),
    );
    const publish = publishes.find(
      (s) => s.spanContext().traceId === first.change.spanContext().traceId,
    )!;
    const consumes = spans.filter((s) => s.name === `consume ${EVENTS.authUserCreated}`);
    expect(consumes).toHaveLength(2);
    const [ofFirst, ofSecond] = [first, second].map(({ change }) =>
      consumes.find((s) => s.spanContext().traceId === change.spanContext().traceId),
    );
    expect(ofFirst?.parentSpanContext?.spanId).toBe(publish.spanContext().spanId);
    expect(ofSecond?.parentSpanContext?.spanId).toBe(second.change.spanContext().spanId);
    for (const consume of [ofFirst, ofSecond]) {
      expect(consume?.links.map((l) => l.context.spanId)).toContain(publish.spanContext().spanId);
    }
  });
});
