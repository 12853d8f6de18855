/**
 * The upgrade from the version whose order events and read model held personal data: a stream and
 * databases as that version wrote them (old-shaped events published directly, the read model with
 * teacher and receiving person, an outside consumer part-way through) go through
 * `npm run upgrade:privacy` and reporting's migration 005. Afterwards the ORDERS stream, read raw,
 * holds no student id, teacher name, phone or e-mail; no event is lost; the consumer resumes where
 * it was; a second run changes nothing; the report counts the same students, and so does a rebuild.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import {
  eventsInMessage,
  reportingOps,
  namespacedStream,
  type EventEnvelope,
  type OrderEventSnapshot,
} from '@lr/contracts';
import { runMigrations } from '@lr/nest-kit';
import { TestEnv, events, legacyOrder, nextVersion, publish, runOperatorScript } from '@lr/testing';
import { reportingCaughtUp, startOrdersService, startReportingService } from '@lr/testing/services';

/** What every order event's data holds. */
type OrderData = { order: OrderEventSnapshot };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PERSONAL = ['OLDSTU-1', 'OLDSTU-2', 'Ms Teacher', '0123456789', 'teacher@example.org'];
const admin = TestEnv.actor('admin');

async function upgrade(env: TestEnv): Promise<string> {
  const run = await runOperatorScript(env, 'upgrade-privacy.mjs');
  if (run.code !== 0) throw new Error(run.stderr || run.stdout);
  return run.stdout;
}

describe('upgrade of personal data written by the earlier version', () => {
  let env: TestEnv;
  const stream = () => namespacedStream(env.namespace, 'ORDERS');

  async function rawStream(): Promise<{ text: string; envelopes: EventEnvelope<OrderData>[] }> {
    const jsm = await jetstreamManager(env.nc);
    const info = await jsm.streams.info(stream());
    let text = '';
    const envelopes: EventEnvelope<OrderData>[] = [];
    for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq += 1) {
      const msg = await jsm.streams.getMessage(stream(), { seq });
      if (!msg) throw new Error(`no message ${seq} in ${stream()}`);
      text += Buffer.from(msg.data).toString('utf8');
      envelopes.push(...(eventsInMessage(msg.string()) as EventEnvelope<OrderData>[]));
    }
    return { text, envelopes };
  }

  beforeAll(async () => {
    env = await TestEnv.create();
    // The streams and orders' schema as a running stack has them; then the services stop.
    await startOrdersService(env);
    await env.stopService('orders');
    const lines = [{ name: 'Coat', category: 'Clothing' as const, quantity: 1 }];
    const first = legacyOrder({
      school: 'Old School',
      student: 'OLDSTU-1_10_Male',
      createdAt: '2026-03-02T09:00:00.000Z',
      lines,
    });
    const again = legacyOrder({
      school: 'Old School',
      student: 'OLDSTU-1_10_Male',
      createdAt: '2026-03-04T09:00:00.000Z',
      lines,
    });
    const other = legacyOrder({
      school: 'Old School',
      student: 'OLDSTU-2_9_NA',
      createdAt: '2026-03-04T10:00:00.000Z',
      lines,
    });
    const delivered = nextVersion(first, {
      status: 'Delivered',
      deliveredAt: '2026-03-03T09:00:00.000Z',
    });
    await publish(env.nc, env.namespace, [
      events.placed(first),
      events.placed(again),
      events.statusChanged(delivered, 'Processing'),
      events.placed(other),
    ]);
    // An outside consumer that has acknowledged the first two events.
    const jsm = await jetstreamManager(env.nc);
    await jsm.consumers.add(stream(), {
      durable_name: `${env.namespace}_outside`,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
    });
    const consumer = await jetstream(env.nc).consumers.get(stream(), `${env.namespace}_outside`);
    const batch = await consumer.fetch({ max_messages: 2, expires: 2000 });
    for await (const msg of batch) await msg.ackAck();
    // The read model as the earlier version wrote it (migrations 001-004, people in clear).
    const old = mkdtempSync(path.join(tmpdir(), 'lr-old-reporting-'));
    for (const file of [
      '001-read-model.sql',
      '002-day-rollups.sql',
      '003-all-time-rollups.sql',
      '004-rebuild-progress.sql',
      '004-stock-intake.sql',
    ])
      copyFileSync(path.join(root, 'services/reporting/migrations', file), path.join(old, file));
    await runMigrations(env.pool, 'reporting', old);
    rmSync(old, { recursive: true, force: true });
    for (const order of [delivered, again, other]) {
      await env.pool.query(
        `INSERT INTO reporting.report_orders (order_id, version, order_number, user_id, school_name,
           teacher_name, receiving_person, status, created_at, delivered_at)
         VALUES ($1, $2, $3, $4, $5, 'Ms Teacher', $6, $7, $8, $9)`,
        [
          order.id,
          order.version,
          order.orderNumber,
          order.userId,
          order.userName,
          order.shippingInfo.receivingPersonName,
          order.status,
          order.createdAt,
          order.deliveredAt,
        ],
      );
    }
  }, 120_000);
  afterAll(() => env.close());

  it('rewrites the stream without personal data, losing no event and keeping positions', async () => {
    const before = await rawStream();
    for (const value of PERSONAL.slice(0, 3)) expect(before.text).toContain(value);

    const output = await upgrade(env);
    expect(output).toContain('ORDERS rewritten: 4 of 4 events had personal data');

    const after = await rawStream();
    for (const value of PERSONAL) expect(after.text).not.toContain(value);
    expect(
      after.envelopes.map((e) => [e.eventId, e.type, e.data.order.id, e.data.order.version]),
    ).toEqual(
      before.envelopes.map((e) => [e.eventId, e.type, e.data.order.id, e.data.order.version]),
    );
    const prints = after.envelopes.map((e) => e.data.order.studentFingerprint ?? '');
    expect(prints.every((p) => /^[\w-]{43}$/.test(p))).toBe(true);
    // OLDSTU-1 (two orders, one delivered) is one student; OLDSTU-2 another.
    expect(new Set(prints).size).toBe(2);
    const jsm = await jetstreamManager(env.nc);
    const outside = await jsm.consumers.info(stream(), `${env.namespace}_outside`);
    expect(outside.num_pending).toBe(2);

    expect(await upgrade(env)).toContain('nothing to do');
    expect((await rawStream()).text).toBe(after.text);
  }, 60_000);

  it('strips the read model and counts the same students, also after a rebuild', async () => {
    await startReportingService(env);
    await reportingCaughtUp(env);
    const { rows } = await env.pool.query<{ text: string }>(
      `SELECT (SELECT json_agg(o)::text FROM reporting.report_orders o) ||
              (SELECT COALESCE(json_agg(d)::text, '') FROM reporting.report_day_students d) AS text`,
    );
    for (const value of PERSONAL) expect(rows[0]!.text).not.toContain(value);
    const report = () => env.rpc.call(reportingOps.report, {}, { actor: admin });
    expect((await report()).studentsHelped).toBe(2);
    await env.rpc.call(reportingOps.rebuild, {}, { actor: admin, timeoutMs: 30_000 });
    expect((await report()).studentsHelped).toBe(2);
  }, 60_000);
});
