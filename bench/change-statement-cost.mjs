/**
 * Where PostgreSQL's CPU for a status change goes: the statement orders writes a change with
 * (services/orders/src/orders/order-changes.repository.ts) rebuilt part by part, each step adding
 * one part, sent at a steady rate on one connection to a measured stack's database, the steps
 * taking turns round by round. Prints the CPU per statement of the connection's backend (from
 * /proc) for each step:
 *
 * - the round trip: `SELECT 1`, what any statement costs at this rate before it does anything;
 * - the order's row updated (its version) with its status kept, without the status-count trigger:
 *   no indexed column changes, so PostgreSQL may keep the row's index entries;
 * - the status changed: every index of the orders table gets an entry for the new row version;
 * - with the status-count trigger, as the product's update runs;
 * - with the history entry, the outbox event, the recorded reply and the access log entry, in turn:
 *   the last step writes everything the product's statement writes.
 *
 *   node bench/change-statement-cost.mjs
 *
 * BENCH_STATEMENT_RATE (statements a second, default 200: the status change's target rate),
 * BENCH_STATEMENT_SECONDS (each step's round, default 6), BENCH_STATEMENT_ROUNDS (default 3),
 * BENCH_STATEMENT_ORDERS (the orders the statements rotate over, default the CPU bench's 2,000).
 * Build first (npm run build:server): the stack's processes only set up its orders.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { ROOT } from '../scripts/stack/paths.mjs';
import { BENCH_APPLICATION, startMeasuredStack } from './lib/cpu-stack.mjs';
import { prepareOperations } from './lib/operations.mjs';
import { cpuMsOf } from './lib/process-cpu.mjs';

const rate = Number(process.env.BENCH_STATEMENT_RATE ?? 200);
const seconds = Number(process.env.BENCH_STATEMENT_SECONDS ?? 6);
const rounds = Number(process.env.BENCH_STATEMENT_ROUNDS ?? 3);
const orders = process.env.BENCH_STATEMENT_ORDERS
  ? Number(process.env.BENCH_STATEMENT_ORDERS)
  : undefined;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/*
 * Every step binds the same parameters: $1 the order's id, $2 its new status, $3 the event
 * envelope (and the reply), $4 the actor.
 */

/** The status as it is: still binds $2. */
const KEEP_STATUS = `CASE WHEN $2::text IS NULL THEN status ELSE status END`;
const update = (status) =>
  `UPDATE orders.orders SET status = ${status}, version = version + 1 WHERE id = $1
   RETURNING id, xmin::text AS row_version`;
/** The statement's other parts, in the product's shape. */
const PARTS = {
  history: `INSERT INTO orders.order_status_history
      (order_id, at, actor_id, actor_name, from_status, to_status, quantities, reason)
    SELECT changed.id, now(), $4::uuid, 'Admin', 'Printed', $2, '[1]'::jsonb, null FROM changed`,
  outbox: `INSERT INTO orders.outbox (event_id, subject, envelope)
    SELECT gen_random_uuid(), 'orders.order.status-changed.v1', $3::jsonb FROM changed`,
  reply: `INSERT INTO orders.rpc_replies (request_id, subject, actor_id, reply)
    SELECT gen_random_uuid()::text, 'rpc.orders.update', $4::uuid, $3::json FROM changed`,
  access: `INSERT INTO orders.student_data_access
      (access_id, actor_id, actor_login_id, actor_role, action, order_ids, order_numbers,
       school_ids, school_names, scope, client_address)
    SELECT gen_random_uuid(), $4::uuid, 'admin', 'admin', 'update order', ARRAY[changed.id],
           ARRAY['LR-001001'], ARRAY[$4::uuid], ARRAY['A school'], null, '127.0.0.1'
    FROM changed ON CONFLICT (access_id) DO NOTHING`,
};

/** The text of a step: the update, then the parts as data-modifying CTEs of the same statement. */
function statement(status, parts) {
  const ctes = parts.map((part, i) => `, part${i} AS (${PARTS[part]})`).join('');
  // The parameters a step's parts leave unused are still bound.
  return `WITH changed AS (${update(status)})${ctes}
    SELECT row_version FROM changed WHERE $3::text IS NOT NULL AND $4::uuid IS NOT NULL`;
}

const STEPS = [
  { name: 'round trip (SELECT 1)', text: 'SELECT $1::uuid, $2::text, $3::text, $4::uuid' },
  { name: 'update, status kept, no trigger', text: statement(KEEP_STATUS, []), trigger: false },
  { name: 'update of the status, no trigger', text: statement('$2', []), trigger: false },
  { name: '+ status-count trigger', text: statement('$2', []), trigger: true },
  { name: '+ history entry', text: statement('$2', ['history']), trigger: true },
  { name: '+ outbox event', text: statement('$2', ['history', 'outbox']), trigger: true },
  {
    name: '+ recorded reply',
    text: statement('$2', ['history', 'outbox', 'reply']),
    trigger: true,
  },
  {
    name: '+ access log entry (all of it)',
    text: statement('$2', ['history', 'outbox', 'reply', 'access']),
    trigger: true,
  },
];

const stack = await startMeasuredStack({ root: ROOT, label: 'statement' });
const client = new pg.Client({
  connectionString: stack.databaseUrl,
  application_name: BENCH_APPLICATION,
});
try {
  const fixture = await prepareOperations(stack, { orders });
  const orderIds = [...fixture.versions.keys()];
  await client.connect();
  const backend = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
  // A placed order's event: the size of the event (and reply) a change writes.
  const { rows } = await client.query(
    'SELECT envelope::text AS envelope FROM orders.outbox ORDER BY id DESC LIMIT 1',
  );
  const envelope = rows[0].envelope;
  const actor = randomUUID();
  const statuses = ['Printed', 'Processing'];
  const perStep = new Map(STEPS.map((step) => [step.name, []]));
  let sent = 0;
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, step] of STEPS.entries()) {
      if (step.trigger !== undefined) {
        await client.query(
          `ALTER TABLE orders.orders ${step.trigger ? 'ENABLE' : 'DISABLE'} TRIGGER orders_counted_on_update`,
        );
      }
      const count = Math.round(rate * seconds);
      const before = cpuMsOf(backend);
      const started = performance.now();
      for (let i = 0; i < count; i += 1) {
        const wait = started + (i * 1000) / rate - performance.now();
        if (wait > 0) await sleep(wait);
        sent += 1;
        // Each order in turn, its status alternating, as the CPU bench's changes do.
        const status = statuses[Math.floor(sent / orderIds.length) % 2];
        await client.query({
          name: `step-${index}`,
          text: step.text,
          values: [orderIds[sent % orderIds.length], status, envelope, actor],
        });
      }
      perStep.get(step.name).push((cpuMsOf(backend) - before) / count);
    }
  }
  await client.query('ALTER TABLE orders.orders ENABLE TRIGGER orders_counted_on_update');
  console.log(
    `\nPostgreSQL backend CPU ms per statement at ${rate} a second (${rounds} rounds of ${seconds} s, envelope ${envelope.length} bytes):`,
  );
  let previous;
  for (const [name, readings] of perStep) {
    const mean = readings.reduce((sum, ms) => sum + ms, 0) / readings.length;
    const added =
      previous === undefined
        ? ''
        : ` (${mean - previous >= 0 ? '+' : ''}${(mean - previous).toFixed(3)})`;
    console.log(
      `  ${name.padEnd(36)} ${mean.toFixed(3)}${added.padEnd(10)} rounds: ${readings.map((ms) => ms.toFixed(3)).join(' ')}`,
    );
    previous = mean;
  }
} finally {
  await client.end().catch(() => undefined);
  await stack.dispose();
}
