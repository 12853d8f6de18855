/**
 * CPU per operation: milliseconds of CPU each process spends per status change and per placed
 * order, read from /proc before and after each measured window and divided by the operations
 * answered in it, with the PostgreSQL transactions and rows written and the NATS messages per
 * operation, at each offered rate in turn (at a lower rate each message also pays for waking a
 * process that had gone idle), and for placed orders also under the placement benchmark's load.
 * The status change's target is read at 200 a second (the event lag's rate), the placed order's
 * under load. References: the same order sent to the placement benchmark's prototype at the same
 * rates and load (the least a placed order needs), and the machine's floor per message between two
 * bare processes. With BENCH_BASELINE_REF the same figures of that commit (built in a temporary
 * worktree) are measured on a second stack in alternating rounds, so a change reads as a ratio.
 * How to read it: bench/cpu-per-operation.md.
 */
import path from 'node:path';
import { ROOT } from '../../scripts/stack/paths.mjs';
import { prepareBaselineTree } from '../lib/baseline-tree.mjs';
import { POSTGRES_SERVICES, STATS_SETTLE_MS, startMeasuredStack } from '../lib/cpu-stack.mjs';
import { effectsApplied, prepareOperations, runOperations } from '../lib/operations.mjs';
import { load, loadAnswered } from '../lib/load.mjs';
import { measureMessageFloor } from '../lib/message-floor.mjs';
import { startReportingProcess } from '../lib/reporting-process.mjs';
import { cpuWindow } from '../lib/process-cpu.mjs';
import { METRICS_PROCESSES } from '../lib/stack.mjs';
import { placementLoad } from './order-placement.mjs';

export const CPU_GROUPS = [...METRICS_PROCESSES, 'postgres', 'nats'];
/** PostgreSQL's backends again, by the service that opened them (part of `postgres`, not added). */
const POSTGRES_GROUPS = POSTGRES_SERVICES.map((service) => `postgres:${service}`);
/** Every group a window's CPU is kept for. */
const MEASURED_GROUPS = [...CPU_GROUPS, ...POSTGRES_GROUPS];
const GROUP_LABELS = { postgres: 'PostgreSQL backends', nats: 'nats-server' };
const KINDS = [
  { kind: 'change', benchmark: 'cpu per status change', targetMs: 5 },
  { kind: 'place', benchmark: 'cpu per placed order' },
];
/** The rate the status change's target is set at: the event lag's (bench/scenarios/event-lag.mjs). */
const TARGET_RATE = 200;
/**
 * The placed order's target is read under the placement benchmark's load (its connections, each
 * sending its next order as soon as the last is answered), where that target was set: placements
 * arriving together share statements, commits and batches there, as they do when schools order
 * at the start of a term.
 */
const UNDER_LOAD = { benchmark: 'cpu per placed order under load', targetMs: 1.2 };
/** How long the effects of a round may take to be applied before the round counts as failed. */
const APPLY_TIMEOUT_MS = 60_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` inside a CPU window over the processes `groups()` names, re-listed every 250 ms so
 * a PostgreSQL backend opened mid-window counts too; resolves with its result and each group's CPU
 * milliseconds.
 */
async function withinCpuWindow(groups, work) {
  const window = cpuWindow(groups);
  await window.start();
  const sampler = setInterval(() => window.sample().catch(() => undefined), 250);
  let result;
  try {
    result = await work();
  } finally {
    clearInterval(sampler);
  }
  return { result, cpuMs: await window.stop() };
}

/**
 * Polls `check()` (resolving `{ applied, ...counts }`) until it says applied; after
 * APPLY_TIMEOUT_MS throws with `describe(counts)`, the round counting as failed.
 */
async function untilApplied(check, describe) {
  const deadline = Date.now() + APPLY_TIMEOUT_MS;
  for (;;) {
    const state = await check();
    if (state.applied) return;
    if (Date.now() > deadline) throw new Error(`${describe(state)} within ${APPLY_TIMEOUT_MS} ms`);
    await sleep(20);
  }
}

/** Whether the report holds a row for every order placed (the effects of a load round). */
async function reportCaughtUp(stack) {
  const { rows } = await stack.probe.query(
    `SELECT (SELECT count(*) FROM orders.orders) AS placed,
            (SELECT count(*) FROM reporting.report_orders) AS reported`,
  );
  const placed = Number(rows[0].placed);
  const reported = Number(rows[0].reported);
  return { applied: reported >= placed, placed, reported };
}

/**
 * One measured window of `work()`, which sends the operations and waits until their effects are
 * applied (so the asynchronous work they cause, events and read models, is inside the window) and
 * resolves with the operations answered 2xx and the failed ones; adds its figures to `totals`.
 */
async function measureWindow(side, totals, work) {
  const messagesBefore = await side.stack.nats.messages();
  const started = performance.now();
  const { result, cpuMs } = await withinCpuWindow(() => side.stack.pids(), work);
  const messagesAfter = await side.stack.nats.messages();
  totals.ops += result.ok;
  totals.failed += result.failed;
  totals.seconds += (performance.now() - started) / 1000;
  totals.messagesIn += messagesAfter.in - messagesBefore.in;
  totals.messagesOut += messagesAfter.out - messagesBefore.out;
  for (const group of MEASURED_GROUPS) totals.cpuMs[group] += cpuMs[group] ?? 0;
  totals.rounds.push(result.ok);
}

/** `kind` operations at `rate` for `seconds`, resolving once their effects are applied. */
async function sendUntilApplied(side, kind, { rate, seconds }) {
  const sent = await runOperations(side.stack, side.fixture, { kind, rate, seconds });
  await untilApplied(
    () => effectsApplied(side.stack, sent.expected),
    (effects) =>
      `${side.stack.label}: of ${sent.expected.size} ${kind} operations, catalog applied ` +
      `${effects.catalog} and the report ${effects.report}`,
  );
  return sent;
}

/** One window of `kind` operations at `rate` for `seconds`. */
function measureRound(side, totals, kind, { rate, seconds }) {
  return measureWindow(side, totals, () => sendUntilApplied(side, kind, { rate, seconds }));
}

/** One window of placed orders under the placement benchmark's load for `seconds`. */
function measureLoadRound(side, totals, seconds) {
  return measureWindow(side, totals, async () => {
    const answered = await loadAnswered({ ...side.placement.ours, durationSeconds: seconds });
    await untilApplied(
      () => reportCaughtUp(side.stack),
      (state) =>
        `${side.stack.label}: the report holds ${state.reported} of ${state.placed} orders`,
    );
    return answered;
  });
}

/** How long the stacks rest after the last operations before their idle window. */
const IDLE_SETTLE_MS = 5_000;

/**
 * CPU of a stack doing nothing for `seconds` (timers, polls, heartbeats): the part of each window's
 * CPU that is not caused by its operations, for reading the per-op figures of short windows.
 */
async function measureIdle(side, seconds) {
  const started = performance.now();
  const { cpuMs } = await withinCpuWindow(
    () => side.stack.pids(),
    () => sleep(seconds * 1000),
  );
  const elapsed = (performance.now() - started) / 1000;
  return Object.fromEntries(CPU_GROUPS.map((group) => [group, (cpuMs[group] ?? 0) / elapsed]));
}

/**
 * The placement benchmark's prototype as a process of its own on `stack`'s database and NATS:
 * resolves with its pid, its URL and a stop function. `overNats: false`: the variant without the
 * NATS request (bench/rpc-hop-cost.mjs).
 */
export async function startPrototypeProcess(stack, { overNats = true } = {}) {
  const prototype = startReportingProcess(path.join(ROOT, 'bench/lib/prototype-process.mjs'), [], {
    PROTOTYPE_DATABASE_URL: stack.databaseUrl,
    PROTOTYPE_NATS_URL: stack.nats.url,
    PROTOTYPE_NATS_SEED: stack.natsAdminSeed,
    PROTOTYPE_OVER_NATS: overNats ? '1' : '0',
  });
  const { url } = await prototype.next();
  return {
    pid: prototype.child.pid,
    url,
    stop: async () => {
      prototype.child.kill('SIGTERM');
      await prototype.exited;
    },
  };
}

/**
 * CPU per order of the prototype over `rounds` windows of `send()` (which resolves with the orders
 * answered 2xx and the failed ones), after `warmup()` when given: its process, the database's
 * backends and nats-server, the same groups a placed order is measured over (the stack's own
 * processes idle meanwhile).
 */
export async function measurePrototype(side, prototype, { benchmark, rounds, send, warmup }) {
  const totals = { ops: 0, failed: 0, seconds: 0, cpuMs: { prototype: 0, postgres: 0, nats: 0 } };
  const groups = async () => {
    const { postgres, nats } = await side.stack.pids();
    return { prototype: [prototype.pid], postgres, nats };
  };
  await warmup?.();
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    const { result, cpuMs } = await withinCpuWindow(groups, send);
    totals.seconds += (performance.now() - started) / 1000;
    totals.ops += result.ok;
    totals.failed += result.failed;
    for (const group of Object.keys(totals.cpuMs)) totals.cpuMs[group] += cpuMs[group] ?? 0;
  }
  const per = (ms) => (totals.ops > 0 ? ms / totals.ops : undefined);
  const all = Object.values(totals.cpuMs).reduce((sum, ms) => sum + ms, 0);
  return [
    { benchmark, metric: 'CPU ms per op: all processes', ours: per(all) },
    { benchmark, metric: 'CPU ms per op: prototype process', ours: per(totals.cpuMs.prototype) },
    { benchmark, metric: 'CPU ms per op: PostgreSQL backends', ours: per(totals.cpuMs.postgres) },
    { benchmark, metric: 'CPU ms per op: nats-server', ours: per(totals.cpuMs.nats) },
    { benchmark, metric: 'ops/s over the windows', ours: totals.ops / totals.seconds },
    { benchmark, metric: 'failed requests', ours: totals.failed },
  ];
}

/** The database's counters between two readings of `databaseCounters()`. */
function countersSince(before, after) {
  return {
    transactions: after.transactions - before.transactions,
    written: after.written - before.written,
    statements: after.statements === undefined ? undefined : after.statements - before.statements,
    // Only when the same processes counted both (a restarted one counts from zero again).
    queries:
      before.queries && before.queries.processes === after.queries?.processes
        ? after.queries.total - before.queries.total
        : undefined,
  };
}

const emptyTotals = () => ({
  ops: 0,
  failed: 0,
  seconds: 0,
  messagesIn: 0,
  messagesOut: 0,
  cpuMs: Object.fromEntries(MEASURED_GROUPS.map((group) => [group, 0])),
  rounds: [],
});

/**
 * `rounds` windows per side of `measure(side, totals)`, the sides taking turns (ours, baseline,
 * then baseline, ours, ...), into each side's totals under `key`, with the database's counters
 * over them all (read once they have settled: PostgreSQL publishes them late). A window that
 * follows the other side's pays for what that side still does after it (autovacuum of the rows it
 * wrote, among others); with an even `rounds` each side follows the other equally often.
 */
async function alternateRounds(sides, key, rounds, measure) {
  for (const side of sides) side.totals.set(key, emptyTotals());
  const before = await Promise.all(sides.map((side) => side.stack.databaseCounters()));
  for (let round = 0; round < rounds; round += 1) {
    for (const side of round % 2 === 0 ? sides : [...sides].reverse())
      await measure(side, side.totals.get(key));
  }
  await sleep(STATS_SETTLE_MS);
  for (const [index, side] of sides.entries())
    side.totals.get(key).database = countersSince(
      before[index],
      await side.stack.databaseCounters(),
    );
}

/**
 * Rows of one kind at one rate: ours beside the baseline (when there is one) and their ratio; the
 * target beside the total at the target's rate.
 */
function rowsOf(benchmark, ours, base, target) {
  const per = (totals, value) => {
    const total = totals && totals.ops > 0 ? value(totals) : undefined;
    return total === undefined ? undefined : total / totals.ops;
  };
  const row = (metric, value, { ratio = true } = {}) => {
    const a = per(ours, value);
    const b = per(base, value);
    return {
      benchmark,
      metric,
      ours: a,
      baseline: b,
      ...(ratio && a !== undefined && b ? { ratio: a / b } : {}),
    };
  };
  const totalCpu = (t) => CPU_GROUPS.reduce((sum, group) => sum + t.cpuMs[group], 0);
  const total = row('CPU ms per op: all processes', totalCpu);
  return [
    target === undefined
      ? total
      : { ...total, target: `<= ${target}`, met: total.ours !== undefined && total.ours <= target },
    ...CPU_GROUPS.map((group) =>
      row(`CPU ms per op: ${GROUP_LABELS[group] ?? group}`, (t) => t.cpuMs[group]),
    ),
    ...POSTGRES_SERVICES.map((service) =>
      row(`CPU ms per op: PostgreSQL for ${service}`, (t) => t.cpuMs[`postgres:${service}`]),
    ),
    row('PostgreSQL transactions per op', (t) => t.database.transactions),
    // Counted in each service's process (query-count-preload.mjs): every query is a round trip.
    ...(ours.database.queries === undefined
      ? []
      : [row('PostgreSQL queries sent per op (round trips)', (t) => t.database.queries)]),
    // Only where PostgreSQL counts statements (pg_stat_statements loaded; cpu-per-operation.md).
    ...(ours.database.statements === undefined
      ? []
      : [row('PostgreSQL statements per op', (t) => t.database.statements)]),
    row('PostgreSQL rows written per op', (t) => t.database.written),
    row('NATS messages in per op', (t) => t.messagesIn),
    row('NATS messages out per op', (t) => t.messagesOut),
    {
      benchmark,
      metric: 'ops measured (per round)',
      ours: `${ours.ops} (${ours.rounds.join(' ')})`,
      baseline: base ? `${base.ops} (${base.rounds.join(' ')})` : undefined,
    },
    {
      benchmark,
      metric: 'ops/s over the windows',
      ours: ours.ops / ours.seconds,
      baseline: base ? base.ops / base.seconds : undefined,
    },
    { benchmark, metric: 'failed requests', ours: ours.failed, baseline: base?.failed },
  ];
}

/**
 * `rates`: operations offered per second, one measurement of each kind per rate; `rounds`: windows
 * per side, kind and rate, alternating sides; `idleSeconds`: the idle window per side;
 * `baselineRef`: a commit to measure beside this tree
 * (none: the baseline column stays empty).
 */
export async function benchCpuPerOperation({
  durationSeconds,
  warmupSeconds = 0,
  cpuWarmupSeconds = 0,
  changedOrders,
  rates,
  rounds,
  idleSeconds = 20,
  baselineRef,
}) {
  const seconds = Math.max(1, Math.round(durationSeconds / rounds));
  const baseline = baselineRef ? prepareBaselineTree(baselineRef) : null;
  const sides = [];
  try {
    const trees = [{ root: ROOT, label: 'ours' }];
    if (baseline) trees.push({ root: baseline.root, label: `baseline ${baselineRef}` });
    for (const tree of trees) {
      const stack = await startMeasuredStack(tree);
      const side = { stack, totals: new Map() };
      sides.push(side);
      side.fixture = await prepareOperations(stack, { orders: changedOrders });
      side.placement = await placementLoad({ url: stack.url, pool: stack.probe });
    }
    // Database counters are published late: read them around each kind, after they settle.
    await sleep(STATS_SETTLE_MS);
    for (const rate of rates) {
      for (const { kind } of KINDS) {
        // Unmeasured: a process's first minutes of an operation also pay V8 for compiling its
        // path, which a running service has long done; the windows read what each one costs after.
        // Both sides at once, so neither starts its windows after idling through the other's.
        if (cpuWarmupSeconds > 0)
          await Promise.all(
            sides.map((side) => sendUntilApplied(side, kind, { rate, seconds: cpuWarmupSeconds })),
          );
        await alternateRounds(sides, `${kind}@${rate}`, rounds, (side, totals) =>
          measureRound(side, totals, kind, { rate, seconds }),
        );
      }
    }
    // Unmeasured, as the placement benchmark's own warm-up: the first seconds at full load also
    // pay for compiling the hot paths and growing the pools.
    const loadWarmupSeconds = Math.max(warmupSeconds, cpuWarmupSeconds);
    if (loadWarmupSeconds > 0)
      await Promise.all(
        sides.map((side) => load({ ...side.placement.ours, durationSeconds: loadWarmupSeconds })),
      );
    await alternateRounds(sides, 'place@load', rounds, (side, totals) =>
      measureLoadRound(side, totals, seconds),
    );
    // A long window: an idle process wakes a few times a second, and /proc counts its CPU in ticks
    // of 10 ms, so a window of a few seconds reads one tick more or less as several ms a second.
    // Both stacks in the same window, after a pause: measured one after the other, the first read
    // what its database still did after the last load window as idle.
    await sleep(IDLE_SETTLE_MS);
    const idle = await Promise.all(
      sides.map((side) => measureIdle(side, Math.max(1, idleSeconds))),
    );
    // The least a placed order can cost crossing HTTP, NATS and a transaction, on ours' stack.
    const prototypeRows = [];
    const prototype = await startPrototypeProcess(sides[0].stack);
    try {
      const fixture = { ...sides[0].fixture, prototypeUrl: prototype.url };
      for (const rate of rates)
        prototypeRows.push(
          ...(await measurePrototype(sides[0], prototype, {
            benchmark: `cpu per prototype order @${rate}/s`,
            rounds,
            warmup: () =>
              cpuWarmupSeconds > 0 &&
              runOperations(sides[0].stack, fixture, {
                kind: 'prototype',
                rate,
                seconds: cpuWarmupSeconds,
              }),
            send: () =>
              runOperations(sides[0].stack, fixture, { kind: 'prototype', rate, seconds }),
          })),
        );
      const prototypeLoad = sides[0].placement.prototype(prototype.url);
      prototypeRows.push(
        ...(await measurePrototype(sides[0], prototype, {
          benchmark: 'cpu per prototype order under load',
          rounds,
          warmup: () =>
            loadWarmupSeconds > 0 && load({ ...prototypeLoad, durationSeconds: loadWarmupSeconds }),
          send: () => loadAnswered({ ...prototypeLoad, durationSeconds: seconds }),
        })),
      );
    } finally {
      await prototype.stop();
    }
    // The floor each hop between two processes pays on this machine, at the same rates.
    const floors = [];
    for (const rate of rates)
      floors.push({ rate, ...(await measureMessageFloor({ rate, seconds: seconds * rounds })) });
    const [ours, base] = sides;
    return [
      ...rates.flatMap((rate) =>
        KINDS.flatMap(({ kind, benchmark, targetMs }) =>
          rowsOf(
            `${benchmark} @${rate}/s`,
            ours.totals.get(`${kind}@${rate}`),
            base?.totals.get(`${kind}@${rate}`),
            rate === TARGET_RATE ? targetMs : undefined,
          ),
        ),
      ),
      ...rowsOf(
        UNDER_LOAD.benchmark,
        ours.totals.get('place@load'),
        base?.totals.get('place@load'),
        UNDER_LOAD.targetMs,
      ),
      ...prototypeRows,
      ...floors.flatMap(({ rate, answered, echoMsPerMessage, roundTripMs }) => [
        {
          benchmark: `message floor @${rate}/s`,
          metric: 'CPU ms per message answered, bare Node process over loopback TCP',
          ours: echoMsPerMessage,
        },
        {
          benchmark: `message floor @${rate}/s`,
          metric: 'CPU ms per round trip, sender and answerer',
          ours: roundTripMs,
        },
        { benchmark: `message floor @${rate}/s`, metric: 'messages answered', ours: answered },
      ]),
      ...[['all processes', null], ...CPU_GROUPS.map((group) => [group, group])].map(
        ([label, group]) => {
          const perSecond = (idle) =>
            idle && (group ? idle[group] : Object.values(idle).reduce((sum, ms) => sum + ms, 0));
          return {
            benchmark: 'cpu at idle',
            metric: `CPU ms per second, ${GROUP_LABELS[label] ?? label}, no operations`,
            ours: perSecond(idle[0]),
            baseline: perSecond(idle[1]),
          };
        },
      ),
    ];
  } finally {
    for (const side of sides) await side.stack.dispose();
    baseline?.remove();
  }
}
