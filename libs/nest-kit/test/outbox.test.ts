/**
 * The outbox relay against the real PostgreSQL and JetStream: every committed event is published
 * exactly once (even when the relay dies between publish and marking sent), nothing of a rolled-back
 * transaction is published, events handed over by this process's writer are published from
 * memory and marked sent without being claimed, and consecutive events of one type go out as one
 * message.
 */
import { sql } from 'drizzle-orm';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { pino } from 'pino';
import {
  EVENTS,
  EVENT_IDS_HEADER,
  eventsInMessage,
  namespaced,
  namespacedStream,
  type EventEnvelope,
} from '@lr/contracts';
import {
  DurableConsumer,
  OutboxPruner,
  OutboxRelay,
  OutboxWriter,
  countUnsent,
  createDatabase,
  type Database,
} from '@lr/nest-kit';
import { waitFor, type TestEnv } from '@lr/testing';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { startKitTestEnv, userCreatedData, type KitTestEnv } from './support/kit-test-env.js';

const logger = pino({ level: 'silent' });

describe('transactional outbox', () => {
  let kit: KitTestEnv;
  let env: TestEnv;
  let pool: pg.Pool;
  let db: Database;
  const writer = new OutboxWriter('auth');

  /** The stream's messages from sequence `after` on: each with its events' ids and headers. */
  async function streamMessagesAfter(
    after = 0,
  ): Promise<
    { seq: number; ids: string[]; listed: string | undefined; msgId: string | undefined }[]
  > {
    const jsm = await jetstreamManager(env.nc);
    const name = namespacedStream(env.namespace, 'AUTH');
    const info = await jsm.streams.info(name);
    const messages = [];
    for (
      let seq = Math.max(after + 1, info.state.first_seq);
      seq <= info.state.last_seq;
      seq += 1
    ) {
      const msg = await jsm.streams.getMessage(name, { seq });
      if (!msg) throw new Error(`no message ${seq} in ${name}`);
      const events = eventsInMessage(msg.string()) as EventEnvelope[];
      messages.push({
        seq,
        ids: events.map((event) => event.eventId),
        listed: msg.header?.get(EVENT_IDS_HEADER) || undefined,
        msgId: msg.header?.get('Nats-Msg-Id') || undefined,
      });
    }
    return messages;
  }

  async function lastSeq(): Promise<number> {
    const jsm = await jetstreamManager(env.nc);
    return (await jsm.streams.info(namespacedStream(env.namespace, 'AUTH'))).state.last_seq;
  }

  /** How many events the stream holds (a message may hold several). */
  async function streamEvents(): Promise<number> {
    return (await streamMessagesAfter()).reduce((sum, message) => sum + message.ids.length, 0);
  }

  function relay(extra: Partial<ConstructorParameters<typeof OutboxRelay>[0]> = {}): OutboxRelay {
    return new OutboxRelay({
      pool,
      nc: env.nc,
      schema: 'auth',
      namespace: env.namespace,
      logger,
      pollIntervalMs: 100,
      ...extra,
    });
  }

  function userCreated() {
    return userCreatedData(`s-${randomUUID()}`);
  }

  beforeAll(async () => {
    kit = await startKitTestEnv();
    ({ env, pool } = kit);
    db = createDatabase(pool);
  });
  afterAll(() => kit.close());

  it('publishes committed events once and nothing of a rolled-back transaction', async () => {
    const r = relay();
    await r.start();
    await db.transaction(async (tx) => {
      await writer.write(tx, EVENTS.authUserCreated, userCreated(), 1);
      await writer.write(tx, EVENTS.authUserCreated, userCreated(), 1);
    });
    await db
      .transaction(async (tx) => {
        await writer.write(tx, EVENTS.authUserCreated, userCreated(), 1);
        throw new Error('business rule failed');
      })
      .catch(() => undefined);
    await waitFor(async () => (await countUnsent(pool, 'auth')) === 0, {
      message: 'outbox drained',
    });
    await r.flush();
    await r.stop();
    expect(await streamEvents()).toBe(2);
    const rows = await db.execute(sql`SELECT count(*)::int AS n FROM auth.outbox`);
    expect(rows.rows[0]).toEqual({ n: 2 });
  });

  it('does not publish twice when the relay dies between publish and marking sent', async () => {
    const before = await streamEvents();
    await db.transaction(async (tx) => {
      await writer.write(tx, EVENTS.authUserCreated, userCreated(), 1);
    });
    // First relay: the publish is acked, then the process "dies" before the row is marked sent.
    const dying = relay({
      afterPublish: () => {
        throw new Error('killed between publish and mark');
      },
    });
    await dying.flush();
    await dying.stop();
    expect(await countUnsent(pool, 'auth')).toBe(1);
    expect(await streamEvents()).toBe(before + 1);

    // A new relay republishes the same eventId: JetStream drops it as a duplicate.
    const fresh = relay();
    await fresh.flush();
    await fresh.stop();
    expect(await countUnsent(pool, 'auth')).toBe(0);
    expect(await streamEvents()).toBe(before + 1);
  });

  it('wakes on NOTIFY without waiting for the poll', async () => {
    const before = await streamEvents();
    const r = relay({ pollIntervalMs: 60_000 });
    await r.start();
    await r.flush();
    await db.transaction(async (tx) => {
      await writer.write(tx, EVENTS.authUserCreated, userCreated(), 1);
    });
    await waitFor(async () => (await streamEvents()) === before + 1, {
      timeoutMs: 5000,
      message: 'notify wake-up',
    });
    await r.stop();
  });

  it('asks with one prepared statement whether anything is unsent, and claims only when something is', async () => {
    const before = await streamEvents();
    // The statements the relay sends, on whichever of the pool's connections it takes.
    const sent: string[] = [];
    /** `query` of `target`, noting each statement's text first. */
    const noting = (target: pg.Pool | pg.PoolClient) => {
      const query = target.query.bind(target) as (...args: unknown[]) => unknown;
      return ((first: unknown, ...rest: unknown[]) => {
        sent.push(typeof first === 'string' ? first : ((first as { text: string }).text ?? ''));
        return query(first, ...rest);
      }) as typeof pool.query;
    };
    const counted = Object.create(pool) as pg.Pool;
    counted.connect = (async () => {
      const client = await pool.connect();
      client.query = noting(client);
      return client;
    }) as typeof pool.connect;
    counted.query = noting(pool);
    const r = relay({ pool: counted, pollIntervalMs: 50 });
    await r.start();
    try {
      await r.flush();
      sent.length = 0;
      // Polls with nothing unsent: the question only, never a claim's transaction.
      await waitFor(async () => sent.filter((text) => /LIMIT 1$/.test(text)).length >= 4, {
        message: 'four polls',
      });
      expect(sent.filter((text) => /BEGIN|FOR UPDATE/.test(text))).toEqual([]);
      // A row nobody announces (no NOTIFY, not handed over): the next poll finds and claims it.
      const event = writer.envelope(EVENTS.authUserCreated, userCreated(), 1);
      await db.execute(
        sql`INSERT INTO ${writer.table} (event_id, subject, envelope)
            VALUES (${event.eventId}, ${event.type}, ${JSON.stringify(event)}::jsonb)`,
      );
      await waitFor(async () => (await streamEvents()) === before + 1, {
        timeoutMs: 5000,
        message: 'claimed by a poll',
      });
      await waitFor(async () => (await countUnsent(pool, 'auth')) === 0, { message: 'marked' });
      expect(sent.some((text) => /FOR UPDATE SKIP LOCKED/.test(text))).toBe(true);
    } finally {
      await r.stop();
    }
  });

  it('wakes its own relay directly, without NOTIFY, after a write outside a transaction', async () => {
    const before = await streamEvents();
    const connected = new OutboxWriter('auth');
    const r = relay({ pollIntervalMs: 60_000 });
    connected.useRelay((events) => r.handOver(events));
    await r.start();
    await r.flush();
    // A second connection listening on the relay's channel sees any NOTIFY.
    const listener = await pool.connect();
    const notifications: string[] = [];
    listener.on('notification', (n) => notifications.push(n.channel));
    await listener.query('LISTEN auth_outbox');
    try {
      const event = connected.envelope(EVENTS.authUserCreated, userCreated(), 1);
      await db.execute(
        sql`INSERT INTO ${connected.table} (event_id, subject, envelope)
            VALUES (${event.eventId}, ${event.type}, ${JSON.stringify(event)}::jsonb)`,
      );
      await connected.written(db, [event]);
      await waitFor(async () => (await streamEvents()) === before + 1, {
        timeoutMs: 5000,
        message: 'direct wake-up',
      });
      // Inside a transaction it still notifies (once), at commit.
      await db.transaction(async (tx) => {
        await connected.write(tx, EVENTS.authUserCreated, userCreated(), 1);
        await connected.write(tx, EVENTS.authUserCreated, userCreated(), 1);
      });
      await waitFor(async () => notifications.length === 1, { message: 'one NOTIFY at commit' });
      await waitFor(async () => (await streamEvents()) === before + 3, { message: 'published' });
      expect(notifications).toEqual(['auth_outbox']);
    } finally {
      await listener.query('UNLISTEN *');
      listener.release(true);
      await r.stop();
    }
  });

  it("wakes its own relay after a durable consumer's commit, without NOTIFY", async () => {
    const connected = new OutboxWriter('auth');
    const r = relay({ pollIntervalMs: 60_000 });
    connected.useRelay((events) => r.handOver(events));
    await r.start();
    await r.flush();
    const listener = await pool.connect();
    const notifications: string[] = [];
    listener.on('notification', (n) => notifications.push(n.channel));
    await listener.query('LISTEN auth_outbox');
    // Its effect of a "trigger" event writes an event of its own (as catalog's stock movements do).
    const consumer = new DurableConsumer(env.nc, db, env.namespace, logger, {
      name: 'outbox-wake',
      stream: 'AUTH',
      subjects: [EVENTS.authUserCreated],
      schema: 'auth',
      batchHandler: async (tx, events) => {
        for (const event of events as EventEnvelope<{ user: { loginId: string } }>[]) {
          if (!event.data.user.loginId.startsWith('trigger-')) continue;
          const echo = userCreated();
          echo.user.loginId = `echo-${event.data.user.loginId}`;
          await connected.write(tx, EVENTS.authUserCreated, echo, 1);
        }
      },
    });
    await consumer.start();
    try {
      const before = await streamEvents();
      const trigger = connected.envelope(
        EVENTS.authUserCreated,
        { user: { ...userCreated().user, loginId: `trigger-${randomUUID()}` } },
        1,
      );
      await jetstream(env.nc).publish(
        namespaced(env.namespace, trigger.type),
        JSON.stringify(trigger),
        { msgID: trigger.eventId },
      );
      // The relay polls once a minute: only the wake after the commit publishes the echo this soon.
      await waitFor(async () => (await streamEvents()) === before + 2, {
        timeoutMs: 5000,
        message: 'the echo published after the commit',
      });
      expect(notifications).toEqual([]);
    } finally {
      await consumer.stop();
      await listener.query('UNLISTEN *');
      listener.release(true);
      await r.stop();
    }
  });

  it('publishes handed-over events from memory once, and marks them sent together soon after', async () => {
    const before = await streamEvents();
    const connected = new OutboxWriter('auth');
    const publishes: string[] = [];
    // Polls once a minute: only the hand-over and the mark that follows it can publish and mark.
    const r = relay({ pollIntervalMs: 60_000, afterPublish: (id) => void publishes.push(id) });
    connected.useRelay((events) => r.handOver(events));
    await r.start();
    await r.flush();
    publishes.length = 0;
    const written = await Promise.all(
      [1, 2, 3].map(() => connected.write(db, EVENTS.authUserCreated, userCreated(), 1)),
    );
    // From memory, not read back: an event handed over with no row in the table goes out too.
    const unstored = connected.envelope(EVENTS.authUserCreated, userCreated(), 1);
    r.handOver([unstored]);
    await waitFor(async () => (await streamEvents()) === before + 4, {
      timeoutMs: 5000,
      message: 'handed-over events published',
    });
    await waitFor(async () => (await countUnsent(pool, 'auth')) === 0, {
      timeoutMs: 5000,
      message: 'handed-over events marked sent',
    });
    // A claim now finds nothing of them to publish again.
    await r.flush();
    await r.stop();
    expect(publishes.sort()).toEqual([...written, unstored].map((e) => e.eventId).sort());
    expect(r.published).toBe(4);
    const stored = await db.execute<{ envelope: unknown }>(
      sql`SELECT envelope FROM auth.outbox WHERE event_id = ${written[0]!.eventId}`,
    );
    expect(stored.rows[0]?.envelope).toEqual(JSON.parse(JSON.stringify(written[0])));
  });

  it('leaves what a stopped relay was handed to the next relay, which claims it', async () => {
    const before = await streamEvents();
    const connected = new OutboxWriter('auth');
    const stopped = relay({ pollIntervalMs: 60_000 });
    connected.useRelay((events) => stopped.handOver(events));
    await stopped.start();
    await stopped.stop();
    await connected.write(db, EVENTS.authUserCreated, userCreated(), 1);
    expect(await countUnsent(pool, 'auth')).toBe(1);
    const next = relay();
    await next.flush();
    await next.stop();
    expect(await countUnsent(pool, 'auth')).toBe(0);
    expect(await streamEvents()).toBe(before + 1);
  });

  it('publishes consecutive events of one type as one message, in order, listing their ids', async () => {
    const after = await lastSeq();
    const connected = new OutboxWriter('auth');
    const r = relay({ pollIntervalMs: 60_000 });
    connected.useRelay((events) => r.handOver(events));
    await r.start();
    await r.flush();
    try {
      const created = [1, 2, 3].map(() =>
        connected.envelope(EVENTS.authUserCreated, userCreated(), 1),
      );
      const deleted = connected.envelope(EVENTS.authUserDeleted, { userId: randomUUID() }, 1);
      const createdAgain = connected.envelope(EVENTS.authUserCreated, userCreated(), 1);
      // Handed over together, as one transaction's events are.
      r.handOver([...created, deleted, createdAgain]);
      await waitFor(async () => (await lastSeq()) >= after + 3, {
        timeoutMs: 5000,
        message: 'three messages published',
      });
      const messages = await streamMessagesAfter(after);
      // A different type in between starts a new message: the stream keeps the events' order.
      expect(messages.map((m) => m.ids)).toEqual([
        created.map((e) => e.eventId),
        [deleted.eventId],
        [createdAgain.eventId],
      ]);
      const [pack, single] = messages;
      expect(pack?.listed).toBe(created.map((e) => e.eventId).join(','));
      expect(pack?.msgId).toMatch(/^pack-/);
      expect(single?.listed).toBeUndefined();
      expect(single?.msgId).toBe(deleted.eventId);
    } finally {
      await r.stop();
    }
  });

  it('with a publish window, events committed one after another within it go out as one message', async () => {
    const after = await lastSeq();
    const windowed = new OutboxWriter('auth');
    const r = relay({ pollIntervalMs: 60_000, publishWindowMs: 400 });
    windowed.useRelay((events) => r.handOver(events));
    await r.start();
    await r.flush();
    try {
      const first = await windowed.write(db, EVENTS.authUserCreated, userCreated(), 1);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const second = await windowed.write(db, EVENTS.authUserCreated, userCreated(), 1);
      // Still waiting for company: nothing is published before the window has passed.
      expect(await lastSeq()).toBe(after);
      await waitFor(async () => (await lastSeq()) > after, {
        timeoutMs: 5000,
        message: 'published after the window',
      });
      expect((await streamMessagesAfter(after)).map((m) => m.ids)).toEqual([
        [first.eventId, second.eventId],
      ]);
      await waitFor(async () => (await countUnsent(pool, 'auth')) === 0, {
        timeoutMs: 5000,
        message: 'marked sent',
      });
    } finally {
      await r.stop();
    }
  });

  it('leaves events waiting in the publish window to the next relay when stopped', async () => {
    const after = await lastSeq();
    const windowed = new OutboxWriter('auth');
    const stopping = relay({ pollIntervalMs: 60_000, publishWindowMs: 60_000 });
    windowed.useRelay((events) => stopping.handOver(events));
    await stopping.start();
    await stopping.flush();
    const waiting = await windowed.write(db, EVENTS.authUserCreated, userCreated(), 1);
    await stopping.stop();
    expect(await lastSeq()).toBe(after);
    expect(await countUnsent(pool, 'auth')).toBe(1);
    const next = relay();
    await next.flush();
    await next.stop();
    expect((await streamMessagesAfter(after)).map((m) => m.ids)).toEqual([[waiting.eventId]]);
  });

  it('publishes a pack again when it is grouped differently, and drops the same pack as a duplicate', async () => {
    const after = await lastSeq();
    const r = relay({ pollIntervalMs: 60_000 });
    await r.start();
    await r.flush();
    try {
      const writer2 = new OutboxWriter('auth');
      const [a, b, c] = [1, 2, 3].map(() =>
        writer2.envelope(EVENTS.authUserCreated, userCreated(), 1),
      );
      r.handOver([a!, b!]);
      await r.flush();
      // The same two again (a relay that died before marking them): JetStream drops the copy.
      r.handOver([a!, b!]);
      await r.flush();
      expect((await streamMessagesAfter(after)).map((m) => m.ids)).toEqual([
        [a!.eventId, b!.eventId],
      ]);
      // Grouped with a third, the message is a new one: consumers skip a and b as processed.
      r.handOver([a!, b!, c!]);
      await r.flush();
      expect((await streamMessagesAfter(after)).map((m) => m.ids)).toEqual([
        [a!.eventId, b!.eventId],
        [a!.eventId, b!.eventId, c!.eventId],
      ]);
    } finally {
      await r.stop();
    }
  });

  it('prunes published rows past retention, in chunks, and never an unsent one', async () => {
    await pool.query('DELETE FROM auth.outbox');
    const insert = (count: number, sentAt: string | null, createdAt: string) =>
      pool.query(
        `INSERT INTO auth.outbox (event_id, subject, envelope, created_at, sent_at)
         SELECT gen_random_uuid(), 'auth.user.created.v1', '{}'::jsonb,
                now() - $2::interval, now() - $3::interval
         FROM generate_series(1, $1)`,
        [count, createdAt, sentAt],
      );
    await insert(25, '8 days', '8 days'); // published 8 days ago: past a 7-day retention
    await insert(3, '6 days', '8 days'); // published 6 days ago (written 8 days ago): kept
    await insert(2, null, '30 days'); // never published: kept however old
    const pruner = new OutboxPruner({
      pool,
      schema: 'auth',
      retentionDays: 7,
      logger,
      chunkSize: 10,
    });
    expect(await pruner.prune()).toBe(25);
    const { rows } = await pool.query<{ sent: number; unsent: number }>(
      `SELECT count(*) FILTER (WHERE sent_at IS NOT NULL)::int AS sent,
              count(*) FILTER (WHERE sent_at IS NULL)::int AS unsent FROM auth.outbox`,
    );
    expect(rows[0]).toEqual({ sent: 3, unsent: 2 });
    // Retention 0 keeps everything.
    await insert(4, '400 days', '400 days');
    const keepAll = new OutboxPruner({ pool, schema: 'auth', retentionDays: 0, logger });
    expect(await keepAll.prune()).toBe(0);
    await pool.query('DELETE FROM auth.outbox');
  });
});
