/** Runs autocannon and returns throughput and latency percentiles. */
import autocannon from 'autocannon';
import { machineCpuTicks } from './process-cpu.mjs';

/**
 * `warmupSeconds` of the same load run first and are not counted, so the JIT of both the product
 * and its baseline is warm when measuring starts (each side gets the same warm-up).
 */
export async function load({
  url,
  connections,
  durationSeconds,
  warmupSeconds = 0,
  method = 'GET',
  headers = {},
  body,
  setupRequest,
}) {
  const run = (duration) =>
    autocannon({
      url,
      connections,
      duration,
      method,
      headers,
      body,
      requests: setupRequest ? [{ setupRequest }] : undefined,
    });
  if (warmupSeconds > 0) await run(warmupSeconds);
  const result = await run(durationSeconds);
  const non2xx = result.non2xx + result.errors + result.timeouts;
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failed: non2xx,
  };
}

/**
 * Runs load() and counts its answers the way the operation runners do (`runOperations`): the
 * requests answered with a 2xx and those that failed, for the CPU windows that divide by them.
 */
export async function loadAnswered(options) {
  const { total, failed } = await load(options);
  return { ok: total - failed, failed };
}

/**
 * Measures several systems in alternating rounds (A, B, C, A, B, C, ...) instead of one long run
 * after the other. This shared machine's speed drifts by a quarter within a minute (the load
 * generator's own CPU per request moves with it): back-to-back runs read such a drift as a
 * difference between the systems. Each side gets the same warm-up and the same measured time, and
 * every measured round follows one round of each other side (a lead-in round each after the
 * warm-ups); throughput is its requests over its measured seconds, p50 the request-weighted mean
 * of its rounds' p50s, p99 the highest of its rounds' p99s, machineBusyPercent the share of the whole
 * machine's CPU busy during its rounds. `sides` maps a name to load() options.
 */
export async function loadRounds(sides, { durationSeconds, warmupSeconds = 0, rounds = 5 }) {
  const roundSeconds = Math.max(1, Math.round(durationSeconds / rounds));
  const names = Object.keys(sides);
  const warmup = Object.fromEntries(names.map((name) => [name, 0]));
  if (warmupSeconds > 0) {
    for (const name of names) {
      warmup[name] = (await load({ ...sides[name], durationSeconds: warmupSeconds })).total;
    }
    // One unmeasured round each, in the measured rounds' order: the first side's first round
    // would otherwise follow the other sides' whole warm-up, idle all that time (its pool's
    // connections closed, its heap shrunk), where every later round follows one round of each.
    for (const name of names) await load({ ...sides[name], durationSeconds: roundSeconds });
  }
  const runs = Object.fromEntries(names.map((name) => [name, []]));
  const machine = Object.fromEntries(names.map((name) => [name, { busy: 0, total: 0 }]));
  for (let round = 0; round < rounds; round += 1) {
    for (const name of names) {
      const before = machineCpuTicks();
      runs[name].push(await load({ ...sides[name], durationSeconds: roundSeconds }));
      const after = machineCpuTicks();
      if (before && after) {
        machine[name].busy += after.busy - before.busy;
        machine[name].total += after.total - before.total;
      }
    }
  }
  const combine = (list, name) => {
    const total = list.reduce((sum, r) => sum + r.total, 0);
    return {
      warmupTotal: warmup[name],
      requestsPerSecond: total / (roundSeconds * list.length),
      p50: list.reduce((sum, r) => sum + r.p50 * r.total, 0) / Math.max(1, total),
      p99: Math.max(...list.map((r) => r.p99)),
      total,
      failed: list.reduce((sum, r) => sum + r.failed, 0),
      rounds: list.map((r) => Math.round(r.requestsPerSecond)),
      // Of every core, load generator included: below 100 the side's requests waited on one
      // another (a queue, a commit) while cores were free.
      machineBusyPercent:
        machine[name].total > 0 ? (100 * machine[name].busy) / machine[name].total : null,
    };
  };
  return Object.fromEntries(names.map((name) => [name, combine(runs[name], name)]));
}

/** Ours and its baseline in alternating rounds (see loadRounds). */
export async function loadPair(ours, baseline, options) {
  const result = await loadRounds({ ours, base: baseline }, options);
  return { ours: result.ours, base: result.base };
}

/**
 * Latency of one request at a time (no queueing: what one person waits) on two systems in turn,
 * `a` then `b`, then `b` then `a`, ..., `samples` times each or for `maxSeconds`, after `warmup`
 * unmeasured calls each. Taking turns puts both under the same drift of this shared machine's
 * speed, which two runs one after the other would read as a difference between them. Each
 * `request(i)` resolves once the whole answer is read and throws on a failure (not timed). Returns
 * p50/p99 (ms), the samples taken and the failures of each side (with the first few messages).
 */
export async function sampleLatencyPair(
  a,
  b,
  { samples = 200, maxSeconds = 15, warmup = 10 } = {},
) {
  const sides = [
    { request: a, times: [], failed: 0, errors: [] },
    { request: b, times: [], failed: 0, errors: [] },
  ];
  for (let i = 0; i < warmup; i += 1) {
    for (const side of sides) await side.request(i).catch(() => undefined);
  }
  const deadline = performance.now() + maxSeconds * 1000;
  for (let i = 0; i < samples && performance.now() < deadline; i += 1) {
    for (const side of i % 2 === 0 ? sides : [...sides].reverse()) {
      const started = performance.now();
      try {
        await side.request(warmup + i);
        side.times.push(performance.now() - started);
      } catch (error) {
        side.failed += 1;
        if (side.errors.length < 3) side.errors.push(error.message);
      }
    }
  }
  const summary = ({ times, failed, errors }) => {
    times.sort((x, y) => x - y);
    const at = (p) =>
      times.length === 0 ? NaN : times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)];
    return { p50: at(0.5), p99: at(0.99), count: times.length, failed, errors };
  };
  return { a: summary(sides[0]), b: summary(sides[1]) };
}
