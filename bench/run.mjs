#!/usr/bin/env node
/**
 * `npm run bench`: measures the product on this machine beside baselines measured in the same run,
 * prints a table and writes bench/results/<date>.json. Never a test: nothing here passes or fails.
 *   BENCH_DURATION=10 npm run bench          seconds per load run (default 10)
 *   BENCH_WARMUP=3 npm run bench             seconds of unmeasured load before each (default 3)
 *   BENCH_ONLY=listing,orders npm run bench  some benchmarks only
 *   BENCH_ONLY=orders,tracing npm run bench  tracing off / 100% / 10% beside the normal placement
 *   BENCH_ONLY=growth npm run bench          routes at 1,000 and 100,000 orders (its own stack)
 *   BENCH_LAG_RATES=200,50 npm run bench     the event-lag rates (changes/s; targets are at 200)
 *   BENCH_ONLY=cpu-per-operation npm run bench   CPU per status change and per placed order
 *     BENCH_BASELINE_REF=<commit>   beside that commit's figures (bench/cpu-per-operation.md)
 *     BENCH_CPU_RATE=200,50         operations offered per second, each in turn; BENCH_CPU_ROUNDS=4 rounds a side (even: see alternateRounds)
 *     BENCH_CPU_WARMUP=30           unmeasured seconds of each operation and rate first, on each side
 *     BENCH_CPU_ORDERS=2000         orders the status changes rotate over
 */
import { benchCatalogListing } from './scenarios/catalog-listing.mjs';
import { benchCpuPerOperation } from './scenarios/cpu-per-operation.mjs';
import { benchGrowth } from './scenarios/growth.mjs';
import { benchTracingCost } from './scenarios/tracing-cost.mjs';
import { benchBundles } from './store-bundle.mjs';
import { printTable, writeResults, machineInfo } from './lib/report.mjs';
import { startBenchStack } from './lib/stack.mjs';

const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
// Unmeasured load before each side's first round: long enough for the processes to have compiled
// their paths, as a service that has run for a while has (bench/README.md, "Warm-up").
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 30);
const lagWarmupSeconds = Number(process.env.BENCH_LAG_WARMUP ?? 30);
const only = process.env.BENCH_ONLY?.split(',');
const wanted = (name) => !only || only.includes(name);

const optional = async (file, fn) => {
  try {
    return (await import(file))[fn];
  } catch {
    return null;
  }
};

console.log('Machine:', JSON.stringify(machineInfo()));
const rows = [];
const onSharedStack = ['listing', 'orders', 'lag', 'lighthouse'].some(wanted);
const stack = onSharedStack ? await startBenchStack() : null;
try {
  if (wanted('listing'))
    rows.push(...(await benchCatalogListing(stack, { durationSeconds, warmupSeconds })));
  const placement = await optional('./scenarios/order-placement.mjs', 'benchOrderPlacement');
  const placementRows = [];
  if (placement && wanted('orders'))
    placementRows.push(...(await placement(stack, { durationSeconds, warmupSeconds })));
  rows.push(...placementRows);
  if (wanted('tracing'))
    rows.push(
      ...(await benchTracingCost({ durationSeconds, warmupSeconds, placement: placementRows })),
    );
  const lag = await optional('./scenarios/event-lag.mjs', 'benchEventLag');
  if (lag && wanted('lag')) {
    for (const rate of (process.env.BENCH_LAG_RATES ?? '200,50').split(',').map(Number))
      rows.push(...(await lag(stack, { durationSeconds, rate, warmupSeconds: lagWarmupSeconds })));
  }
  const lighthouse = await optional('./lighthouse.mjs', 'benchLighthouse');
  if (lighthouse && wanted('lighthouse')) rows.push(...(await lighthouse(stack)));
} finally {
  await stack?.dispose();
}
// On a stack of its own: it loads 100,000 orders, which the other benchmarks must not see.
if (wanted('growth')) rows.push(...(await benchGrowth()));
// On stacks of their own, one per tree, each with its own nats-server: a process's CPU is its stack's.
if (wanted('cpu-per-operation'))
  rows.push(
    ...(await benchCpuPerOperation({
      durationSeconds,
      warmupSeconds,
      cpuWarmupSeconds: Number(process.env.BENCH_CPU_WARMUP ?? 30),
      changedOrders: process.env.BENCH_CPU_ORDERS
        ? Number(process.env.BENCH_CPU_ORDERS)
        : undefined,
      rates: (process.env.BENCH_CPU_RATE || '200,50').split(',').map(Number),
      rounds: Number(process.env.BENCH_CPU_ROUNDS ?? 4),
      idleSeconds: Number(process.env.BENCH_CPU_IDLE ?? 20),
      baselineRef: process.env.BENCH_BASELINE_REF || undefined,
    })),
  );
const report = await optional('./report.mjs', 'benchReport');
if (report && wanted('report')) rows.push(...(await report()));
if (wanted('bundles')) rows.push(...(await benchBundles()));

printTable(rows);
const file = writeResults(rows, {
  durationSeconds,
  warmupSeconds,
  lagWarmupSeconds,
  only: only ?? 'all',
});
console.log(`\nResults written to ${file}`);
process.exit(0);
