/**
 * Watches which order versions catalog and the report have applied, for the event-lag benchmark.
 * It runs in a worker thread with its own connections: on the main thread its polls waited behind
 * the load generator's own work (hundreds of requests a second), and that wait read as lag.
 *
 * A change counts as seen at the moment the first poll whose snapshot holds it was sent, so the
 * error is the interval between polls, not a poll's duration: polls overlap (a new one every
 * POLL_EVERY_MS, up to MAX_POLLS at once), and catalog and the report are read in one statement,
 * one snapshot. Times are epoch milliseconds (performance.timeOrigin + performance.now()), the
 * same clock in both threads.
 */
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { percentile } from './report.mjs';

const POLL_EVERY_MS = 5;
const MAX_POLLS = 3;

export const epochMs = () => performance.timeOrigin + performance.now();

/**
 * Starts polling `orderIds`; `seen.catalog` and `seen.report` (Maps) get `order:version` -> the
 * epoch ms it was first seen. `stop()` resolves with the 99th percentile of the time between two
 * polls' starts (how late "seen" can be).
 */
export function startAppliedPoller(databaseUrl, orderIds, seen) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { databaseUrl, orderIds } });
  const record = (sightings) => {
    for (const [side, key, at] of sightings) {
      const known = seen[side].get(key);
      if (known === undefined || at < known) seen[side].set(key, at);
    }
  };
  const done = new Promise((resolve, reject) => {
    worker.on('message', (message) => {
      record(message.sightings);
      if (message.periodP99 !== undefined) resolve(message.periodP99);
    });
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const periodP99 = await done;
      await worker.terminate();
      return periodP99;
    },
  };
}

async function pollInWorker({ databaseUrl, orderIds }) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: MAX_POLLS });
  const seen = new Map();
  /** Highest version reported per side and order: a poll only walks the versions above it. */
  const reported = new Map();
  let pending = [];
  const starts = [];
  const poll = async () => {
    const sentAt = epochMs();
    starts.push(sentAt);
    const { rows } = await pool.query(
      `SELECT 'catalog' AS side, order_id, version FROM catalog.order_commitments
        WHERE order_id = ANY($1)
       UNION ALL
       SELECT 'report', order_id, version FROM reporting.report_orders WHERE order_id = ANY($1)`,
      [orderIds],
    );
    for (const row of rows) {
      const order = `${row.side}|${row.order_id}`;
      // Polls overlap and may answer out of order: an earlier-sent poll answering later may still
      // lower a sighting, so it walks back over the last few versions; older ones are settled.
      const from = Math.max(2, (reported.get(order) ?? 1) - MAX_POLLS);
      for (let v = from; v <= row.version; v += 1) {
        const id = `${order}:${v}`;
        const known = seen.get(id);
        if (known !== undefined && known <= sentAt) continue;
        seen.set(id, sentAt);
        pending.push([row.side, `${row.order_id}:${v}`, sentAt]);
      }
      if (row.version > (reported.get(order) ?? 1)) reported.set(order, row.version);
    }
  };
  let running = true;
  parentPort.on('message', () => (running = false));
  const inFlight = new Set();
  let lastSent = 0;
  while (running) {
    if (inFlight.size < MAX_POLLS) {
      const job = poll().finally(() => inFlight.delete(job));
      inFlight.add(job);
    }
    if (pending.length > 0 && epochMs() - lastSent > 50) {
      parentPort.postMessage({ sightings: pending });
      pending = [];
      lastSent = epochMs();
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
  }
  await Promise.all(inFlight);
  await pool.end();
  const gaps = starts.slice(1).map((t, i) => t - starts[i]);
  parentPort.postMessage({
    sightings: pending,
    periodP99: percentile(
      gaps.sort((a, b) => a - b),
      99,
    ),
  });
}

if (!isMainThread && workerData?.orderIds) await pollInWorker(workerData);
