/**
 * One order is one trace: an order placed and moved through the gateway gives, per request, one
 * trace id across the gateway, orders, catalog and reporting spans, and every consumer span is a
 * child of the publish that sent its event and linked to it. Spans are caught by an in-memory
 * exporter; the stack is the real one (PostgreSQL, NATS, JetStream).
 */
import { randomUUID } from 'node:crypto';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { endSpan, initTracing, logFields, runWithContext, startSpan } from '@lr/nest-kit';
import { waitFor } from '@lr/testing';
import { startFullStack, type FullStack } from './support/full-stack.js';

const exporter = new InMemorySpanExporter();

function scopeOf(span: ReadableSpan): string {
  return span.instrumentationScope.name;
}

describe('one trace per order', () => {
  let stack: FullStack;
  let school: string;
  let admin: string;

  beforeAll(async () => {
    initTracing('lockerroom-test', { processor: new SimpleSpanProcessor(exporter) });
    stack = await startFullStack();
    school = await stack.login('maplegrove');
    admin = await stack.login('admin');
  }, 120_000);
  afterAll(() => stack.close());

  /** The spans of the trace that the gateway span named `name` started. */
  async function traceOf(name: string, until: (spans: ReadableSpan[]) => boolean) {
    return waitFor(
      () => {
        const root = exporter.getFinishedSpans().find((s) => s.name === name);
        if (!root) return null;
        const spans = exporter
          .getFinishedSpans()
          .filter((s) => s.spanContext().traceId === root.spanContext().traceId);
        return until(spans) ? { root, spans } : null;
      },
      { timeoutMs: 20_000, message: `the trace of ${name}` },
    );
  }

  function expectConsumerLinkedToPublish(spans: ReadableSpan[], consumer: ReadableSpan): void {
    const publish = spans.find(
      (s) => s.spanContext().spanId === consumer.parentSpanContext?.spanId,
    );
    expect(publish?.name).toMatch(/^publish /);
    expect(consumer.links.map((l) => l.context.spanId)).toContain(publish?.spanContext().spanId);
  }

  it('places an order in one trace: gateway, orders, outbox publish, reporting', async () => {
    const listing = await stack.request({ method: 'GET', url: '/api/v1/products' });
    const product = (
      JSON.parse(listing.body) as {
        products: { _id: string; ProductSize: { size: string; stock: number }[] }[];
      }
    ).products.find((p) => p.ProductSize.some((s) => s.stock >= 2))!;
    const size = product.ProductSize.find((s) => s.stock >= 2)!.size;
    exporter.reset();
    const placed = await stack.request({
      method: 'POST',
      url: '/api/v1/order/new',
      cookie: school,
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        shippingInfo: { receivingPersonName: 'T1_12_NA', Email: 'teacher@example.org' },
        orderItems: [{ product: product._id, ProductSize: size, quantity: 2 }],
      },
    });
    expect(placed.statusCode).toBe(201);
    const orderId = (JSON.parse(placed.body) as { order: { _id: string } }).order._id;

    const { spans } = await traceOf('POST /api/v1/order/new', (all) =>
      all.some(
        (s) => s.name === 'consume orders.order.placed.v1' && scopeOf(s).endsWith('reporting'),
      ),
    );
    const names = spans.map((s) => `${scopeOf(s)} ${s.name}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'lockerroom.gateway POST /api/v1/order/new',
        'lockerroom.gateway rpc.orders.place',
        'lockerroom.orders rpc.orders.place',
        'lockerroom.orders pg insert order',
        'lockerroom.orders publish orders.order.placed.v1',
        'lockerroom.reporting consume orders.order.placed.v1',
      ]),
    );
    const consumer = spans.find((s) => s.name === 'consume orders.order.placed.v1')!;
    expectConsumerLinkedToPublish(spans, consumer);

    // The status change is a trace of its own, through catalog's stock movement.
    exporter.reset();
    const moved = await stack.request({
      method: 'PUT',
      url: `/api/v1/admin/order/${orderId}`,
      cookie: admin,
      payload: { status: 'CheckEmail' },
    });
    expect(moved.statusCode).toBe(200);
    const change = await traceOf('PUT /api/v1/admin/order/:id', (all) => {
      const consumed = all.filter((s) => s.name === 'consume orders.order.status-changed.v1');
      return (
        consumed.some((s) => scopeOf(s).endsWith('catalog')) &&
        consumed.some((s) => scopeOf(s).endsWith('reporting')) &&
        all.some((s) => s.name === 'publish catalog.inventory.adjusted.v1')
      );
    });
    const scopes = new Set(change.spans.map(scopeOf));
    expect([...scopes].sort()).toEqual(
      expect.arrayContaining([
        'lockerroom.catalog',
        'lockerroom.gateway',
        'lockerroom.orders',
        'lockerroom.reporting',
      ]),
    );
    const changeNames = change.spans.map((s) => `${scopeOf(s)} ${s.name}`);
    expect(changeNames).toEqual(
      expect.arrayContaining([
        'lockerroom.orders rpc.orders.update',
        'lockerroom.orders pg update order',
        'lockerroom.orders publish orders.order.status-changed.v1',
        'lockerroom.catalog consume orders.order.status-changed.v1',
        'lockerroom.catalog stock movements',
        'lockerroom.catalog publish catalog.inventory.adjusted.v1',
        'lockerroom.reporting consume orders.order.status-changed.v1',
      ]),
    );
    for (const span of change.spans.filter((s) => s.name.startsWith('consume '))) {
      expectConsumerLinkedToPublish(change.spans, span);
    }
    // The stock movement is inside catalog's consumer span.
    const catalogConsume = change.spans.find(
      (s) => s.name === 'consume orders.order.status-changed.v1' && scopeOf(s).endsWith('catalog'),
    )!;
    const movement = change.spans.find((s) => s.name === 'stock movements')!;
    expect(movement.parentSpanContext?.spanId).toBe(catalogConsume.spanContext().spanId);
  }, 60_000);

  it('puts the trace id on log lines written inside a traced request', () => {
    const span = startSpan('gateway', 'a request');
    const fields = runWithContext({ correlationId: 'corr-log-0001', span }, () => logFields());
    endSpan(span);
    expect(fields).toEqual({
      correlationId: 'corr-log-0001',
      trace_id: span.spanContext().traceId,
    });
    expect(fields.trace_id).toMatch(/^[0-9a-f]{32}$/);
    expect(runWithContext({ correlationId: 'corr-log-0002' }, () => logFields())).toEqual({
      correlationId: 'corr-log-0002',
    });
  });
});
