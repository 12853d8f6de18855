/**
 * What the kit's outbox and durable-consumer tests share: a test environment whose `auth` schema
 * holds only the kit's own tables (outbox, processed events, dead letters), with the AUTH stream, and
 * the event they write and read, a user created.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { EVENTS, type EventEnvelope } from '@lr/contracts';
import { createPool, ensureStreams, runMigrations } from '@lr/nest-kit';
import { TestEnv } from '@lr/testing';

export interface KitTestEnv {
  env: TestEnv;
  pool: pg.Pool;
  close(): Promise<void>;
}

export async function startKitTestEnv(): Promise<KitTestEnv> {
  const env = await TestEnv.create();
  const pool = createPool(env.database.url, 4);
  await runMigrations(pool, 'auth', await mkdtemp(path.join(tmpdir(), 'mig-')));
  await ensureStreams(env.nc, env.namespace, ['AUTH']);
  return {
    env,
    pool,
    async close() {
      await pool.end();
      await env.close();
    },
  };
}

/** The data of a user-created event for `loginId` (`address` makes it as large as a test needs). */
export function userCreatedData(loginId: string, { name = loginId, address = 'a' } = {}) {
  return {
    user: { id: randomUUID(), name, loginId, role: 'user' as const, address, district: 'd' },
  };
}

/** A user-created event for `loginId`, as a service's outbox would write it. */
export function userEvent(loginId: string, { address }: { address?: string } = {}): EventEnvelope {
  return {
    eventId: randomUUID(),
    type: EVENTS.authUserCreated,
    version: 1,
    occurredAt: new Date().toISOString(),
    correlationId: randomUUID(),
    data: userCreatedData(loginId, { address }),
  };
}
