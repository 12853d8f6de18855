/**
 * The two halves of a backup taken while the stack works: the streams are copied only up to the
 * cut made before the database snapshot (nothing the snapshot has not seen), and a restore sends
 * again what the snapshot's outboxes show as sent but the copied streams lack (went out between the
 * cut and the snapshot). test/backup-restore.test.ts runs the whole under load.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jetstream } from '@nats-io/jetstream';
import { headers } from '@nats-io/transport-node';
import { EVENTS, namespaced } from '@lr/contracts';
import { ensureStreams, kitMigrationSql } from '@lr/nest-kit';
import { TestEnv } from '@lr/testing';
// @ts-expect-error plain ES module without types
import * as streamDump from '../scripts/lib/backup/stream-dump.mjs';
// @ts-expect-error plain ES module without types
import * as outboxResend from '../scripts/lib/backup/outbox-resend.mjs';

type Counts = Record<string, number>;
const { streamCut, dumpStreams, eventIdsOf } = streamDump as {
  streamCut: (nc: unknown, namespace: string) => Promise<Counts>;
  dumpStreams: (
    nc: unknown,
    namespace: string,
    dir: string,
    progress: unknown,
    cut: Counts,
  ) => Promise<Counts>;
  eventIdsOf: (dir: string, chunkSize?: number) => AsyncIterable<string[]>;
};
const { resendEventsAfterCut } = outboxResend as {
  resendEventsAfterCut: (pool: unknown, idChunks: AsyncIterable<string[]>) => Promise<number>;
};
const quiet = { update: () => undefined, line: () => undefined };

async function chunksOf(ids: AsyncIterable<string[]>): Promise<string[][]> {
  const chunks: string[][] = [];
  for await (const chunk of ids) chunks.push(chunk);
  return chunks;
}

async function* given(...chunks: string[][]): AsyncIterable<string[]> {
  yield* chunks;
}

describe('a backup taken while the stack works', () => {
  let env: TestEnv;
  let folder: string;

  beforeAll(async () => {
    env = await TestEnv.create();
    await ensureStreams(env.nc, env.namespace);
    folder = mkdtempSync(path.join(tmpdir(), 'lr-backup-cut-'));
    mkdirSync(path.join(folder, 'streams'));
  });
  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    await env.close();
  });

  async function publishEvents(count: number): Promise<string[]> {
    const js = jetstream(env.nc);
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const id = randomUUID();
      const hdrs = headers();
      hdrs.set('Nats-Msg-Id', id);
      await js.publish(
        namespaced(env.namespace, EVENTS.ordersOrderStatusChanged),
        JSON.stringify({ id }),
        { headers: hdrs },
      );
      ids.push(id);
    }
    return ids;
  }

  it('copies the streams up to the cut, not what was published after it', async () => {
    const before = await publishEvents(3);
    const cut = await streamCut(env.nc, env.namespace);
    await publishEvents(2);

    const counts = await dumpStreams(env.nc, env.namespace, folder, quiet, cut);
    expect(counts).toEqual({ AUTH: 0, CATALOG: 0, ORDERS: 3 });
    expect(await chunksOf(eventIdsOf(folder))).toEqual([before]);
    // An archive of years is read a chunk at a time, in the streams' order.
    expect(await chunksOf(eventIdsOf(folder, 2))).toEqual([before.slice(0, 2), before.slice(2)]);
  });

  it('marks unsent, for the relay to send again, the sent events the copied streams lack', async () => {
    await env.pool.query(`CREATE SCHEMA orders; ${kitMigrationSql('orders')}`);
    const [inStream, afterCut, neverSent] = [randomUUID(), randomUUID(), randomUUID()];
    await env.pool.query(
      `INSERT INTO orders.outbox (event_id, subject, envelope, sent_at) VALUES
         ($1, 'orders.order.status-changed.v1', '{}', now()),
         ($2, 'orders.order.status-changed.v1', '{}', now()),
         ($3, 'orders.order.status-changed.v1', '{}', NULL)`,
      [inStream, afterCut, neverSent],
    );

    // auth and catalog have no tables in this database: skipped, not an error.
    expect(await resendEventsAfterCut(env.pool, given(['not-an-event-id'], [], [inStream]))).toBe(
      1,
    );
    const { rows } = await env.pool.query<{ event_id: string; sent: boolean }>(
      'SELECT event_id, sent_at IS NOT NULL AS sent FROM orders.outbox ORDER BY id',
    );
    expect(rows).toEqual([
      { event_id: inStream, sent: true },
      { event_id: afterCut, sent: false },
      { event_id: neverSent, sent: false },
    ]);
  });
});
