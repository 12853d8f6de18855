/**
 * Reliability under faults: the real stack as processes on its own PostgreSQL and
 * nats-server; after each scenario the invariants must hold. `npm test` runs a short form;
 * `npm run test:chaos` (LR_CHAOS_FULL=true) the full counts. Prints a table of the scenarios.
 */
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { randomUUID } from 'node:crypto';
import { Api, pool } from './api.js';
import { startChaosStack, type ChaosStack } from './chaos-stack.js';
import {
  checkInvariants,
  createStockedProduct,
  eventCounts,
  waitForQuiet,
  type InvariantResult,
} from './invariants.js';

const FULL = process.env.LR_CHAOS_FULL === 'true';
const N = {
  raceOrders: FULL ? 200 : 40,
  raceStock: FULL ? 20 : 8,
  changes: FULL ? 500 : 100,
  loadOrders: FULL ? 50 : 16,
};

interface Row {
  scenario: string;
  requests: number;
  refused: number;
  eventsSent: number;
  eventsApplied: number;
  duplicatesAbsorbed: number;
  invariants: string;
}

const table: Row[] = [];

describe('reliability under faults', () => {
  let stack: ChaosStack;
  let api: Api;
  let admin: string;
  let schools: string[];

  function createProduct(name: string, size: string, stock: number): Promise<string> {
    return createStockedProduct(stack.pool, name, size, stock);
  }

  async function placeOrders(productId: string, size: string, count: number): Promise<string[]> {
    const results = await pool(
      Array.from(
        { length: count },
        (_, i) => () => api.placeOrder(schools[i % schools.length]!, productId, size, 1),
      ),
      8,
    );
    return results.map((r) => {
      if (r.status !== 200 && r.status !== 201)
        throw new Error(`placing failed: ${r.status} ${JSON.stringify(r.body)}`);
      return (r.body.order as { _id: string })._id;
    });
  }

  /** Toggles orders Processing <-> Printed `changes` times; `fault` runs once a third of the way. */
  async function drive(orderIds: string[], changes: number, fault?: () => Promise<void>) {
    const state = new Map(orderIds.map((id) => [id, 'Processing']));
    let refused = 0;
    let faultDone: Promise<void> | undefined;
    const tasks = Array.from({ length: changes }, (_, i) => async () => {
      if (i === Math.floor(changes / 3) && fault) faultDone = fault();
      const id = orderIds[i % orderIds.length]!;
      const next = state.get(id) === 'Processing' ? 'Printed' : 'Processing';
      const response = await api.setStatus(admin, id, next);
      if (response.status === 200) state.set(id, next);
      else {
        refused += 1;
        const current = await api.call('GET', `/api/console/orders/${id}`, { cookie: admin });
        const status =
          (current.body as { orderStatus?: string; status?: string }).orderStatus ??
          (current.body as { status?: string }).status;
        if (status) state.set(id, status === 'Processing' ? 'Processing' : 'Printed');
      }
    });
    // Orders are toggled one change at a time each (per-order order matters), several orders at once.
    await pool(tasks, 6);
    await faultDone;
    return { requests: changes, refused };
  }

  async function settleAndCheck(
    scenario: string,
    before: { sent: number; applied: number },
    run: { requests: number; refused: number },
    duplicates = 0,
  ) {
    await waitForQuiet(stack.pool, stack.nats);
    const invariants = await checkInvariants(stack.pool);
    const after = await eventCounts(stack.pool);
    const sent = after.sent - before.sent;
    const applied = after.applied - before.applied;
    invariants.push({
      name: 'every event applied once',
      ok: sent === applied,
      detail: `${sent} sent, ${applied} applied`,
    });
    table.push({
      scenario,
      requests: run.requests,
      refused: run.refused,
      eventsSent: sent,
      eventsApplied: applied,
      duplicatesAbsorbed: duplicates,
      invariants: invariants.every((i) => i.ok)
        ? 'all hold'
        : invariants
            .filter((i) => !i.ok)
            .map((i) => `${i.name}: ${i.detail}`)
            .join('; '),
    });
    return invariants;
  }

  function expectAllHold(invariants: InvariantResult[]) {
    expect(invariants.filter((i) => !i.ok)).toEqual([]);
  }

  beforeAll(async () => {
    stack = await startChaosStack();
    api = new Api(stack.url);
    admin = await api.login('admin');
    schools = await Promise.all(
      ['maplegrove', 'cedarhill', 'TEST USER'].map((id) => api.login(id)),
    );
  }, 240_000);

  afterAll(async () => {
    console.log(
      `\nChaos scenarios (${FULL ? 'full' : 'short'} form)\n` +
        ['scenario | requests | refused | events sent | applied | duplicates absorbed | invariants']
          .concat(
            table.map(
              (r) =>
                `${r.scenario} | ${r.requests} | ${r.refused} | ${r.eventsSent} | ${r.eventsApplied} | ${r.duplicatesAbsorbed} | ${r.invariants}`,
            ),
          )
          .join('\n'),
    );
    await stack?.stop();
  }, 60_000);

  it('gives exactly the available units to concurrent commits competing for one size', async () => {
    const productId = await createProduct(`Race ${randomUUID()}`, 'M', N.raceStock);
    const orderIds = await placeOrders(productId, 'M', N.raceOrders);
    const before = await eventCounts(stack.pool);
    const responses = await Promise.all(orderIds.map((id) => api.setStatus(admin, id, 'Printed')));
    const refusedNow = responses.filter((r) => r.status === 409);
    for (const r of refusedNow)
      expect(String(r.body.message)).toBe(
        'Error: Inventory cannot drop below zero for one or more items!',
      );
    expect(responses.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const invariants = await settleAndCheck('concurrent commits on one size', before, {
      requests: orderIds.length,
      refused: refusedNow.length,
    });
    expectAllHold(invariants);
    const { rows } = await stack.pool.query<{ committed: number; stock: number }>(
      `SELECT (SELECT count(*)::int FROM orders.orders o JOIN orders.order_lines l ON l.order_id = o.id
                WHERE l.product_id = $1 AND o.status <> 'Processing') AS committed,
              (SELECT stock FROM catalog.product_sizes WHERE product_id = $1) AS stock`,
      [productId],
    );
    expect(rows[0]).toEqual({ committed: N.raceStock, stock: 0 });
  }, 300_000);

  it('loses and doubles nothing when the catalog service is killed -9 mid-stream', async () => {
    const productId = await createProduct(`Kill catalog ${randomUUID()}`, 'L', 100_000);
    const orderIds = await placeOrders(productId, 'L', N.loadOrders);
    const before = await eventCounts(stack.pool);
    const run = await drive(orderIds, N.changes, async () => {
      stack.supervisor.kill('catalog', 'SIGKILL'); // the supervisor restarts it
    });
    expectAllHold(await settleAndCheck('kill -9 catalog during status changes', before, run));
  }, 300_000);

  it('publishes every committed change when the orders service is killed -9 between commit and publish', async () => {
    const productId = await createProduct(`Kill orders ${randomUUID()}`, 'S', 100_000);
    const orderIds = await placeOrders(productId, 'S', N.loadOrders);
    const before = await eventCounts(stack.pool);
    const run = await drive(orderIds, N.changes, async () => {
      stack.supervisor.kill('orders', 'SIGKILL');
    });
    expectAllHold(await settleAndCheck('kill -9 orders during status changes', before, run));
  }, 300_000);

  it('recovers from a nats-server restart and a kill -9 of it during load', async () => {
    const productId = await createProduct(`NATS ${randomUUID()}`, 'XL', 100_000);
    const orderIds = await placeOrders(productId, 'XL', N.loadOrders);
    const before = await eventCounts(stack.pool);
    const run = await drive(orderIds, N.changes, async () => {
      await stack.restartNats('SIGTERM');
      await new Promise((r) => setTimeout(r, 2000));
      await stack.restartNats('SIGKILL');
    });
    expectAllHold(await settleAndCheck('nats-server restart + kill -9 during load', before, run));
  }, 300_000);

  it('recovers from a PostgreSQL restart during load', async () => {
    const productId = await createProduct(`PG ${randomUUID()}`, 'XS', 100_000);
    const orderIds = await placeOrders(productId, 'XS', N.loadOrders);
    const before = await eventCounts(stack.pool);
    const run = await drive(orderIds, N.changes, () => stack.restartPostgres());
    expectAllHold(await settleAndCheck('PostgreSQL restart during load', before, run));
  }, 300_000);

  it('absorbs the same event published again after the de-duplication window', async () => {
    const productId = await createProduct(`Dup ${randomUUID()}`, 'M', 50);
    const [orderId] = await placeOrders(productId, 'M', 1);
    expect((await api.setStatus(admin, orderId!, 'Printed')).status).toBe(200);
    await waitForQuiet(stack.pool, stack.nats);
    const before = await eventCounts(stack.pool);
    const nc: NatsConnection = await connect(stack.nats);
    try {
      const jsm = await jetstreamManager(nc);
      const last = await jsm.streams.getMessage('ORDERS', {
        last_by_subj: 'orders.order.status-changed.v1',
      });
      if (!last) throw new Error('no status change in ORDERS');
      // A new msgID: JetStream keeps it, as it would after the window; the consumers must absorb it.
      await jetstream(nc).publish(last.subject, last.data, { msgID: randomUUID() });
    } finally {
      await nc.close();
    }
    const invariants = await settleAndCheck(
      'same event published again after the window',
      before,
      { requests: 1, refused: 0 },
      1,
    );
    const stock = await stack.pool.query<{ stock: number }>(
      'SELECT stock FROM catalog.product_sizes WHERE product_id = $1',
      [productId],
    );
    expect(stock.rows[0]?.stock).toBe(49);
    // The copy is not a new event: nothing more was sent or applied.
    expectAllHold(invariants);
  }, 120_000);

  it('keeps the report read model equal to a rebuild from the stream', async () => {
    const live = await api.call('GET', '/api/v1/admin/report', { cookie: admin });
    expect(live.status).toBe(200);
    const rebuild = await api.call('POST', '/api/console/report/rebuild', { cookie: admin });
    expect([200, 201]).toContain(rebuild.status);
    const rebuilt = await api.call('GET', '/api/v1/admin/report', { cookie: admin });
    expect(rebuilt.body.report).toEqual(live.body.report);
  }, 120_000);
});
