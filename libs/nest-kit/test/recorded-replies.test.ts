/**
 * Recorded replies against the real PostgreSQL: a write's result is recorded with it and given to a
 * resend; a second run meeting the record rolls back; an id is only replayed to its own subject
 * and actor; old records are pruned.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import type pg from 'pg';
import {
  RecordedReplies,
  RecordedRepliesPruner,
  createDatabase,
  createPool,
  runMigrations,
  type Database,
  type ReplyKey,
} from '@lr/nest-kit';
import { createTestDatabase, type TestDatabase } from '@lr/testing';

describe('recorded replies', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let db: Database;
  const replies = new RecordedReplies('auth');

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = createPool(database.url, 4);
    await runMigrations(pool, 'auth', await mkdtemp(path.join(tmpdir(), 'mig-')));
    await pool.query('CREATE TABLE auth.counter (n integer NOT NULL)');
    await pool.query('INSERT INTO auth.counter VALUES (0)');
    db = createDatabase(pool);
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  const key = (over: Partial<ReplyKey> = {}): ReplyKey => ({
    requestId: randomUUID(),
    subject: 'rpc.auth.update-user',
    actorId: randomUUID(),
    ...over,
  });
  const counter = async () =>
    (await pool.query<{ n: number }>('SELECT n FROM auth.counter')).rows[0]!.n;
  /** A write that is not idempotent on its own: it adds one and answers the new value. */
  const increment = (k: ReplyKey | null) =>
    replies.transaction(db, k, async (tx) => {
      const result = await tx.execute<{ n: number }>(
        sql`UPDATE auth.counter SET n = n + 1 RETURNING n`,
      );
      return { n: result.rows[0]!.n };
    });

  it('writes once for a request sent three times, and answers each with the first result', async () => {
    const before = await counter();
    const k = key();
    const first = await increment(k);
    expect(await increment(k)).toEqual(first);
    expect(await increment({ ...k })).toEqual(first);
    expect(await counter()).toBe(before + 1);
    // Without a key it is a plain transaction: every call writes.
    await increment(null);
    await increment(null);
    expect(await counter()).toBe(before + 3);
  });

  it('writes once when copies run at the same moment', async () => {
    const before = await counter();
    const k = key();
    const results = await Promise.all([1, 2, 3, 4].map(() => increment(k)));
    expect(new Set(results.map((r) => r.n)).size).toBe(1);
    expect(await counter()).toBe(before + 1);
  });

  it('replays an id only to its own subject and actor', async () => {
    const k = key();
    await increment(k);
    await expect(increment({ ...k, actorId: randomUUID() })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(increment({ ...k, subject: 'rpc.auth.delete-user' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('gives a failure of a request never recorded as it is', async () => {
    const failing = replies.transaction(db, key(), () => Promise.reject(new Error('refused')));
    await expect(failing).rejects.toThrow('refused');
  });

  it('records nothing through a statement without a key', async () => {
    const before = (await pool.query('SELECT count(*)::int AS n FROM auth.rpc_replies')).rows[0];
    await db.execute(sql`WITH one AS (SELECT 1 AS x), rec AS (
      ${replies.insertSql(null, { ignored: true }, sql`one`)}) SELECT 1`);
    const after = (await pool.query('SELECT count(*)::int AS n FROM auth.rpc_replies')).rows[0];
    expect(after).toEqual(before);
  });

  it('prunes records past their retention, and only those', async () => {
    const old = key();
    const fresh = key();
    await increment(old);
    await increment(fresh);
    await pool.query(
      `UPDATE auth.rpc_replies SET created_at = now() - interval '2 hours' WHERE request_id = $1`,
      [old.requestId],
    );
    const pruner = new RecordedRepliesPruner({
      pool,
      schema: 'auth',
      logger: pino({ level: 'silent' }),
    });
    expect(await pruner.prune()).toBeGreaterThanOrEqual(1);
    const { rows } = await pool.query<{ request_id: string }>(
      'SELECT request_id FROM auth.rpc_replies WHERE request_id = ANY($1)',
      [[old.requestId, fresh.requestId]],
    );
    expect(rows.map((r) => r.request_id)).toEqual([fresh.requestId]);
  });
});
