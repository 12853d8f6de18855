/**
 * Scale-out under faults: a three-node NATS cluster (streams with three replicas), two replicas of
 * every service and two gateways as real processes on one database. Schools place orders and
 * admins move them through every status (reverts and deletes included) across both gateways while
 * one replica of each service, one NATS node and one gateway are killed -9 and started again. At
 * the end every accepted request's effect must exist exactly once and the books must balance.
 * `npm test` runs the short form; `npm run test:scale` (LR_SCALE_FULL=true) the long one.
 */
import { randomUUID } from 'node:crypto';
import { jetstreamManager, type StreamInfo } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { ORDER_TRANSITIONS, type OrderStatus } from '@lr/contracts';
import { parsePrometheusText } from '@lr/testing';
import { PRODUCT_READ_CACHE_TTL_MS } from '../../gateway/src/api/catalog/product-read-cache.js';
import { Api } from '../chaos/api.js';
import {
  checkInvariants,
  createStockedProduct,
  eventCounts,
  waitForQuiet,
  type InvariantResult,
} from '../chaos/invariants.js';
import {
  NATS_NODES,
  SESSION_CACHE_TTL_MS,
  startScaleStack,
  type ScaleStack,
} from './scale-stack.js';

const FULL = process.env.LR_SCALE_FULL === 'true';
const LOAD_MS = FULL ? 60_000 : 18_000;
const WORKERS = 6;
/**
 * Staleness bound of product reads across gateways: the read cache's entry lifetime (sessions:
 * the gateways' SESSION_CACHE_TTL_MS). Both caches are emptied by NATS messages at once; the
 * lifetimes bound the staleness when such a message is lost.
 */
const PRODUCT_CACHE_BOUND_MS = PRODUCT_READ_CACHE_TTL_MS;

interface Sample {
  /** What was asked: place, status, delete. */
  kind: string;
  gateway: number;
  startedAt: number;
  endedAt: number;
  status: number;
}

interface Fault {
  what: string;
  at: number;
  /** Gateway faults: until the gateway answered /health again. */
  gateway?: number;
  until?: number;
}

interface TrackedOrder {
  id: string;
  status: OrderStatus;
  deleted: boolean;
  /** A change of it went unanswered: its truth is read at the end, when nothing is in flight. */
  unsure?: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Resends and replays counted by every process (a killed one started counting again when it came
 * back, so these are lower bounds).
 */
async function rpcFigures(
  endpoints: Record<string, string>,
): Promise<{ resent: number; replayed: number }> {
  let resent = 0;
  let replayed = 0;
  for (const url of Object.values(endpoints)) {
    const text = await fetch(url).then(
      (r) => r.text(),
      () => '',
    );
    if (!text) continue;
    const scrape = parsePrometheusText(text);
    resent += scrape.value('lr_rpc_client_resends_total');
    replayed += scrape.value('lr_rpc_replayed_total');
  }
  return { resent, replayed };
}

describe('scale-out under faults', () => {
  let stack: ScaleStack;
  let apis: Api[];
  let admin: string;
  let schools: string[];
  const table: [string, string | number][] = [];

  beforeAll(async () => {
    stack = await startScaleStack();
    apis = stack.gateways.map((url) => new Api(url));
    admin = await apis[0]!.login('admin');
    // A session made through one gateway is honoured by the other (sessions live in auth).
    schools = await Promise.all(
      ['maplegrove', 'cedarhill', 'TEST USER'].map((id, i) => apis[i % 2]!.login(id)),
    );
  }, 300_000);

  afterAll(async () => {
    console.log(
      `\nScale-out under faults (${FULL ? 'full' : 'short'} form: ${NATS_NODES} NATS nodes, 2 replicas per service, 2 gateways)\n` +
        table.map(([name, value]) => `${name.padEnd(68)} ${value}`).join('\n'),
    );
    await stack?.stop();
  }, 120_000);

  it('keeps every accepted effect exactly once while replicas, a NATS node and a gateway die', async () => {
    const size = 'M';
    const productId = await createStockedProduct(
      stack.pool,
      `Scale ${randomUUID()}`,
      size,
      1_000_000,
    );
    const before = await eventCounts(stack.pool);
    const samples: Sample[] = [];
    const faults: Fault[] = [];
    const orders: TrackedOrder[] = [];
    const acceptedKeys = new Map<string, string>();
    let unresolvedPlacements = 0;
    let unexpected4xx = 0;
    /** What the first unexpected 4xx answers said (printed with the figures). */
    const unexpectedAnswers: string[] = [];
    const noteUnexpected = (kind: string, response: { status: number; body: unknown }) => {
      unexpected4xx += 1;
      if (unexpectedAnswers.length < 5)
        unexpectedAnswers.push(`${kind} ${response.status} ${JSON.stringify(response.body)}`);
    };
    let statusChanges = 0;
    let deletes = 0;
    const loadEnd = Date.now() + LOAD_MS;

    async function send<T extends { status: number }>(
      kind: string,
      g: number,
      call: () => Promise<T>,
    ) {
      const startedAt = Date.now();
      const response = await call();
      samples.push({ kind, gateway: g, startedAt, endedAt: Date.now(), status: response.status });
      return response;
    }

    /**
     * The truth of an order whose change went unanswered (through either gateway). Read once the
     * load is over and the stack quiet: a call that reached a service before its gateway died can
     * still be writing for a while (its own calls to other services may be resent).
     */
    async function reread(g: number, order: TrackedOrder): Promise<void> {
      for (let attempt = 0; ; attempt += 1) {
        try {
          const status = await apis[(g + 1 + attempt) % 2]!.currentStatus(admin, order.id);
          if (status === null) order.deleted = true;
          else order.status = status as OrderStatus;
          return;
        } catch (error) {
          if (attempt >= 20) throw error;
          await sleep(500);
        }
      }
    }

    async function place(g: number, school: string): Promise<void> {
      const key = randomUUID();
      for (let attempt = 0; attempt < 8; attempt += 1) {
        const gateway = (g + attempt) % 2;
        const response = await send('place', gateway, () =>
          apis[gateway]!.placeOrder(school, productId, size, 1, key),
        );
        if (response.status === 200 || response.status === 201) {
          const id = (response.body.order as { _id: string })._id;
          const earlier = acceptedKeys.get(key);
          if (earlier && earlier !== id) throw new Error(`key ${key} gave two orders`);
          if (!earlier) orders.push({ id, status: 'Processing', deleted: false });
          acceptedKeys.set(key, id);
          return;
        }
        if (response.status >= 400 && response.status < 500) {
          noteUnexpected('place', response);
          return;
        }
        await sleep(500);
      }
      unresolvedPlacements += 1;
    }

    async function worker(w: number): Promise<void> {
      const mine: TrackedOrder[] = [];
      for (let n = 0; Date.now() < loadEnd; n += 1) {
        const g = (w + n) % 2;
        const live = mine.filter((o) => !o.deleted && !o.unsure);
        if (live.length < 3 || Math.random() < 0.2) {
          const count = orders.length;
          await place(g, schools[n % schools.length]!);
          if (orders.length > count) mine.push(orders[orders.length - 1]!);
          continue;
        }
        const order = live[Math.floor(Math.random() * live.length)]!;
        if (Math.random() < 0.06) {
          deletes += 1;
          const response = await send('delete', g, () => apis[g]!.deleteOrder(admin, order.id));
          if (response.status === 200) order.deleted = true;
          else order.unsure = true;
          continue;
        }
        const choices = ORDER_TRANSITIONS[order.status];
        const next = choices[Math.floor(Math.random() * choices.length)]!;
        statusChanges += 1;
        const response = await send('status', g, () => apis[g]!.setStatus(admin, order.id, next));
        if (response.status === 200) order.status = next;
        else {
          if (response.status >= 400 && response.status < 500) noteUnexpected('status', response);
          order.unsure = true;
        }
      }
    }

    async function waitHealthy(url: string): Promise<void> {
      for (;;) {
        const ok = await fetch(`${url}/health`).then(
          (r) => r.status === 200,
          () => false,
        );
        if (ok) return;
        await sleep(200);
      }
    }

    const step = LOAD_MS / 8;
    async function faultPlan(): Promise<void> {
      for (const service of ['catalog', 'orders', 'auth', 'reporting']) {
        await sleep(step / 2);
        // The supervisor starts it again, as Kubernetes would.
        faults.push({ what: `kill -9 ${service}-1`, at: Date.now() });
        stack.supervisor.kill(`${service}-1`, 'SIGKILL');
      }
      await sleep(step);
      faults.push({ what: 'kill -9 NATS node n2', at: Date.now() });
      await stack.killNatsNode(1);
      await sleep(step);
      faults.push({ what: 'restart NATS node n2', at: Date.now() });
      await stack.startNatsNode(1);
      await sleep(step);
      const fault: Fault = { what: 'kill -9 gateway-2', at: Date.now(), gateway: 1 };
      faults.push(fault);
      stack.supervisor.kill('gateway-2', 'SIGKILL');
      await sleep(500);
      await waitHealthy(stack.gateways[1]!);
      fault.until = Date.now();
    }

    const faultsDone = faultPlan();
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    await faultsDone;
    await waitForQuiet(stack.pool, stack.nats, 180_000);
    const unsure = orders.filter((o) => o.unsure);
    for (const order of unsure) await reread(0, order);

    // A 5xx (or unanswered request) is allowed only at the killed gateway while it was down:
    // calls in flight at a killed service replica or NATS node are sent again by the gateway and
    // the services (RpcClient resends) and must be answered.
    const failed = samples.filter((s) => s.status === 0 || s.status >= 500);
    const atDeadGateway = failed.filter((s) =>
      faults.some(
        (f) => f.gateway === s.gateway && s.endedAt >= f.at && s.startedAt <= (f.until ?? Infinity),
      ),
    );
    const elsewhere = failed.filter((s) => !atDeadGateway.includes(s));

    const invariants: InvariantResult[] = await checkInvariants(stack.pool);
    const ids = orders.map((o) => o.id);
    const { rows } = await stack.pool.query<{ id: string; status: string; copies: number }>(
      `SELECT o.id, o.status, count(*) OVER (PARTITION BY o.id)::int AS copies
         FROM orders.orders o WHERE o.id = ANY($1::uuid[])`,
      [ids],
    );
    const stored = new Map(rows.map((r) => [r.id, r]));
    const missing = orders.filter((o) => !o.deleted && !stored.has(o.id)).length;
    const doubled = rows.filter((r) => r.copies !== 1).length;
    const undeleted = orders.filter((o) => o.deleted && stored.has(o.id)).length;
    const wrongStatus = orders.filter(
      (o) => !o.deleted && stored.has(o.id) && stored.get(o.id)!.status !== o.status,
    ).length;
    const forProduct = await stack.pool.query<{ n: number }>(
      `SELECT count(DISTINCT o.id)::int AS n FROM orders.orders o
         JOIN orders.order_lines l ON l.order_id = o.id WHERE l.product_id = $1`,
      [productId],
    );
    const expectedLive = orders.filter((o) => !o.deleted).length;
    const extra = Number(forProduct.rows[0]?.n ?? 0) - expectedLive;
    invariants.push(
      {
        name: 'every accepted order exists exactly once',
        ok: missing === 0 && doubled === 0,
        detail: `${missing} missing, ${doubled} doubled`,
      },
      {
        name: 'no order beyond the accepted ones (retries by key)',
        ok: extra >= 0 && extra <= unresolvedPlacements,
        detail: `${extra} extra, ${unresolvedPlacements} placements never answered`,
      },
      {
        name: 'every answered status change and delete is reflected',
        ok: wrongStatus === 0 && undeleted === 0,
        detail: `${wrongStatus} statuses off, ${undeleted} deleted orders still there`,
      },
    );
    const after = await eventCounts(stack.pool);
    invariants.push({
      name: 'every inventory event applied once',
      ok: after.sent - before.sent === after.applied - before.applied,
      detail: `${after.sent - before.sent} sent, ${after.applied - before.applied} applied`,
    });

    const live = await apis[0]!.call('GET', '/api/v1/admin/report', { cookie: admin });
    const rebuild = await apis[1]!.call('POST', '/api/console/report/rebuild', { cookie: admin });
    const rebuilt = await apis[0]!.call('GET', '/api/v1/admin/report', { cookie: admin });
    const reportOk =
      live.status === 200 &&
      [200, 201].includes(rebuild.status) &&
      JSON.stringify(rebuilt.body.report) === JSON.stringify(live.body.report);
    invariants.push({
      name: 'report equals a rebuild from the stream',
      ok: reportOk,
      detail: `live ${live.status}, rebuild ${rebuild.status}`,
    });
    invariants.push({
      name: 'no 5xx but at the dead gateway while it was down',
      ok: elsewhere.length === 0,
      detail:
        elsewhere
          .map(
            (s) =>
              `${s.kind} ${s.status}@gw${s.gateway + 1} +${s.startedAt - (loadEnd - LOAD_MS)} ms (${s.endedAt - s.startedAt} ms)`,
          )
          .join(', ') || 'none',
    });

    const byGateway = [0, 1].map((g) => samples.filter((s) => s.gateway === g).length);
    const rpc = await rpcFigures(stack.metrics);
    table.push(
      ['load (s)', LOAD_MS / 1000],
      ['requests (gateway-1 / gateway-2)', `${byGateway[0]} / ${byGateway[1]}`],
      ['orders accepted', orders.length],
      ['status changes sent', statusChanges],
      ['deletes sent', deletes],
      ['orders live at the end', expectedLive],
      ['unexpected 4xx', unexpected4xx],
      ...unexpectedAnswers.map((answer): [string, string] => ['  answered', answer.slice(0, 200)]),
      ['5xx/unanswered at the dead gateway', atDeadGateway.length],
      ['5xx elsewhere', elsewhere.length],
      ['orders whose change went unanswered (read back at the end)', unsure.length],
      ['RPC attempts resent (processes up at the end)', rpc.resent],
      ['resent writes answered from their record (processes up at the end)', rpc.replayed],
      ...faults.map((f): [string, string] => [
        `fault: ${f.what}`,
        f.until ? `down ${f.until - f.at} ms` : `at +${f.at - (loadEnd - LOAD_MS)} ms`,
      ]),
      ...invariants.map((i): [string, string] => [
        `invariant: ${i.name}`,
        `${i.ok ? 'holds' : 'BROKEN'} (${i.detail})`,
      ]),
    );
    expect(invariants.filter((i) => !i.ok)).toEqual([]);
    expect(unexpected4xx).toBe(0);
    expect(statusChanges).toBeGreaterThan(0);
  }, 600_000);

  /** Polls `read` until it gives true; the milliseconds that took (fails beyond `boundMs`). */
  async function freshWithin(boundMs: number, read: () => Promise<boolean>): Promise<number> {
    const start = Date.now();
    while (!(await read())) {
      if (Date.now() - start > boundMs) break;
      await sleep(50);
    }
    return Date.now() - start;
  }

  it('serves through gateway B what was changed through gateway A within the cache bounds', async () => {
    const [a, b] = apis as [Api, Api];
    const productId = await createStockedProduct(stack.pool, `Cache ${randomUUID()}`, 'S', 10);
    const school = schools[0]!;
    const productLags: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      // B caches the product as a school sees it, then A edits it.
      expect((await b.call('GET', `/api/v1/product/${productId}`, { cookie: school })).status).toBe(
        200,
      );
      const description = `edited ${round} ${randomUUID()}`;
      const edit = await a.call('PUT', `/api/console/products/${productId}`, {
        cookie: admin,
        body: { description },
      });
      expect(edit.status).toBe(200);
      productLags.push(
        await freshWithin(PRODUCT_CACHE_BOUND_MS, async () => {
          const read = await b.call('GET', `/api/v1/product/${productId}`, { cookie: school });
          return (read.body.product as { description?: string })?.description === description;
        }),
      );
    }

    const sessionLags: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const cookie = await a.login('cedarhill');
      // B has checked (and cached) the session before it ends through A.
      expect((await b.call('GET', '/api/v1/me', { cookie })).status).toBe(200);
      expect((await a.call('GET', '/api/v1/logout', { cookie })).status).toBe(200);
      sessionLags.push(
        await freshWithin(SESSION_CACHE_TTL_MS, async () => {
          return (await b.call('GET', '/api/v1/me', { cookie })).status === 401;
        }),
      );
    }
    table.push(
      [
        `product edit via A fresh on B (ms, bound ${PRODUCT_CACHE_BOUND_MS})`,
        productLags.join(', '),
      ],
      [
        `session ended via A refused by B (ms, bound ${SESSION_CACHE_TTL_MS})`,
        sessionLags.join(', '),
      ],
    );
    for (const lag of productLags) expect(lag).toBeLessThanOrEqual(PRODUCT_CACHE_BOUND_MS);
    for (const lag of sessionLags) expect(lag).toBeLessThanOrEqual(SESSION_CACHE_TTL_MS);
  }, 120_000);

  it('grows a one-replica stream to three when a service starts, keeping its messages', async () => {
    const nc = await connect(stack.nats);
    try {
      const jsm = await jetstreamManager(nc);
      // Every stream was created by its owner with NATS_STREAM_REPLICAS copies.
      for (const stream of ['AUTH', 'CATALOG', 'ORDERS']) {
        const created = await jsm.streams.info(stream);
        expect([stream, created.config.num_replicas]).toEqual([stream, NATS_NODES]);
      }
      const info = await jsm.streams.info('ORDERS');
      expect(info.config.num_replicas).toBe(NATS_NODES);
      // An operator's (or an older release's) single-copy stream.
      await jsm.streams.update('ORDERS', { ...info.config, num_replicas: 1 });
      const single = await jsm.streams.info('ORDERS');
      expect(single.config.num_replicas).toBe(1);
      expect(single.cluster?.replicas ?? []).toHaveLength(0);

      // The owner of ORDERS starts again with NATS_STREAM_REPLICAS=3 and updates the stream.
      stack.supervisor.kill('orders-1', 'SIGTERM');
      let grown: StreamInfo | undefined;
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        grown = await jsm.streams.info('ORDERS').catch(() => undefined);
        if (
          grown?.config.num_replicas === NATS_NODES &&
          (grown.cluster?.replicas ?? []).filter((r) => r.current).length === NATS_NODES - 1
        )
          break;
        await sleep(500);
      }
      expect(grown?.config.num_replicas).toBe(NATS_NODES);
      expect(grown?.cluster?.replicas?.filter((r) => r.current)).toHaveLength(NATS_NODES - 1);
      // Updated, not recreated: same creation time, same messages.
      expect(grown?.created).toBe(info.created);
      expect(grown?.state.messages).toBe(single.state.messages);
      expect(grown?.state.first_seq).toBe(single.state.first_seq);
      table.push([
        'ORDERS stream 1 -> 3 replicas, messages kept',
        `${single.state.messages} -> ${grown?.state.messages}`,
      ]);
    } finally {
      await nc.close();
    }
  }, 120_000);
});
