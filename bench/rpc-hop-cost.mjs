/**
 * What one NATS request and its reply cost a placed order: the placement benchmark's prototype
 * (HTTP -> NATS request -> transaction -> reply) beside the same prototype without the request
 * (HTTP -> transaction in the handler), taking turns round by round, under the placement load (32
 * connections) and at a steady rate (where each message also wakes a process that had gone idle,
 * as a status change's do at 200 a second). Prints the CPU per order of the prototype's process,
 * PostgreSQL's backends and nats-server (from /proc) and the orders a second of each. The
 * difference is the least a service boundary on a request's path costs on this machine
 * (docs/adr/0309).
 *
 *   node bench/rpc-hop-cost.mjs
 *
 * BENCH_HOP_ROUNDS (default 4), BENCH_HOP_SECONDS (each side's round, default 8), BENCH_HOP_WARMUP
 * (seconds of load on each side first, default 20), BENCH_HOP_RATE (orders a second of the steady
 * rate, default 200). Build first (npm run build:server): the measured stack's processes are there
 * only to give the prototypes their database and NATS.
 */
import { ROOT } from '../scripts/stack/paths.mjs';
import { startMeasuredStack } from './lib/cpu-stack.mjs';
import { loadAnswered } from './lib/load.mjs';
import { prepareOperations, runOperations } from './lib/operations.mjs';
import { measurePrototype, startPrototypeProcess } from './scenarios/cpu-per-operation.mjs';
import { placementLoad } from './scenarios/order-placement.mjs';

const rounds = Number(process.env.BENCH_HOP_ROUNDS ?? 4);
const seconds = Number(process.env.BENCH_HOP_SECONDS ?? 8);
const warmupSeconds = Number(process.env.BENCH_HOP_WARMUP ?? 20);
const rate = Number(process.env.BENCH_HOP_RATE ?? 200);
const METRICS = {
  all: 'CPU ms per op: all processes',
  process: 'CPU ms per op: prototype process',
  postgres: 'CPU ms per op: PostgreSQL backends',
  nats: 'CPU ms per op: nats-server',
  perSecond: 'ops/s over the windows',
};

const stack = await startMeasuredStack({ root: ROOT, label: 'hop' });
const prototypes = {};
try {
  const placement = await placementLoad({ url: stack.url, pool: stack.probe });
  prototypes['over NATS'] = await startPrototypeProcess(stack);
  prototypes['without NATS'] = await startPrototypeProcess(stack, { overNats: false });
  const fixture = await prepareOperations(stack);
  const underLoad = (prototype) => (durationSeconds) =>
    loadAnswered({ ...placement.prototype(prototype.url), durationSeconds });
  const atRate = (prototype) => (durationSeconds) =>
    runOperations(
      stack,
      { ...fixture, prototypeUrl: prototype.url },
      { kind: 'prototype', rate, seconds: durationSeconds },
    );
  for (const prototype of Object.values(prototypes)) await underLoad(prototype)(warmupSeconds);
  report('under the placement load', await takeTurns(underLoad));
  report(`at ${rate} a second`, await takeTurns(atRate));
} finally {
  for (const prototype of Object.values(prototypes)) await prototype.stop();
  await stack.dispose();
}

/** Each prototype's figures for `rounds` rounds of `send(prototype)(seconds)`, taking turns. */
async function takeTurns(send) {
  const readings = Object.fromEntries(Object.keys(prototypes).map((name) => [name, []]));
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, prototype] of Object.entries(prototypes)) {
      const rows = await measurePrototype({ stack }, prototype, {
        benchmark: name,
        rounds: 1,
        send: () => send(prototype)(seconds),
      });
      readings[name].push(Object.fromEntries(rows.map((row) => [row.metric, row.ours])));
    }
  }
  return readings;
}

/** The mean of each figure over the rounds, each round's CPU per order, and the difference. */
function report(how, readings) {
  const mean = (name, metric) =>
    readings[name].reduce((sum, reading) => sum + reading[metric], 0) / readings[name].length;
  console.log(`\nplaced orders ${how}, ${rounds} rounds of ${seconds} s a side:`);
  console.log('side          all ms  process  PostgreSQL  nats-server  orders/s  all ms by round');
  for (const name of Object.keys(readings)) {
    const byRound = readings[name].map((reading) => reading[METRICS.all].toFixed(3)).join(' ');
    console.log(
      [
        name.padEnd(12),
        mean(name, METRICS.all).toFixed(3).padStart(7),
        mean(name, METRICS.process).toFixed(3).padStart(8),
        mean(name, METRICS.postgres).toFixed(3).padStart(11),
        mean(name, METRICS.nats).toFixed(3).padStart(12),
        mean(name, METRICS.perSecond).toFixed(0).padStart(9),
        ` ${byRound}`,
      ].join(' '),
    );
  }
  const [over, without] = Object.keys(readings);
  const difference = (metric) => (mean(over, metric) - mean(without, metric)).toFixed(3);
  console.log(
    `\none NATS request and its reply, per order: ${difference(METRICS.all)} ms of CPU ` +
      `(process ${difference(METRICS.process)}, nats-server ${difference(METRICS.nats)}, ` +
      `PostgreSQL ${difference(METRICS.postgres)})`,
  );
}
