/**
 * Event lag: from a committed status change (the PUT answered) to the stock update in catalog and
 * the report update, p50/p99, while changes arrive at 200 per second.
 */
import { randomUUID } from 'node:crypto';
import { percentile } from '../lib/report.mjs';
import { login } from '../lib/stack.mjs';

const RATE = 200;
/** Orders the changes rotate over; one change per order at a time, so enough to keep 200/s busy. */
const ORDERS = 300;

export async function benchEventLag(stack, { durationSeconds }) {
  const { rows } = await stack.pool.query(
    `INSERT INTO catalog.products (name, description, category, sub_category, is_show)
     VALUES ('Bench lag item', 'bench', 'Footwear', 'Unisex adult sizing', true) RETURNING id`,
  );
  const productId = rows[0].id;
  const size = await stack.pool.query(
    `INSERT INTO catalog.product_sizes (product_id, size, stock, position) VALUES ($1, '9', 1000000, 0) RETURNING id`,
    [productId],
  );
  await stack.pool.query(
    `INSERT INTO catalog.stock_movements (product_id, size_id, size, delta, reason) VALUES ($1, $2, '9', 1000000, 'initial')`,
    [productId, size.rows[0].id],
  );

  const school = await login(stack.url, 'TEST USER');
  const admin = await login(stack.url, 'admin');
  const orderIds = [];
  for (let i = 0; i < ORDERS; i += 1) {
    const response = await fetch(`${stack.url}/api/v1/order/new`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: school,
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({
        shippingInfo: { receivingPersonName: `L${i}_10_NA`, Email: 'bench@example.org' },
        orderItems: [{ product: productId, ProductSize: '9', quantity: 1 }],
      }),
    });
    orderIds.push((await response.json()).order._id);
  }

  // Each order's version grows by one with every accepted change: (order, version) -> commit time.
  const versions = new Map(orderIds.map((id) => [id, 1]));
  const busy = new Set();
  const committedAt = new Map();
  const seenCatalog = new Map();
  const seenReport = new Map();
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const now = performance.now();
      const [catalog, report] = await Promise.all([
        stack.pool.query(
          'SELECT order_id, version FROM catalog.order_commitments WHERE order_id = ANY($1)',
          [orderIds],
        ),
        stack.pool.query(
          'SELECT order_id, version FROM reporting.report_orders WHERE order_id = ANY($1)',
          [orderIds],
        ),
      ]);
      for (const [seen, result] of [
        [seenCatalog, catalog],
        [seenReport, report],
      ]) {
        for (const row of result.rows) {
          for (let v = 2; v <= row.version; v += 1) {
            const key = `${row.order_id}:${v}`;
            if (!seen.has(key)) seen.set(key, now);
          }
        }
      }
      await new Promise((r) => setTimeout(r, 5));
    }
  })();

  const start = performance.now();
  const deadline = start + durationSeconds * 1000;
  let next = 0;
  let issued = 0;
  const inFlight = new Set();
  const send = (id) => {
    busy.add(id);
    const version = versions.get(id);
    const status = version % 2 === 1 ? 'Printed' : 'Processing';
    const job = fetch(`${stack.url}/api/v1/admin/order/${id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: admin },
      body: JSON.stringify({ status }),
    })
      .then(async (response) => {
        await response.arrayBuffer();
        if (response.status === 200) {
          versions.set(id, version + 1);
          committedAt.set(`${id}:${version + 1}`, performance.now());
        }
      })
      .finally(() => {
        busy.delete(id);
        inFlight.delete(job);
      });
    inFlight.add(job);
  };
  // Paced by the clock, not by a fixed sleep: whatever a slow tick left behind is sent on the next.
  while (performance.now() < deadline) {
    const due = Math.floor(((performance.now() - start) * RATE) / 1000);
    let tries = 0;
    while (issued < due && tries < orderIds.length) {
      const id = orderIds[next % orderIds.length];
      next += 1;
      tries += 1;
      if (busy.has(id)) continue;
      send(id);
      issued += 1;
    }
    await new Promise((r) => setTimeout(r, 2));
  }
  await Promise.all(inFlight);
  await new Promise((r) => setTimeout(r, 3000));
  polling = false;
  await poller;

  const lags = (seen) =>
    [...committedAt.entries()]
      .filter(([key]) => seen.has(key))
      .map(([key, t]) => Math.max(0, seen.get(key) - t))
      .sort((a, b) => a - b);
  const stock = lags(seenCatalog);
  const report = lags(seenReport);
  const achievedRate = committedAt.size / durationSeconds;
  return [
    {
      benchmark: 'event lag',
      metric: `changes/s achieved (target rate ${RATE})`,
      ours: achievedRate,
    },
    { benchmark: 'event lag', metric: 'to stock update p50 ms', ours: percentile(stock, 50) },
    { benchmark: 'event lag', metric: 'to stock update p99 ms', ours: percentile(stock, 99) },
    { benchmark: 'event lag', metric: 'to report update p50 ms', ours: percentile(report, 50) },
    { benchmark: 'event lag', metric: 'to report update p99 ms', ours: percentile(report, 99) },
    {
      benchmark: 'event lag',
      metric: 'changes not seen applied',
      ours: committedAt.size - Math.min(stock.length, report.length),
    },
  ];
}
