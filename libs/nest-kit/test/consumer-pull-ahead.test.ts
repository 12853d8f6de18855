/**
 * How far a durable consumer reads ahead, against the real JetStream: while its handler is busy in a
 * backlog it holds at most MAX_UNACKED_MESSAGES delivered messages (each may be a pack of events of
 * a quarter MiB), not the server's default of 1,000; a durable made before the limit (as deployed
 * ones were) takes it at the next start. Once the handler goes on, every message is applied once.
 */
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { pino } from 'pino';
import { EVENTS, namespaced, namespacedStream, type EventEnvelope } from '@lr/contracts';
import { DurableConsumer, MAX_UNACKED_MESSAGES, createDatabase } from '@lr/nest-kit';
import { waitFor } from '@lr/testing';
import { startKitTestEnv, userEvent, type KitTestEnv } from './support/kit-test-env.js';

/** More than the consumer may hold unacknowledged. */
const MESSAGES = MAX_UNACKED_MESSAGES + 44;
/** A message of several events, smaller than the relay's largest so the test stays quick. */
const MESSAGE_BYTES = 16 * 1024;

describe('durable consumer read-ahead', () => {
  let kit: KitTestEnv;

  beforeAll(async () => {
    kit = await startKitTestEnv();
  });
  afterAll(() => kit.close());

  it('holds at most its limit of messages while busy, then applies them all once', async () => {
    const { env, pool } = kit;
    const js = jetstream(env.nc);
    // The durable as a deployment made it before the limit: without max_ack_pending.
    const jsm = await jetstreamManager(env.nc);
    await jsm.consumers.add(namespacedStream(env.namespace, 'AUTH'), {
      durable_name: 'test-read-ahead',
      ack_policy: AckPolicy.Explicit,
      filter_subject: namespaced(env.namespace, EVENTS.authUserCreated),
    });
    for (let i = 0; i < MESSAGES; i += 1) {
      const event = userEvent(`large-${i}`, { address: 'x'.repeat(MESSAGE_BYTES) });
      await js.publish(namespaced(env.namespace, event.type), JSON.stringify(event), {
        msgID: event.eventId,
      });
    }
    let release: () => void = () => undefined;
    const busy = new Promise<void>((resolve) => (release = resolve));
    const applied: string[] = [];
    const consumer = new DurableConsumer(
      env.nc,
      createDatabase(pool),
      env.namespace,
      pino({ level: 'silent' }),
      {
        name: 'test-read-ahead',
        stream: 'AUTH',
        subjects: [EVENTS.authUserCreated],
        schema: 'auth',
        batchSize: 1,
        handlers: {
          [EVENTS.authUserCreated]: async (_tx, event) => {
            await busy;
            applied.push((event as EventEnvelope<{ user: { loginId: string } }>).data.user.loginId);
          },
        },
      },
    );
    await consumer.start();
    const info = await jsm.consumers.info(consumer.streamName, consumer.durableName);
    expect(info.config.max_ack_pending).toBe(MAX_UNACKED_MESSAGES);
    const delivered = async () =>
      (await jsm.consumers.info(consumer.streamName, consumer.durableName)).num_ack_pending;
    try {
      await waitFor(async () => (await delivered()) > 0, { message: 'first delivery' });
      // Time for the client to read ahead as far as it will.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const held = await delivered();
      expect(held).toBeGreaterThan(1);
      expect(held).toBeLessThanOrEqual(MAX_UNACKED_MESSAGES);

      release();
      await waitFor(async () => applied.length === MESSAGES, {
        message: 'every message applied',
        timeoutMs: 30_000,
      });
      expect(new Set(applied).size).toBe(MESSAGES);
      await waitFor(async () => (await delivered()) === 0, { message: 'all acknowledged' });
    } finally {
      release();
      await consumer.stop();
    }
  });
});
