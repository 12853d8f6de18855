/**
 * The outbox relay against the real PostgreSQL and JetStream: every committed event is published
 * exactly once (even when the relay dies between publish and marking sent), nothing of a rolled-back
 * transaction is published, and events handed over by this process's writer are published from
 * memory and marked sent without being claimed.
 */
import { sql } from 'drizzle-orm';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { pino } from 'pino';
import { EVENTS, namespaced, namespacedStream, type EventEnvelope } from '@lr/contracts';
import {
  DurableConsumer,
  OutboxPruner,
  OutboxRelay,
  OutboxWriter,
  countUnsent,
  createDatabase,
  createPool,
  ensureStreams,
  runMigrations,
  type Database,
} from '@lr/nest-kit';
import { TestEnv, waitFor } from '@lr/testing';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';

const logger = pino({ level: 'silent' });

describe('transactional outbox', () => {
  let env: TestEnv;
  let pool: pg.Pool;
  let db: Database;
  const writer = new OutboxWriter('auth');

  async function streamMessages(): Promise<number> {
    const jsm = await jetstreamManager(env.nc);
    const info = await jsm.streams.info(namespacedStream(env.namespace, 'AUTH'));
    return info.state.messages;
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
    return {
      user: {
        id: randomUUID(),
        name: 'A school',
        loginId: `s-${randomUUID()}`,
        role: 'user' as const,
        address: '1 Road',
        district: 'North',
      },
    };
  }

  beforeAll(async () => {
    env = await TestEnv.create();
    pool = createPool(env.database.url, 4);
    db = createDatabase(pool);
    await runMigrations(pool, 'auth', await mkdtemp(path.join(tmpdir(), 'mig-')));
    await ensureStreams(env.nc, env.namespace, ['AUTH']);
  });
  afterAll(async () => {
    await pool.end();
    await env.close();
  });

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
    expect(await streamMessages()).toBe(2);
    const rows = await db.execute(sql`SELECT count(*)::int AS n FROM auth.outbox`);
    expect(rows.rows[0]).toEqual({ n: 2 });
  });

  it('does not publish twice when the relay dies between publish and marking sent', async () => {
    const before = await streamMessages();
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
    expect(await streamMessages()).toBe(before + 1);

    // A new relay republishes the same eventId: JetStream drops it as a duplicate.
    const fresh = relay();
    await fresh.flush();
    await fresh.stop();
    expect(await countUnsent(pool, 'auth')).toBe(0);
    expect(await streamMessages()).toBe(before + 1);
  });

  it('wakes on NOTIFY without waiting for the poll', async () => {
    const before = await streamMessages();
    const r = relay({ pollIntervalMs: 60_000 });
    await r.start();
    await r.flush();
    await db.transaction(async (tx) => {
      await writer.write(tx, EVENTS.authUserCreated, userCreated(), 1);
    });
    await waitFor(async () => (await streamMessages()) === before + 1, {
      timeoutMs: 5000,
      message: 'notify wake-up',
    });
    await r.stop();
  });

  it('wakes its own relay directly, without NOTIFY, after a write outside a transaction', async () => {
    const before = await streamMessages();
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
      await waitFor(async () => (await streamMessages()) === before + 1, {
        timeoutMs: 5000,
        message: 'direct wake-up',
      });
      // Inside a transaction it still notifies (once), at commit.
      await db.transaction(async (tx) => {
        await connected.write(tx, EVENTS.authUserCreated, userCreated(), 1);
        await connected.write(tx, EVENTS.authUserCreated, userCreated(), 1);
      });
      await waitFor(async () => notifications.length === 1, { message: 'one NOTIFY at commit' });
      await waitFor(async () => (await streamMessages()) === before + 3, { message: 'published' });
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
      const before = await streamMessages();
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
      await waitFor(async () => (await streamMessages()) === before + 2, {
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
    const before = await streamMessages();
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
    await waitFor(async () => (await streamMessages()) === before + 4, {
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
    const before = await streamMessages();
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
    expect(await streamMessages()).toBe(before + 1);
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
