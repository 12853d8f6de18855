/**
 * HTTP calls through the gateway while a replica of every service loses replies: it takes a share
 * of the requests, lets the real service do the work, and drops the answer (as a replica killed
 * right after writing, or a NATS node dying with the reply, would). The gateway and the services
 * send such calls again (RpcClient resends with the same request id): every request is answered
 * 2xx, and every write happens exactly once.
 */
import { randomUUID } from 'node:crypto';
import {
  catalogOps,
  HEADERS,
  isResendable,
  namespaced,
  type CatalogProduct,
  type ServiceName,
} from '@lr/contracts';
import { metricsRegistry } from '@lr/nest-kit';
import { TestEnv } from '@lr/testing';
import { headers, type Msg, type Subscription } from '@nats-io/transport-node';
import { startCatalogService, startOrdersService } from '@lr/testing/services';
import { startAuthHarness, type AuthHarness } from './auth-harness.js';

/** Short waits, so a lost reply costs the test a fraction of a second. */
const ATTEMPT_TIMEOUT = { RPC_ATTEMPT_TIMEOUT_MS: '200' };
const FORWARDED = 'x-test-forwarded';

/**
 * A member of each service's queue group that passes every request on to the real replica; the
 * first time it sees a request (by request id) of a call that may be resent, it passes it on
 * without the reply subject, so the work is done and the answer lost.
 */
class LossyReplica {
  private readonly seen = new Set<string>();
  private readonly subscriptions: Subscription[] = [];
  lost = 0;

  constructor(private readonly env: TestEnv) {
    for (const service of ['auth', 'catalog', 'orders'] as ServiceName[]) {
      this.subscriptions.push(
        env.nc.subscribe(namespaced(env.namespace, `rpc.${service}.*`), {
          queue: namespaced(env.namespace, service),
          callback: (_error, msg) => this.pass(msg),
        }),
      );
    }
  }

  private pass(msg: Msg): void {
    const subject = msg.subject.slice(this.env.namespace.length + 1);
    const requestId = msg.headers?.get(HEADERS.requestId) ?? '';
    let reply: string | undefined = msg.reply;
    // A message this replica passed on came back to it (same queue group): on again, as it was.
    if (!msg.headers?.has(FORWARDED) && isResendable(subject) && !this.seen.has(requestId)) {
      this.seen.add(requestId);
      this.lost += 1;
      reply = undefined;
    }
    const hdrs = headers();
    for (const key of msg.headers?.keys() ?? []) {
      for (const value of msg.headers!.values(key)) hdrs.append(key, value);
    }
    if (!hdrs.has(FORWARDED)) hdrs.set(FORWARDED, '1');
    this.env.nc.publish(msg.subject, msg.data, { headers: hdrs, ...(reply ? { reply } : {}) });
  }

  stop(): void {
    for (const sub of this.subscriptions) sub.unsubscribe();
  }
}

async function counterTotal(name: string): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric(name)?.get();
  return (metric?.values ?? []).reduce((sum, v) => sum + v.value, 0);
}

describe('gateway calls while replies are lost', () => {
  let h: AuthHarness;
  let lossy: LossyReplica;
  let product: CatalogProduct;
  let school: string;
  let admin: string;

  beforeAll(async () => {
    h = await startAuthHarness(ATTEMPT_TIMEOUT, undefined, ATTEMPT_TIMEOUT);
    await startCatalogService(h.env, ATTEMPT_TIMEOUT);
    await startOrdersService(h.env, ATTEMPT_TIMEOUT);
    product = await h.env.rpc.call(
      catalogOps.createProduct,
      {
        name: 'Resend jacket',
        category: 'Clothing',
        SubCategory: 'Unisex youth sizing',
        ProductSize: [{ size: 'M', stock: 1000 }],
      },
      { actor: TestEnv.actor('admin') },
    );
    [school, admin] = await Promise.all([h.loginAs('maplegrove'), h.loginAs('admin')]);
    lossy = new LossyReplica(h.env);
    await h.env.nc.flush();
  });
  afterAll(async () => {
    lossy?.stop();
    await h?.close();
  });

  const statuses: number[] = [];
  async function http(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    cookie: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ) {
    const response = await h.inject({
      method,
      url,
      headers: { cookie, ...extra },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    statuses.push(response.statusCode);
    return response;
  }

  function place(key?: string) {
    return http(
      'POST',
      '/api/v1/order/new',
      school,
      {
        shippingInfo: {
          receivingPersonName: 'RS-1_11_Male',
          additionalComments: '',
          userLoggedInDesignation: 'Mr Teacher',
          phoneNo: '555-0101',
          Email: 'teacher@maple.example',
        },
        orderItems: [{ product: product.id, ProductSize: 'M', quantity: 1 }],
        itemsPrice: 0,
        taxPrice: 0,
        shippingPrice: 0,
        totalPrice: 0,
      },
      key ? { 'idempotency-key': key } : {},
    );
  }

  it('answers every call and applies every write once', async () => {
    const resendsBefore = await counterTotal('lr_rpc_client_resends_total');
    const replayedBefore = await counterTotal('lr_rpc_replayed_total');
    const ids: string[] = [];
    const moves = ['CheckEmail', 'Processing', 'Printed', 'Processing', 'CheckEmail'];
    for (let n = 0; n < 6; n += 1) {
      const placed = await place(n % 2 === 0 ? randomUUID() : undefined);
      expect(placed.statusCode).toBe(201);
      const id = placed.json<{ order: { _id: string } }>().order._id;
      ids.push(id);
      for (const status of moves) {
        const moved = await http('PUT', `/api/v1/admin/order/${id}`, admin, { status });
        expect([moved.statusCode, moved.json<{ order?: { orderStatus: string } }>().order]).toEqual(
          [200, expect.objectContaining({ orderStatus: status })],
        );
      }
      expect((await http('GET', `/api/v1/order/${id}`, school)).statusCode).toBe(200);
    }
    for (const id of ids.slice(0, 3)) {
      expect((await http('DELETE', `/api/v1/admin/order/${id}`, admin)).statusCode).toBe(200);
    }

    expect(statuses.filter((s) => s >= 300)).toEqual([]);
    // Replies were lost (each first attempt had about one chance in two to meet the lossy one)...
    expect(lossy.lost).toBeGreaterThan(5);
    expect((await counterTotal('lr_rpc_client_resends_total')) - resendsBefore).toBeGreaterThan(0);
    // ... and writes done by a first attempt were answered from their record, not done again.
    expect((await counterTotal('lr_rpc_replayed_total')) - replayedBefore).toBeGreaterThan(0);

    const { rows } = await h.env.pool.query<{ id: string; entries: number }>(
      `SELECT o.id, (SELECT count(*)::int FROM orders.order_status_history hh WHERE hh.order_id = o.id) AS entries
         FROM orders.orders o JOIN orders.order_lines l ON l.order_id = o.id
        WHERE l.product_id = $1`,
      [product.id],
    );
    // Six placed, three deleted; each kept one a placement and five moves in its history.
    expect(rows.map((r) => r.id).sort()).toEqual(ids.slice(3).sort());
    expect(rows.map((r) => r.entries)).toEqual([6, 6, 6]);
    const events = await h.env.pool.query<{ subject: string; n: number }>(
      `SELECT subject, count(*)::int AS n FROM orders.outbox
        WHERE envelope->'data'->'order'->>'id' = ANY($1::text[]) GROUP BY subject ORDER BY subject`,
      [ids],
    );
    expect(events.rows).toEqual([
      { subject: 'orders.order.deleted.v1', n: 3 },
      { subject: 'orders.order.placed.v1', n: 6 },
      { subject: 'orders.order.status-changed.v1', n: 30 },
    ]);
  }, 120_000);
});
