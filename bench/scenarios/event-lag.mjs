/**
 * Event lag: from a committed status change (the PUT answered) to the stock update in catalog and
 * the report update, p50/p99, while changes arrive at 200 per second (the target's rate), and again
 * at a lower rate (BENCH_LAG_RATES, default "200,50") to show the tail when the machine has CPU
 * to spare: on 2 cores, 200 changes a second saturate them (bench/README.md, event lag).
 */
import { randomUUID } from 'node:crypto';
import { parsePrometheusText } from '@lr/testing';
import { epochMs, startAppliedPoller } from '../lib/applied-poller.mjs';
import { send as sendRequest } from '../lib/light-http.mjs';
import { quantileBetween } from '../lib/histograms.mjs';
import { percentile } from '../lib/report.mjs';
import { login } from '../lib/stack.mjs';

/** The rate the targets are set at. */
const TARGET_RATE = 200;
/** Stage histograms of the processes on the way (orders' relay, catalog's and reporting's consumers). */
async function scrapeStages(stack) {
  const [orders, catalog, reporting] = await Promise.all(
    ['orders', 'catalog', 'reporting'].map((name) => stack.scrapeMetrics(name)),
  );
  return { orders, catalog, reporting };
}

/**
 * p50/p99 of each stage between commit and effect over the run, from the processes' own
 * histograms (estimates within a bucket): where the lag's tail comes from.
 */
function stageRows(before, after, label) {
  const stages = [
    [
      'orders',
      'outbox publish delay (commit to ack)',
      'lr_outbox_publish_delay_seconds',
      { schema: 'orders' },
    ],
    ...['catalog', 'reporting'].flatMap((process) => {
      const consumer = process === 'catalog' ? 'catalog-inventory' : 'reporting-orders';
      return [
        [
          process,
          `${consumer} fetch wait (stored to delivered)`,
          'lr_consumer_fetch_wait_seconds',
          { consumer },
        ],
        [process, `${consumer} batch wait`, 'lr_consumer_batch_wait_seconds', { consumer }],
        [
          process,
          `${consumer} batch transaction`,
          'lr_consumer_processing_duration_seconds',
          { consumer },
        ],
        [
          process,
          `${consumer} event lag (its own clock)`,
          'lr_consumer_event_lag_seconds',
          { consumer },
        ],
      ];
    }),
  ];
  return stages.map(([process, stage, name, labels]) => {
    const at = (q) => quantileBetween(before[process], after[process], name, labels, q).ms;
    return {
      benchmark: label,
      metric: `stage p50 / p99 ms: ${stage}`,
      ours: `${format(at(0.5))} / ${format(at(0.99))}`,
    };
  });
}

/** How long the consumers may take to catch up with what ran before (a placement bench's orders). */
const IDLE_TIMEOUT_MS = 180_000;

/**
 * Waits until catalog's and reporting's consumers have nothing pending (`lr_consumer_pending`), so
 * the lag is not read while they still apply the events of a benchmark that ran before on this
 * stack; gives up after IDLE_TIMEOUT_MS and measures anyway.
 */
async function untilConsumersIdle(stack) {
  const deadline = Date.now() + IDLE_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const scrapes = await Promise.all(['catalog', 'reporting'].map((p) => stack.scrapeMetrics(p)));
    const pending = scrapes
      .flatMap((text) => parsePrometheusText(text).samples)
      .filter((sample) => sample.name === 'lr_consumer_pending')
      .reduce((sum, sample) => sum + sample.value, 0);
    if (pending === 0) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

const format = (ms) => (ms === null ? '-' : ms.toFixed(1));
/** Orders the changes rotate over; one change per order at a time, so enough to keep 200/s busy. */
const ORDERS = 300;

/**
 * Status changes of `orderIds` at `rate` a second for `seconds` (one change per order at a time,
 * alternating Printed and Processing), paced by the clock: whatever a slow tick left behind is sent
 * on the next. `onCommitted("<order>:<version>", answeredAt)` for each change answered 200;
 * `versions` (order -> version) is kept up to date across calls.
 */
async function driveChanges(stack, { orderIds, versions, admin, rate, seconds, onCommitted }) {
  const busy = new Set();
  const inFlight = new Set();
  const send = (id) => {
    busy.add(id);
    const version = versions.get(id);
    const status = version % 2 === 1 ? 'Printed' : 'Processing';
    const job = sendRequest(`${stack.url}/api/v1/admin/order/${id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: admin },
      body: JSON.stringify({ status }),
      // Answered when the status line arrives; the body is read after the clock is taken.
      clock: epochMs,
    })
      .then(({ status: code, answeredAt }) => {
        if (code === 200) {
          versions.set(id, version + 1);
          onCommitted(`${id}:${version + 1}`, answeredAt);
        }
      })
      .finally(() => {
        busy.delete(id);
        inFlight.delete(job);
      });
    inFlight.add(job);
  };
  const start = performance.now();
  const deadline = start + seconds * 1000;
  let next = 0;
  let issued = 0;
  while (performance.now() < deadline) {
    const due = Math.floor(((performance.now() - start) * rate) / 1000);
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
}

export async function benchEventLag(
  stack,
  { durationSeconds, rate = TARGET_RATE, warmupSeconds = 0 },
) {
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

  await untilConsumersIdle(stack);
  // Each order's version grows by one with every accepted change: (order, version) -> commit time.
  const versions = new Map(orderIds.map((id) => [id, 1]));
  const changes = (seconds, onCommitted) =>
    driveChanges(stack, { orderIds, versions, admin, rate, seconds, onCommitted });
  // Unmeasured first: the same changes at the same rate, so the processes have compiled their
  // paths (a service that has run for hours has) before the lag is read.
  if (warmupSeconds > 0) await changes(warmupSeconds, () => undefined);

  const committedAt = new Map();
  const seenCatalog = new Map();
  const seenReport = new Map();
  const poller = startAppliedPoller(stack.databaseUrl, orderIds, {
    catalog: seenCatalog,
    report: seenReport,
  });
  const metricsBefore = await scrapeStages(stack);
  await changes(durationSeconds, (key, answeredAt) => committedAt.set(key, answeredAt));
  await new Promise((r) => setTimeout(r, 3000));
  const pollPeriodP99 = await poller.stop();
  const metricsAfter = await scrapeStages(stack);

  const lags = (seen) =>
    [...committedAt.entries()]
      .filter(([key]) => seen.has(key))
      .map(([key, t]) => Math.max(0, seen.get(key) - t))
      .sort((a, b) => a - b);
  const stock = lags(seenCatalog);
  const report = lags(seenReport);
  const achievedRate = committedAt.size / durationSeconds;
  const label = `event lag @${rate}/s`;
  // The targets are set at 200 changes a second; a lower rate's rows are for reading beside them.
  const target = (limit, value) =>
    rate === TARGET_RATE ? { target: `<= ${limit}`, met: value <= limit } : {};
  return [
    { benchmark: label, metric: 'changes/s achieved', ours: achievedRate },
    { benchmark: label, metric: 'to stock update p50 ms', ours: percentile(stock, 50) },
    {
      benchmark: label,
      metric: 'to stock update p99 ms',
      ours: percentile(stock, 99),
      ...target(100, percentile(stock, 99)),
    },
    { benchmark: label, metric: 'to report update p50 ms', ours: percentile(report, 50) },
    {
      benchmark: label,
      metric: 'to report update p99 ms',
      ours: percentile(report, 99),
      // Reporting applies in batches with a deliberate window (READ_MODEL_BATCH_WINDOW_MS, 100 ms).
      ...target(250, percentile(report, 99)),
    },
    {
      benchmark: label,
      metric: 'changes not seen applied',
      ours: committedAt.size - Math.min(stock.length, report.length),
    },
    { benchmark: label, metric: 'poll period p99 ms', ours: pollPeriodP99 },
    ...stageRows(metricsBefore, metricsAfter, label),
  ];
}
