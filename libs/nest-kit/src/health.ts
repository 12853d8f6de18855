/**
 * Health of one service: PostgreSQL, NATS and JetStream, answered over request-reply so the gateway
 * can aggregate every service into `/health`.
 */
import type pg from 'pg';
import type { ServiceHealth } from '@lr/contracts';
import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { pingDatabase } from './db.js';
import { countUnsent } from './outbox.js';

export interface DependencyHealth {
  status: 'up' | 'down';
  latencyMs?: number;
  error?: string;
  [extra: string]: unknown;
}

/** The reply of every service's `health` operation (its schema: contracts `serviceHealthSchema`). */
export type { ServiceHealth };

async function timed(
  check: () => Promise<Record<string, unknown> | void>,
): Promise<DependencyHealth> {
  const started = performance.now();
  try {
    const extra = (await check()) ?? {};
    return { status: 'up', latencyMs: Math.round(performance.now() - started), ...extra };
  } catch (error) {
    return { status: 'down', error: (error as Error).message };
  }
}

export async function checkServiceHealth(
  service: string,
  pool: pg.Pool,
  nc: NatsConnection,
  schema: string,
): Promise<ServiceHealth> {
  const checks: Record<string, DependencyHealth> = {
    postgres: await timed(async () => {
      await pingDatabase(pool);
      return { outboxUnsent: await countUnsent(pool, schema) };
    }),
    nats: await timed(async () => {
      if (nc.isClosed()) throw new Error('connection closed');
      await nc.flush();
    }),
    jetstream: await timed(async () => {
      const jsm = await jetstreamManager(nc, { timeout: 2000 });
      const info = await jsm.getAccountInfo();
      return { streams: info.streams };
    }),
  };
  const status = Object.values(checks).every((c) => c.status === 'up') ? 'up' : 'down';
  return { service, status, checks };
}
