/**
 * CPU per operation: milliseconds of CPU each process spends per status change and per placed
 * order, read from /proc before and after each measured window and divided by the operations
 * answered in it, with the PostgreSQL transactions and rows written and the NATS messages per
 * operation, at each offered rate in turn (the targets are read at 200 a second, the event lag's
 * rate: at a lower rate each message also pays for waking a process that had gone idle), and two
 * references at the same rates: the same order sent to the placement benchmark's prototype (the
 * least a placed order needs), and the machine's floor per message between two bare processes. With BENCH_BASELINE_REF the same figures of that commit (built in a temporary
 * worktree) are measured on a second stack in alternating rounds, so a change reads as a ratio.
 * How to read it: bench/cpu-per-operation.md.
 */
import path from 'node:path';
import { ROOT } from '../../scripts/stack/paths.mjs';
import { prepareBaselineTree } from '../lib/baseline-tree.mjs';
import { STATS_SETTLE_MS, startMeasuredStack } from '../lib/cpu-stack.mjs';
import { effectsApplied, prepareOperations, runOperations } from '../lib/operations.mjs';
import { measureMessageFloor } from '../lib/message-floor.mjs';
import { startReportingProcess } from '../lib/reporting-process.mjs';
import { cpuWindow } from '../lib/process-cpu.mjs';
import { METRICS_PROCESSES } from '../lib/stack.mjs';

export const CPU_GROUPS = [...METRICS_PROCESSES, 'postgres', 'nats'];
const GROUP_LABELS = { postgres: 'PostgreSQL backends', nats: 'nats-server' };
const KINDS = [
  { kind: 'change', benchmark: 'cpu per status change', targetMs: 5 },
  { kind: 'place', benchmark: 'cpu per placed order', targetMs: 1.2 },
];
/** The rate the CPU targets are set at: the event lag's (bench/scenarios/event-lag.mjs). */
const TARGET_RATE = 200;
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
 * One measured window: the operations at `rate` for `seconds`, then until their effects are
 * applied, so the asynchronous work they cause (events, read models) is inside the window.
 */
async function measureRound(side, totals, kind, { rate, seconds }) {
  const messagesBefore = await side.stack.nats.messages();
  const started = performance.now();
  const { result, cpuMs } = await withinCpuWindow(
    () => side.stack.pids(),
    async () => {
      const sent = await runOperations(side.stack, side.fixture, { kind, rate, seconds });
      const deadline = Date.now() + APPLY_TIMEOUT_MS;
      for (;;) {
        const effects = await effectsApplied(side.stack, sent.expected);
        if (effects.applied) return sent;
        if (Date.now() > deadline)
          throw new Error(
            `${side.stack.label}: of ${sent.expected.size} ${kind} operations, catalog applied ` +
              `${effects.catalog} and the report ${effects.report} within ${APPLY_TIMEOUT_MS} ms`,
          );
        await sleep(20);
      }
    },
  );
  const messagesAfter = await side.stack.nats.messages();
  totals.ops += result.ok;
  totals.failed += result.failed;
  totals.seconds += (performance.now() - started) / 1000;
  totals.messagesIn += messagesAfter.in - messagesBefore.in;
  totals.messagesOut += messagesAfter.out - messagesBefore.out;
  for (const group of CPU_GROUPS) totals.cpuMs[group] += cpuMs[group] ?? 0;
  totals.rounds.push(result.ok);
}

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
 * resolves with its pid, its URL and a stop function.
 */
async function startPrototypeProcess(stack) {
  const prototype = startReportingProcess(path.join(ROOT, 'bench/lib/prototype-process.mjs'), [], {
    PROTOTYPE_DATABASE_URL: stack.databaseUrl,
    PROTOTYPE_NATS_URL: stack.nats.url,
    PROTOTYPE_NATS_SEED: stack.natsAdminSeed,
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
 * CPU per order of the prototype at `rate`: its process, the database's backends and nats-server,
 * the same groups a placed order is measured over (the stack's own processes idle meanwhile).
 */
async function measurePrototype(side, prototype, { rate, seconds, rounds }) {
  const totals = { ops: 0, failed: 0, cpuMs: { prototype: 0, postgres: 0, nats: 0 } };
  const groups = async () => {
    const { postgres, nats } = await side.stack.pids();
    return { prototype: [prototype.pid], postgres, nats };
  };
  const fixture = { ...side.fixture, prototypeUrl: prototype.url };
  for (let round = 0; round < rounds; round += 1) {
    const { result, cpuMs } = await withinCpuWindow(groups, () =>
      runOperations(side.stack, fixture, { kind: 'prototype', rate, seconds }),
    );
    totals.ops += result.ok;
    totals.failed += result.failed;
    for (const group of Object.keys(totals.cpuMs)) totals.cpuMs[group] += cpuMs[group] ?? 0;
  }
  const benchmark = `cpu per prototype order @${rate}/s`;
  const per = (ms) => (totals.ops > 0 ? ms / totals.ops : undefined);
  const all = Object.values(totals.cpuMs).reduce((sum, ms) => sum + ms, 0);
  return [
    { benchmark, metric: 'CPU ms per op: all processes', ours: per(all) },
    { benchmark, metric: 'CPU ms per op: prototype process', ours: per(totals.cpuMs.prototype) },
    { benchmark, metric: 'CPU ms per op: PostgreSQL backends', ours: per(totals.cpuMs.postgres) },
    { benchmark, metric: 'CPU ms per op: nats-server', ours: per(totals.cpuMs.nats) },
    { benchmark, metric: 'failed requests', ours: totals.failed },
  ];
}

const emptyTotals = () => ({
  ops: 0,
  failed: 0,
  seconds: 0,
  messagesIn: 0,
  messagesOut: 0,
  cpuMs: Object.fromEntries(CPU_GROUPS.map((group) => [group, 0])),
  rounds: [],
});

/**
 * Rows of one kind at one rate: ours beside the baseline (when there is one) and their ratio; the
 * target beside the total at the target's rate.
 */
function rowsOf(benchmark, ours, base, target) {
  const per = (totals, value) =>
    totals && totals.ops > 0 ? value(totals) / totals.ops : undefined;
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
  const totalCpu = (t) => Object.values(t.cpuMs).reduce((sum, ms) => sum + ms, 0);
  const total = row('CPU ms per op: all processes', totalCpu);
  return [
    target === undefined
      ? total
      : { ...total, target: `<= ${target}`, met: total.ours !== undefined && total.ours <= target },
    ...CPU_GROUPS.map((group) =>
      row(`CPU ms per op: ${GROUP_LABELS[group] ?? group}`, (t) => t.cpuMs[group]),
    ),
    row('PostgreSQL transactions per op', (t) => t.database.transactions),
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
 * per side, kind and rate, alternating sides; `baselineRef`: a commit to measure beside this tree
 * (none: the baseline column stays empty).
 */
export async function benchCpuPerOperation({ durationSeconds, rates, rounds, baselineRef }) {
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
      side.fixture = await prepareOperations(stack);
    }
    // Database counters are published late: read them around each kind, after they settle.
    await sleep(STATS_SETTLE_MS);
    for (const rate of rates) {
      for (const { kind } of KINDS) {
        const key = `${kind}@${rate}`;
        for (const side of sides) side.totals.set(key, emptyTotals());
        const before = await Promise.all(sides.map((side) => side.stack.databaseCounters()));
        for (let round = 0; round < rounds; round += 1) {
          for (const side of round % 2 === 0 ? sides : [...sides].reverse())
            await measureRound(side, side.totals.get(key), kind, { rate, seconds });
        }
        await sleep(STATS_SETTLE_MS);
        for (const [index, side] of sides.entries()) {
          const after = await side.stack.databaseCounters();
          side.totals.get(key).database = {
            transactions: after.transactions - before[index].transactions,
            written: after.written - before[index].written,
            statements:
              after.statements === undefined
                ? undefined
                : after.statements - before[index].statements,
          };
        }
      }
    }
    const idle = [];
    for (const side of sides) idle.push(await measureIdle(side, seconds));
    // The least a placed order can cost crossing HTTP, NATS and a transaction, on ours' stack.
    const prototypeRows = [];
    const prototype = await startPrototypeProcess(sides[0].stack);
    try {
      for (const rate of rates)
        prototypeRows.push(
          ...(await measurePrototype(sides[0], prototype, { rate, seconds, rounds })),
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
