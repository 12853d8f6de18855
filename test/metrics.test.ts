/**
 * Every process serves Prometheus metrics on its own port, and the counters move by exactly what
 * happened: the whole stack runs as separate processes (as `npm start` runs it), one order is
 * placed and moved to CheckEmail through the gateway, and each process's /metrics is scraped before
 * and after and parsed as Prometheus text.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  createTestDatabase,
  freePort,
  freePortRun,
  parsePrometheusText,
  testStackNats,
  waitFor,
  type Scrape,
  type TestDatabase,
} from '@lr/testing';
// @ts-expect-error plain ES module without types
import { startStack } from '../scripts/stack/stack.mjs';

interface Stack {
  url: string;
  stop(): Promise<void>;
}

const PROCESSES = ['auth', 'catalog', 'orders', 'reporting', 'gateway'] as const;
type ProcessName = (typeof PROCESSES)[number];
type Scrapes = Record<ProcessName, Scrape>;

describe('Prometheus metrics of every process', () => {
  let database: TestDatabase;
  let stack: Stack | undefined;
  let url: string;
  let metricsBase: number;

  async function scrape(name: ProcessName): Promise<Scrape> {
    const response = await fetch(
      `http://127.0.0.1:${metricsBase + PROCESSES.indexOf(name)}/metrics`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return parsePrometheusText(await response.text());
  }

  async function scrapeAll(): Promise<Scrapes> {
    const all = await Promise.all(PROCESSES.map((name) => scrape(name)));
    return Object.fromEntries(PROCESSES.map((name, i) => [name, all[i]])) as Scrapes;
  }

  /** Nothing waiting anywhere: every outbox drained and every consumer caught up. */
  async function settled(): Promise<Scrapes> {
    return waitFor(
      async () => {
        const all = await scrapeAll();
        const waiting = (['auth', 'catalog', 'orders'] as const).some(
          (name) => all[name].value('lr_outbox_unsent') > 0,
        );
        const pending = (['catalog', 'orders', 'reporting'] as const).some(
          (name) => all[name].value('lr_consumer_pending') > 0,
        );
        return waiting || pending ? null : all;
      },
      { timeoutMs: 30_000, intervalMs: 200, message: 'outboxes and consumers to settle' },
    );
  }

  async function login(loginId: string, password = 'demo345'): Promise<Response> {
    return fetch(`${url}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: loginId, password }),
    });
  }

  async function cookieOf(loginId: string): Promise<string> {
    const response = await login(loginId);
    expect(response.status).toBe(200);
    return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  }

  beforeAll(async () => {
    database = await createTestDatabase('lrmetrics');
    // Ports found free now, not guessed: a guess can land on a port another test's connection holds.
    const port = await freePort();
    metricsBase = await freePortRun(PROCESSES.length);
    const namespace = `metrics${randomBytes(3).toString('hex')}`;
    stack = (await startStack({
      port,
      databaseUrl: database.url,
      ...testStackNats(),
      namespace,
      dataDir: `/tmp/lockerroom-metrics/${namespace}`,
      seed: true,
      quiet: true,
      build: false,
      logLevel: 'warn',
      publicUrl: `http://127.0.0.1:${port}`,
      metricsPortBase: metricsBase,
      // Throttled after two failures, without the slow-down, so the test can reach it quickly.
      env: {
        DEMO_CODE: 'demo345',
        LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: '2',
        LOGIN_FAILURE_DELAY_MS: '0',
      },
      log: () => undefined,
    })) as Stack;
    url = stack.url;
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
    await database.drop();
  });

  it('keeps /metrics off the public port', async () => {
    // Whatever the public port answers (the store's page or an error), it is never the registry.
    const response = await fetch(`${url}/metrics`);
    expect(await response.text()).not.toContain('# TYPE lr_');
    expect(response.headers.get('content-type') ?? '').not.toContain('version=0.0.4');
  });

  it('counts a placement, a status change and a failed login exactly', async () => {
    const school = await cookieOf('maplegrove');
    const admin = await cookieOf('admin');
    const listing = (await (await fetch(`${url}/api/v1/products`)).json()) as {
      products: { _id: string; ProductSize: { size: string; stock: number }[] }[];
    };
    const product = listing.products.find((p) => p.ProductSize.some((s) => s.stock >= 2))!;
    const size = product.ProductSize.find((s) => s.stock >= 2)!.size;

    const before = await settled();
    expect((await login('maplegrove', 'wrong-password')).status).toBe(401);
    const placed = await fetch(`${url}/api/v1/order/new`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: school,
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({
        shippingInfo: { receivingPersonName: 'M1_12_NA', Email: 'teacher@example.org' },
        orderItems: [{ product: product._id, ProductSize: size, quantity: 2 }],
      }),
    });
    expect(placed.status).toBe(201);
    const orderId = ((await placed.json()) as { order: { _id: string } }).order._id;
    const moved = await fetch(`${url}/api/v1/admin/order/${orderId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: admin },
      body: JSON.stringify({ status: 'CheckEmail' }),
    });
    expect(moved.status).toBe(200);
    const after = await waitFor(
      async () => {
        const all = await settled();
        // The reporting read model applied both events: everything downstream is done.
        return all.reporting.value('lr_consumer_applied_total') -
          before.reporting.value('lr_consumer_applied_total') >=
          2
          ? all
          : null;
      },
      { timeoutMs: 30_000, intervalMs: 200, message: 'the events to be applied' },
    );
    const delta = (name: ProcessName, metric: string, labels?: Record<string, string>) =>
      after[name].value(metric, labels) - before[name].value(metric, labels);

    // Gateway: one answer per route and status, each with a latency observation.
    const place = { method: 'POST', route: '/api/v1/order/new', status: '201' };
    const update = { method: 'PUT', route: '/api/v1/admin/order/:id', status: '200' };
    expect(delta('gateway', 'lr_http_requests_total', place)).toBe(1);
    expect(delta('gateway', 'lr_http_requests_total', update)).toBe(1);
    expect(delta('gateway', 'lr_http_request_duration_seconds_count', place)).toBe(1);
    expect(
      delta('gateway', 'lr_http_requests_total', { route: '/api/v1/login', status: '401' }),
    ).toBe(1);
    expect(after.gateway.types.get('lr_http_request_duration_seconds')).toBe('histogram');

    // RPC: the gateway's call and the orders service's answer, both sides.
    const placeOk = { subject: 'rpc.orders.place', outcome: 'ok' };
    expect(delta('gateway', 'lr_rpc_client_calls_total', placeOk)).toBe(1);
    // A reply late on a busy machine makes the gateway send the call again (the same request id):
    // the service answers, and counts, every attempt it received.
    const placeAttempts =
      1 + delta('gateway', 'lr_rpc_client_resends_total', { subject: placeOk.subject });
    expect(delta('orders', 'lr_rpc_server_requests_total', placeOk)).toBe(placeAttempts);
    expect(delta('orders', 'lr_rpc_server_duration_seconds_count', placeOk)).toBe(placeAttempts);
    expect(
      delta('auth', 'lr_rpc_server_requests_total', {
        subject: 'rpc.auth.login',
        outcome: 'unauthorized',
      }),
    ).toBe(1);

    // Orders: one placed, one status change, and the by-status gauge sampled from the table.
    expect(delta('orders', 'lr_orders_placed_total')).toBe(1);
    expect(
      delta('orders', 'lr_order_status_changes_total', { from: 'Processing', to: 'CheckEmail' }),
    ).toBe(1);
    expect(delta('orders', 'lr_orders', { status: 'CheckEmail' })).toBe(1);
    expect(delta('orders', 'lr_orders', { status: 'Processing' })).toBe(0);

    // Outbox: the placed and the status-changed events, published and acked.
    expect(delta('orders', 'lr_outbox_published_total', { schema: 'orders' })).toBe(2);
    expect(delta('orders', 'lr_outbox_publish_duration_seconds_count', { schema: 'orders' })).toBe(
      2,
    );
    expect(after.orders.value('lr_outbox_unsent', { schema: 'orders' })).toBe(0);

    // Catalog: the commit applied once by its consumer, as one stock movement.
    const inventory = { consumer: 'catalog-inventory' };
    expect(delta('catalog', 'lr_consumer_applied_total', inventory)).toBe(1);
    expect(delta('catalog', 'lr_consumer_acked_total', inventory)).toBe(1);
    expect(delta('catalog', 'lr_consumer_delivered_total', inventory)).toBe(1);
    expect(delta('catalog', 'lr_consumer_redelivered_total', inventory)).toBe(0);
    expect(delta('catalog', 'lr_consumer_event_lag_seconds_count', inventory)).toBe(1);
    expect(delta('catalog', 'lr_stock_movements_total', { reason: 'order-commit' })).toBe(1);
    expect(after.catalog.value('lr_consumer_pending', inventory)).toBe(0);
    // Sampled from JetStream (a failed sample would leave the series out, not read 0).
    for (const [name, consumer] of [
      ['catalog', 'catalog-inventory'],
      ['reporting', 'reporting-orders'],
      ['orders', 'orders-inventory'],
    ] as const) {
      const states = after[name].samples
        .filter((s) => s.name === 'lr_consumer_pending' && s.labels.consumer === consumer)
        .map((s) => s.labels.state)
        .sort();
      expect({ consumer, states }).toEqual({ consumer, states: ['ack_pending', 'pending'] });
    }
    for (const name of ['auth', 'catalog', 'orders', 'reporting'] as const) {
      expect(after[name].samples.some((s) => s.name === 'lr_outbox_unsent')).toBe(true);
    }

    // The lag's stages (commit to publish, JetStream to consumer, waiting for a batch, applying it):
    // each moved for each event on its way.
    expect(delta('orders', 'lr_outbox_publish_delay_seconds_count', { schema: 'orders' })).toBe(2);
    expect(
      delta('catalog', 'lr_outbox_publish_delay_seconds_count', { schema: 'catalog' }),
    ).toBeGreaterThanOrEqual(1);
    for (const [name, consumer] of [
      ['catalog', 'catalog-inventory'],
      ['reporting', 'reporting-orders'],
    ] as const) {
      const delivered = delta(name, 'lr_consumer_delivered_total', { consumer });
      expect(delivered).toBeGreaterThanOrEqual(1);
      expect({
        consumer,
        fetch: delta(name, 'lr_consumer_fetch_wait_seconds_count', { consumer }),
      }).toEqual({ consumer, fetch: delivered });
      expect({
        consumer,
        wait: delta(name, 'lr_consumer_batch_wait_seconds_count', { consumer }),
      }).toEqual({ consumer, wait: delivered });
      expect(
        delta(name, 'lr_consumer_processing_duration_seconds_count', { consumer }),
      ).toBeGreaterThanOrEqual(1);
      expect(after[name].types.get('lr_consumer_fetch_wait_seconds')).toBe('histogram');
    }

    // Reporting: both events applied, each with its lag.
    const report = { consumer: 'reporting-orders' };
    expect(delta('reporting', 'lr_consumer_applied_total', report)).toBe(2);
    expect(delta('reporting', 'lr_consumer_event_lag_seconds_count', report)).toBe(2);
    expect(delta('reporting', 'lr_consumer_dead_lettered_total', report)).toBe(0);

    // Auth: the wrong password.
    expect(delta('auth', 'lr_login_failures_total')).toBe(1);
    expect(delta('auth', 'lr_login_throttled_total')).toBe(0);

    // Every process: pool and default process metrics.
    for (const name of PROCESSES) {
      expect(after[name].types.get('lr_process_resident_memory_bytes')).toBe('gauge');
      expect(after[name].types.get('lr_nodejs_eventloop_lag_seconds')).toBe('gauge');
    }
    for (const name of ['auth', 'catalog', 'orders', 'reporting'] as const) {
      expect(after[name].samples.some((s) => s.name === 'lr_pg_pool_connections')).toBe(true);
    }
  }, 120_000);

  it('counts login throttling by scope', async () => {
    const before = await scrape('auth');
    const gatewayBefore = await scrape('gateway');
    for (let i = 0; i < 2; i += 1) expect((await login('volunteer', 'wrong')).status).toBe(401);
    expect((await login('volunteer', 'wrong')).status).toBe(429);
    const after = await scrape('auth');
    const gatewayAfter = await scrape('gateway');
    const delta = (metric: string, labels?: Record<string, string>) =>
      after.value(metric, labels) - before.value(metric, labels);
    expect(delta('lr_login_failures_total')).toBe(2);
    expect(delta('lr_login_throttled_total', { scope: 'account' })).toBe(1);
    expect(delta('lr_login_throttled_total', { scope: 'address' })).toBe(0);
    const route = { route: '/api/v1/login', status: '429' };
    expect(
      gatewayAfter.value('lr_http_requests_total', route) -
        gatewayBefore.value('lr_http_requests_total', route),
    ).toBe(1);
  });
});
