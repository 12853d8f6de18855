/**
 * Sampling with the standard OTEL_TRACES_SAMPLER / OTEL_TRACES_SAMPLER_ARG: the decision is taken
 * once per request at the gateway and every part of the order follows it, events included. An
 * order left out leaves no span anywhere (its consumers do not sample their part again as a trace
 * of its own), and an order kept is whole. The stack is the real one (PostgreSQL, NATS, JetStream);
 * spans are caught by an in-memory exporter.
 */
import { randomUUID } from 'node:crypto';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { initTracing } from '@lr/nest-kit';
import { waitFor } from '@lr/testing';
import { startFullStack, type FullStack } from './support/full-stack.js';

const exporter = new InMemorySpanExporter();
/** Enough orders that both decisions occur at a ratio of one half (all alike: 2 in 2^ORDERS). */
const ORDERS = 16;

describe('sampling one trace in two', () => {
  let stack: FullStack;
  let school: string;
  const saved = {
    sampler: process.env.OTEL_TRACES_SAMPLER,
    ratio: process.env.OTEL_TRACES_SAMPLER_ARG,
  };

  beforeAll(async () => {
    // Read by the SDK when the provider is made.
    process.env.OTEL_TRACES_SAMPLER = 'parentbased_traceidratio';
    process.env.OTEL_TRACES_SAMPLER_ARG = '0.5';
    initTracing('lockerroom-test', { processor: new SimpleSpanProcessor(exporter) });
    stack = await startFullStack();
    school = await stack.login('maplegrove');
  }, 120_000);

  afterAll(async () => {
    for (const [key, value] of [
      ['OTEL_TRACES_SAMPLER', saved.sampler],
      ['OTEL_TRACES_SAMPLER_ARG', saved.ratio],
    ] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    await stack.close();
  });

  it('keeps or drops each order whole, events and their consumers included', async () => {
    const listing = await stack.request({ method: 'GET', url: '/api/v1/products' });
    const product = (
      JSON.parse(listing.body) as {
        products: { _id: string; ProductSize: { size: string; stock: number }[] }[];
      }
    ).products.find((p) => p.ProductSize.some((s) => s.stock >= 1))!;
    const size = product.ProductSize.find((s) => s.stock >= 1)!.size;
    exporter.reset();

    const placed: string[] = [];
    for (let i = 0; i < ORDERS; i += 1) {
      const response = await stack.request({
        method: 'POST',
        url: '/api/v1/order/new',
        cookie: school,
        headers: { 'idempotency-key': randomUUID() },
        payload: {
          shippingInfo: { receivingPersonName: `S${i}_12_NA`, Email: 'teacher@example.org' },
          orderItems: [{ product: product._id, ProductSize: size, quantity: 1 }],
        },
      });
      expect(response.statusCode).toBe(201);
      placed.push((JSON.parse(response.body) as { order: { _id: string } }).order._id);
    }
    // Every order's event reached the read model: whatever its consumer would record is recorded.
    await waitFor(
      async () => {
        const { rows } = await stack.env.pool.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM reporting.report_orders WHERE order_id = ANY($1)',
          [placed],
        );
        return rows[0]?.n === ORDERS;
      },
      { timeoutMs: 20_000, message: 'the orders in the read model' },
    );
    await new Promise((resolve) => setTimeout(resolve, 300));

    const spans = exporter.getFinishedSpans();
    const byTrace = new Map<string, ReadableSpan[]>();
    for (const span of spans) {
      const traceId = span.spanContext().traceId;
      byTrace.set(traceId, [...(byTrace.get(traceId) ?? []), span]);
    }
    const kept = [...byTrace.values()].filter((trace) =>
      trace.some((s) => s.name === 'POST /api/v1/order/new'),
    );
    // Both decisions were taken (one half each way).
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(ORDERS);
    // No trace without its request: a dropped order left no consumer or publish span behind.
    const orphans = [...byTrace.values()]
      .filter((trace) => !kept.includes(trace))
      .map((trace) => trace.map((s) => s.name));
    expect(orphans).toEqual([]);
    // A kept order is whole: its event was published and the read model's consumer is in it.
    for (const trace of kept) {
      const names = trace.map((s) => s.name);
      expect(names).toEqual(
        expect.arrayContaining([
          'rpc.orders.place',
          'publish orders.order.placed.v1',
          'consume orders.order.placed.v1',
        ]),
      );
    }
  }, 60_000);
});
