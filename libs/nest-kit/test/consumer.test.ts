/**
 * The durable consumer against the real PostgreSQL and JetStream: a handler that crashes gets the
 * message again and applies its effect once; duplicates change nothing; a poison message ends in the
 * dead-letter table after the configured deliveries and the consumer goes on; a message of several
 * events is applied event by event when one of them fails, and only that one is dead-lettered.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { headers } from '@nats-io/transport-node';
import { pino } from 'pino';
import type pg from 'pg';
import {
  EVENTS,
  EVENT_IDS_HEADER,
  namespaced,
  namespacedStream,
  type EventEnvelope,
} from '@lr/contracts';
import { DurableConsumer, createDatabase, executeInBatch, type Database } from '@lr/nest-kit';
import { waitFor, type TestEnv } from '@lr/testing';
import { startKitTestEnv, userEvent, type KitTestEnv } from './support/kit-test-env.js';

const logger = pino({ level: 'silent' });

/**
 * Publishes `events` as one message of several, as an outbox relay does with consecutive events of
 * one type (`body` replaces the array's text, for a message with an unreadable event).
 */
async function publishPack(
  env: TestEnv,
  events: readonly EventEnvelope[],
  body = JSON.stringify(events),
): Promise<void> {
  const hdrs = headers();
  hdrs.set(EVENT_IDS_HEADER, events.map((e) => e.eventId).join(','));
  await jetstream(env.nc).publish(namespaced(env.namespace, EVENTS.authUserCreated), body, {
    msgID: randomUUID(),
    headers: hdrs,
  });
}

describe('durable consumer', () => {
  let kit: KitTestEnv;
  let env: TestEnv;
  let pool: pg.Pool;
  let db: Database;
  let consumer: DurableConsumer;
  const attempts = new Map<string, number>();

  async function publish(envelope: EventEnvelope, msgID = randomUUID()): Promise<void> {
    await jetstream(env.nc).publish(
      namespaced(env.namespace, envelope.type),
      JSON.stringify(envelope),
      { msgID },
    );
  }

  /** Waits until `durable` has no delivered message waiting for its ack. */
  async function waitForNothingPending(durable: DurableConsumer, message: string): Promise<void> {
    const jsm = await jetstreamManager(env.nc);
    const stream = namespacedStream(env.namespace, 'AUTH');
    await waitFor(
      async () => (await jsm.consumers.info(stream, durable.durableName)).num_ack_pending === 0,
      { message },
    );
  }

  /** The dead letters whose payload matches `like` (SQL LIKE), once there is one. */
  async function deadLettersLike(like: string, message: string) {
    return waitFor(
      async () => {
        const { rows } = await pool.query<{
          event_id: string | null;
          payload: string;
          deliveries: number;
          error: string;
        }>(
          'SELECT event_id, payload, deliveries, error FROM auth.dead_letters WHERE payload LIKE $1',
          [like],
        );
        return rows.length ? rows : null;
      },
      { message },
    );
  }

  async function effectCount(loginId: string): Promise<number> {
    const { rows } = await pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM auth.effects WHERE login_id = $1',
      [loginId],
    );
    return rows[0]?.n ?? 0;
  }

  beforeAll(async () => {
    kit = await startKitTestEnv();
    ({ env, pool } = kit);
    db = createDatabase(pool);
    await pool.query('CREATE TABLE auth.effects (login_id text NOT NULL)');
    consumer = new DurableConsumer(env.nc, db, env.namespace, logger, {
      name: 'test-effects',
      stream: 'AUTH',
      subjects: [EVENTS.authUserCreated],
      schema: 'auth',
      maxDeliver: 3,
      backoffMs: [50],
      handlers: {
        [EVENTS.authUserCreated]: async (tx, event) => {
          const loginId = event.data.user.loginId;
          await tx.execute(sql`INSERT INTO auth.effects (login_id) VALUES (${loginId})`);
          const n = (attempts.get(loginId) ?? 0) + 1;
          attempts.set(loginId, n);
          // The effect above is rolled back with the transaction when the handler fails.
          if ((loginId === 'crash-once' || loginId === 'batch-crash-once') && n === 1)
            throw new Error('crash mid-handler');
          if (loginId === 'poison' || loginId === 'pack-poison') throw new Error('always fails');
        },
      },
    });
    await consumer.start();
  });
  afterAll(async () => {
    await consumer.stop();
    await kit.close();
  });

  it('redelivers after a crash mid-handler and applies the effect once', async () => {
    await publish(userEvent('crash-once'));
    await waitFor(async () => (await effectCount('crash-once')) === 1, {
      message: 'effect applied',
    });
    expect(attempts.get('crash-once')).toBe(2);
  });

  it('applies a burst in batches, each event once, even when one of the batch fails once', async () => {
    await consumer.stop();
    // Queue the burst while nobody consumes, so the next start finds many messages waiting.
    const ids = Array.from({ length: 30 }, (_, i) =>
      i === 17 ? 'batch-crash-once' : `burst-${i}`,
    );
    for (const id of ids) await publish(userEvent(id));
    const appliedBefore = consumer.stats.applied;
    await consumer.start();
    await waitFor(
      async () => {
        const { rows } = await pool.query<{ n: number }>(
          "SELECT count(DISTINCT login_id)::int AS n FROM auth.effects WHERE login_id LIKE 'burst-%' OR login_id = 'batch-crash-once'",
        );
        return rows[0]?.n === 30;
      },
      { message: 'burst applied' },
    );
    for (const id of ids) expect(await effectCount(id)).toBe(1);
    expect(consumer.stats.applied - appliedBefore).toBe(30);
  });

  it('ignores a duplicated event (same eventId published again)', async () => {
    const event = userEvent('dup');
    await publish(event);
    await publish(event); // another msgID: JetStream keeps both, the consumer must absorb it
    await waitFor(() => consumer.stats.duplicates >= 1, { message: 'duplicate absorbed' });
    expect(await effectCount('dup')).toBe(1);
  });

  it('dead-letters a poison message after the last delivery and goes on with the next', async () => {
    await publish(userEvent('poison'));
    await publish(userEvent('after-poison'));
    await waitFor(async () => (await effectCount('after-poison')) === 1, {
      message: 'next message applied',
    });
    const letters = await waitFor(
      async () => {
        const { rows } = await pool.query<{ deliveries: number; error: string }>(
          "SELECT deliveries, error FROM auth.dead_letters WHERE payload LIKE '%poison%' AND payload NOT LIKE '%after-poison%'",
        );
        return rows.length ? rows : null;
      },
      { message: 'dead letter' },
    );
    expect(letters[0]).toMatchObject({ deliveries: 3, error: 'always fails' });
    expect(await effectCount('poison')).toBe(0);
  });

  it('dead-letters a message that is not a valid event at once', async () => {
    await jetstream(env.nc).publish(namespaced(env.namespace, EVENTS.authUserCreated), 'not json');
    await waitFor(
      async () => {
        const { rows } = await pool.query(
          "SELECT 1 FROM auth.dead_letters WHERE payload = 'not json'",
        );
        return rows.length === 1;
      },
      { message: 'invalid event dead-lettered' },
    );
    // Terminated for good: not waiting for an ack, so not redelivered and dead-lettered again.
    await waitForNothingPending(consumer, 'nothing left pending');
  });

  it('applies each event of a message of several once, and skips them when they come again', async () => {
    const events = ['pack-1', 'pack-2', 'pack-3'].map((loginId) => userEvent(loginId));
    const duplicatesBefore = consumer.stats.duplicates;
    await publishPack(env, events);
    await waitFor(async () => (await effectCount('pack-3')) === 1, { message: 'pack applied' });
    // Grouped otherwise by a relay that publishes them again: nothing is applied twice.
    await publishPack(env, events.slice(1));
    await waitFor(() => consumer.stats.duplicates === duplicatesBefore + 2, {
      message: 'repeated events absorbed',
    });
    for (const loginId of ['pack-1', 'pack-2', 'pack-3'])
      expect(await effectCount(loginId)).toBe(1);
    await waitForNothingPending(consumer, 'pack acknowledged');
  });

  it('applies the rest of a message of several when one event fails, and dead-letters only that one', async () => {
    const [first, poison, last] = ['pack-ok-1', 'pack-poison', 'pack-ok-2'].map((loginId) =>
      userEvent(loginId),
    );
    await publishPack(env, [first!, poison!, last!]);
    const letters = await deadLettersLike('%pack-%', 'the failing event dead-lettered');
    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({ event_id: poison!.eventId, deliveries: 3 });
    // The letter holds the failing event alone, as it was published.
    expect(JSON.parse(letters[0]!.payload)).toEqual(poison);
    // Its neighbours were applied on the first delivery and skipped on the redeliveries.
    expect(await effectCount('pack-ok-1')).toBe(1);
    expect(await effectCount('pack-ok-2')).toBe(1);
    expect(await effectCount('pack-poison')).toBe(0);
    await waitForNothingPending(consumer, 'pack terminated');
  });

  it('dead-letters an unreadable event of a message of several at once and applies the others', async () => {
    const [before, after] = ['pack-read-1', 'pack-read-2'].map((loginId) => userEvent(loginId));
    const unreadable = { eventId: 'not-a-uuid', note: 'pack-unreadable' };
    await publishPack(env, [before!, after!], JSON.stringify([before, unreadable, after]));
    const letters = await deadLettersLike(
      '%pack-unreadable%',
      'the unreadable event dead-lettered',
    );
    expect(letters).toHaveLength(1);
    expect(letters[0]?.event_id).toBeNull();
    expect(JSON.parse(letters[0]!.payload)).toEqual(unreadable);
    expect(letters[0]?.error).toMatch(/^invalid event/);
    expect(await effectCount('pack-read-1')).toBe(1);
    expect(await effectCount('pack-read-2')).toBe(1);
    await waitForNothingPending(consumer, 'pack terminated');
  });

  it('acknowledges a subject it does not handle unread, even when it is not a valid event', async () => {
    // Two subjects: nats-server 2.9 cannot filter both, so this consumer sees the whole stream.
    const seen: string[] = [];
    const wide = new DurableConsumer(env.nc, db, env.namespace, logger, {
      name: 'test-wide',
      stream: 'AUTH',
      subjects: [EVENTS.authUserCreated, EVENTS.authUserUpdated],
      schema: 'auth',
      handlers: {
        [EVENTS.authUserCreated]: async (_tx, event) => {
          seen.push(event.data.user.loginId);
        },
      },
    });
    // (It also reads the earlier tests' events, including their invalid one on a handled subject.)
    const skippedLetters = async () =>
      (
        await pool.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM auth.dead_letters WHERE consumer = 'test-wide' AND subject LIKE '%user.deleted%'",
        )
      ).rows[0]?.n;
    await wide.start();
    try {
      await jetstream(env.nc).publish(
        namespaced(env.namespace, EVENTS.authUserDeleted),
        'not json',
      );
      await publish(userEvent('after-skipped'));
      await waitFor(async () => seen.includes('after-skipped'), { message: 'next event applied' });
      // Went past the unhandled message: no dead letter, nothing left waiting for an ack.
      expect(await skippedLetters()).toBe(0);
      await waitForNothingPending(wide, 'all acknowledged');
    } finally {
      await wide.stop();
    }
  });
});

describe('durable consumer with a batch handler', () => {
  let kit: KitTestEnv;
  let env: TestEnv;
  let pool: pg.Pool;
  let consumer: DurableConsumer;
  const calls: string[][] = [];

  beforeAll(async () => {
    kit = await startKitTestEnv();
    ({ env, pool } = kit);
    await pool.query('CREATE TABLE auth.batch_effects (login_id text NOT NULL)');
    consumer = new DurableConsumer(env.nc, createDatabase(pool), env.namespace, logger, {
      name: 'test-batch',
      stream: 'AUTH',
      subjects: [EVENTS.authUserCreated],
      schema: 'auth',
      batchHandler: async (tx, events) => {
        const loginIds = events.map(
          (e) => (e as EventEnvelope<{ user: { loginId: string } }>).data.user.loginId,
        );
        calls.push(loginIds);
        await tx.execute(
          sql`INSERT INTO auth.batch_effects SELECT unnest(${sql.param(loginIds)}::text[])`,
        );
      },
    });
  });
  afterAll(async () => {
    await consumer.stop();
    await kit.close();
  });

  it('gets the waiting events together, in stream order, each new event once', async () => {
    const events = Array.from({ length: 20 }, (_, i) => userEvent(`many-${i}`));
    for (const event of events) {
      await jetstream(env.nc).publish(
        namespaced(env.namespace, event.type),
        JSON.stringify(event),
        { msgID: randomUUID() },
      );
    }
    // The same event again, under another message id (so JetStream keeps it): a duplicate.
    const again = events[3] as EventEnvelope;
    await jetstream(env.nc).publish(namespaced(env.namespace, again.type), JSON.stringify(again), {
      msgID: randomUUID(),
    });
    await consumer.start();
    await waitFor(async () => consumer.stats.applied + consumer.stats.duplicates === 21, {
      message: 'all handled',
    });

    expect(calls.flat()).toEqual(events.map((_, i) => `many-${i}`));
    expect(calls.some((call) => call.length > 1)).toBe(true);
    expect(consumer.stats).toMatchObject({ applied: 20, duplicates: 1 });
    const { rows } = await pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM auth.batch_effects',
    );
    expect(rows[0]?.n).toBe(20);
  });

  it('with a batch window, events that trickle in are applied together', async () => {
    const windowed = new DurableConsumer(env.nc, createDatabase(pool), env.namespace, logger, {
      name: 'test-window',
      stream: 'AUTH',
      subjects: [EVENTS.authUserCreated],
      schema: 'auth',
      batchWindowMs: 1_000,
      batchSize: 5,
      batchHandler: async (_tx, events) => {
        windowCalls.push(events.length);
      },
    });
    const windowCalls: number[] = [];
    // First the 21 messages already in the stream (the test above).
    await windowed.start();
    await waitFor(async () => windowed.stats.applied + windowed.stats.duplicates === 21, {
      message: 'caught up',
    });
    windowCalls.length = 0;
    const applied = windowed.stats.applied;
    try {
      for (let i = 0; i < 7; i += 1) {
        const event = userEvent(`trickle-${i}`);
        await jetstream(env.nc).publish(
          namespaced(env.namespace, event.type),
          JSON.stringify(event),
          { msgID: randomUUID() },
        );
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await waitFor(async () => windowed.stats.applied === applied + 7, { message: 'applied' });
      // A full batch as soon as five are there, then the last two when the window closes.
      expect(windowCalls).toEqual([5, 2]);
    } finally {
      await windowed.stop();
    }
  });

  it('counts a batch by its events: a message of several fills it at once', async () => {
    const calls: number[] = [];
    const windowed = new DurableConsumer(env.nc, createDatabase(pool), env.namespace, logger, {
      name: 'test-window-packs',
      stream: 'AUTH',
      subjects: [EVENTS.authUserCreated],
      schema: 'auth',
      batchWindowMs: 5_000,
      batchSize: 5,
      batchHandler: async (_tx, events) => {
        calls.push(events.length);
      },
    });
    await windowed.start();
    const jsm = await jetstreamManager(env.nc);
    await waitFor(
      async () => {
        const info = await jsm.consumers.info(windowed.streamName, windowed.durableName);
        return info.num_pending === 0 && info.num_ack_pending === 0;
      },
      { message: 'caught up with the stream', timeoutMs: 30_000 },
    );
    calls.length = 0;
    const applied = windowed.stats.applied;
    try {
      const started = Date.now();
      // Six events in one message: more than a batch, so it goes whole and without waiting.
      await publishPack(
        env,
        Array.from({ length: 6 }, (_, i) => userEvent(`fill-${i}`)),
      );
      await waitFor(async () => windowed.stats.applied === applied + 6, { message: 'applied' });
      expect(calls).toEqual([6]);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await windowed.stop();
    }
  });

  it("counts the batch window from a message's arrival, not from when the last batch ended", async () => {
    // A message that arrived while the batch before it was being applied has waited already: it
    // goes once that batch is done if its window has passed, not a whole window later.
    const windowMs = 1_000;
    const handlerMs = 1_500;
    const appliedAt = new Map<string, number>();
    const slow = new DurableConsumer(env.nc, createDatabase(pool), env.namespace, logger, {
      name: 'test-window-from-arrival',
      stream: 'AUTH',
      subjects: [EVENTS.authUserCreated],
      schema: 'auth',
      batchWindowMs: windowMs,
      batchHandler: async (_tx, events) => {
        for (const event of events) {
          appliedAt.set(
            (event as EventEnvelope<{ user: { loginId: string } }>).data.user.loginId,
            Date.now(),
          );
        }
        if (
          events.some(
            (e) =>
              (e as EventEnvelope<{ user: { loginId: string } }>).data.user.loginId ===
              'arrival-first',
          )
        ) {
          await new Promise((resolve) => setTimeout(resolve, handlerMs));
        }
      },
    });
    await slow.start();
    // Whatever the stream already holds (earlier tests) is applied first.
    const jsm = await jetstreamManager(env.nc);
    await waitFor(
      async () => {
        const info = await jsm.consumers.info(slow.streamName, slow.durableName);
        return info.num_pending === 0 && info.num_ack_pending === 0;
      },
      { message: 'caught up with the stream', timeoutMs: 20_000 },
    );
    const publish = (event: EventEnvelope) =>
      jetstream(env.nc).publish(namespaced(env.namespace, event.type), JSON.stringify(event), {
        msgID: randomUUID(),
      });
    try {
      await publish(userEvent('arrival-first'));
      await waitFor(async () => appliedAt.has('arrival-first'), { message: 'first applied' });
      // Arrives while the first batch is being applied (its handler takes handlerMs).
      await new Promise((resolve) => setTimeout(resolve, 200));
      await publish(userEvent('arrival-second'));
      await waitFor(async () => appliedAt.has('arrival-second'), { message: 'second applied' });
      // Measured from the first batch's start, which the handler records itself (the test's own
      // polling and the 200 ms pause only delay the second message's arrival, which must not count).
      const afterFirst = appliedAt.get('arrival-second')! - appliedAt.get('arrival-first')!;
      // From arrival: applied as soon as the first batch ends (handlerMs after it started). A
      // window started after that batch would make it handlerMs + windowMs.
      expect(afterFirst).toBeGreaterThanOrEqual(handlerMs - 20);
      expect(afterFirst).toBeLessThan(handlerMs + windowMs / 2);
    } finally {
      await slow.stop();
    }
  });
});

describe("a durable consumer's batch transaction", () => {
  let kit: KitTestEnv;
  let pool: pg.Pool;
  let consumer: DurableConsumer;
  const plans: string[] = [];
  /** Per batch: how often its connection has run the prepared lookup, and the plan it keeps. */
  const prepared: { runs: number; plan: string }[] = [];
  // An effect's lookup by key: the rows of the entities a batch's events name.
  const lookup = `SELECT p.v FROM unnest($1::uuid[]) AS wanted(id)
                  JOIN auth.plan_probe p ON p.id = wanted.id`;
  const probeIds = Array.from({ length: 20 }, () => randomUUID());
  const keyedLookup = () =>
    sql`SELECT p.v FROM unnest(${sql.param(probeIds)}::uuid[]) AS wanted(id)
        JOIN auth.plan_probe p ON p.id = wanted.id`;

  /** How often this connection ran the statement `name` as a prepared one (0: not prepared). */
  async function preparedRuns(exec: Pick<Database, 'execute'>, name: string): Promise<number> {
    const { rows } = await exec.execute<{ runs: number }>(
      sql`SELECT (custom_plans + generic_plans)::int AS runs FROM pg_prepared_statements
          WHERE name = ${name}`,
    );
    return rows[0]?.runs ?? 0;
  }

  /** The plan PostgreSQL chooses for `lookup` in `run`'s session, as one line of node types. */
  async function planOf(run: (text: string, params: unknown[]) => Promise<unknown>) {
    const result = (await run(`EXPLAIN (FORMAT JSON) ${lookup}`, [probeIds])) as {
      rows: { 'QUERY PLAN': unknown }[];
    };
    return JSON.stringify(result.rows[0]?.['QUERY PLAN']);
  }

  beforeAll(async () => {
    kit = await startKitTestEnv();
    pool = kit.pool;
    // A thousand rows, some updated (dead versions): what the planner prices as cheaper to
    // read whole than to probe twenty times.
    await pool.query(`CREATE TABLE auth.plan_probe (id uuid PRIMARY KEY, v integer NOT NULL);
      INSERT INTO auth.plan_probe SELECT gen_random_uuid(), n FROM generate_series(1, 1000) n;
      UPDATE auth.plan_probe SET v = v + 1 WHERE v % 2 = 0;
      ANALYZE auth.plan_probe`);
    await pool.query('INSERT INTO auth.plan_probe SELECT unnest($1::uuid[]), 0', [probeIds]);
    consumer = new DurableConsumer(kit.env.nc, createDatabase(pool), kit.env.namespace, logger, {
      name: 'test-plans',
      stream: 'AUTH',
      subjects: [EVENTS.authUserCreated],
      schema: 'auth',
      handlers: {
        [EVENTS.authUserCreated]: async (tx) => {
          plans.push(
            await planOf((text, params) =>
              tx.execute(sql.raw(text.replace('$1', `'{${params[0] as string}}'`))),
            ),
          );
          await executeInBatch(tx, 'test.keyed-lookup', keyedLookup());
          const runs = await preparedRuns(tx, 'test.keyed-lookup');
          const explained = await tx.execute<{ 'QUERY PLAN': unknown }>(
            sql.raw(`EXPLAIN (FORMAT JSON) EXECUTE "test.keyed-lookup"('{${probeIds.join(',')}}')`),
          );
          prepared.push({ runs, plan: JSON.stringify(explained.rows[0]?.['QUERY PLAN']) });
        },
      },
    });
    await consumer.start();
  });
  afterAll(async () => {
    await consumer.stop();
    await kit.close();
  });

  it('finds rows by index where one serves, though the planner alone would read the table', async () => {
    // The control: outside a consumer's batch this lookup reads the whole table.
    expect(await planOf((text, params) => pool.query(text, params))).toContain('"Seq Scan"');
    await jetstream(kit.env.nc).publish(
      namespaced(kit.env.namespace, EVENTS.authUserCreated),
      JSON.stringify(userEvent('plan-probe')),
      { msgID: randomUUID() },
    );
    await waitFor(async () => plans.length === 1, { message: 'the effect ran' });
    expect(plans[0]).toContain('"Index Scan"');
    expect(plans[0]).not.toContain('"Seq Scan"');
  });

  it("prepares an effect's keyed statement once per connection, and keeps an index lookup", async () => {
    // Batch after batch (one event each) on the consumer's connection: after five runs PostgreSQL
    // may keep one plan for all later runs, made with the batch's settings.
    for (let n = 1; n <= 6; n += 1) {
      await jetstream(kit.env.nc).publish(
        namespaced(kit.env.namespace, EVENTS.authUserCreated),
        JSON.stringify(userEvent(`prepared-probe-${n}`)),
        { msgID: randomUUID() },
      );
      const seen = prepared.length;
      await waitFor(async () => prepared.length > seen, { message: `batch ${n} ran` });
    }
    const last = prepared[prepared.length - 1]!;
    // Run again and again on one connection: prepared once, not parsed per batch.
    expect(last.runs).toBeGreaterThan(prepared[0]!.runs);
    expect(last.plan).toContain('"Index Scan"');
    expect(last.plan).not.toContain('"Seq Scan"');
  });

  it('plans the same statement on every run outside a consumer batch', async () => {
    const db = createDatabase(pool);
    const runs = await db.transaction(async (tx) => {
      const { rows } = await executeInBatch<{ v: number }>(tx, 'test.keyed-outside', keyedLookup());
      expect(rows).toHaveLength(20);
      return preparedRuns(tx, 'test.keyed-outside');
    });
    expect(runs).toBe(0);
  });
});
