/**
 * Where the CPU of an operation goes, process by process: starts a measured stack (as the
 * cpu-per-operation benchmark does) with bench/lib/profile-preload.mjs in every service, sends
 * status changes or placed orders at a steady rate, and while they run records each service's CPU
 * profile and the PostgreSQL statements it sent. Prints the statements per operation and the
 * functions with the most self time per service; the .cpuprofile files (for Chrome's DevTools or
 * speedscope) stay in the output folder.
 *
 *   node bench/profile-operations.mjs                      status changes
 *   BENCH_PROFILE_KIND=place node bench/profile-operations.mjs
 *   BENCH_PROFILE_KIND=place-load node bench/profile-operations.mjs   placed orders under the
 *                                    placement benchmark's load (32 connections, no fixed rate)
 *
 * BENCH_PROFILE_RATE (default 50/s), BENCH_PROFILE_SECONDS (default 10), BENCH_PROFILE_WARMUP
 * (unprofiled seconds first, default 3), BENCH_PROFILE_DIR (default /tmp/lr-profile-<time>).
 * BENCH_PROFILE_ALLOCATIONS=1 samples what each service allocates instead of its CPU (the
 * garbage its collector then sweeps up): KiB per op, by the function that allocated it.
 * BENCH_PROFILE_PROMISES=1 counts the promises each service creates instead: per op, by the
 * function that created them (each one also runs the request context's hook on Node 20).
 * Build first (npm run build:server).
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from '../scripts/stack/paths.mjs';
import { startMeasuredStack } from './lib/cpu-stack.mjs';
import { loadAnswered } from './lib/load.mjs';
import { effectsApplied, prepareOperations, runOperations } from './lib/operations.mjs';
import { placementLoad } from './scenarios/order-placement.mjs';

const kind = process.env.BENCH_PROFILE_KIND ?? 'change';
const rate = Number(process.env.BENCH_PROFILE_RATE ?? 50);
const seconds = Number(process.env.BENCH_PROFILE_SECONDS ?? 10);
// A service's first seconds on a path compile it (bench/README.md, "Warm-up").
const warmupSeconds = Number(process.env.BENCH_PROFILE_WARMUP ?? 3);
const dir = process.env.BENCH_PROFILE_DIR ?? `/tmp/lr-profile-${Date.now()}`;
const preload = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lib/profile-preload.mjs');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

mkdirSync(dir, { recursive: true });
// Only the stack's processes inherit these (set before it starts, removed after).
process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --import ${preload}`.trim();
process.env.LR_PROFILE_DIR = dir;
process.env.LR_PROFILE_ALLOCATIONS = process.env.BENCH_PROFILE_ALLOCATIONS ?? '';
process.env.LR_PROFILE_PROMISES = process.env.BENCH_PROFILE_PROMISES ?? '';
const stack = await startMeasuredStack({ root: ROOT, label: 'profiled' });
delete process.env.NODE_OPTIONS;
delete process.env.LR_PROFILE_DIR;
delete process.env.LR_PROFILE_ALLOCATIONS;
delete process.env.LR_PROFILE_PROMISES;
let ops;
let syscallLines;
try {
  const run = kind === 'place-load' ? await underLoad(stack) : await atRate(stack);
  // Warm-up: JIT, pools and named statements settle before the profile starts.
  await run(warmupSeconds);
  writeFileSync(path.join(dir, 'on'), '');
  await sleep(300);
  const pids = await stack.pids();
  const before = syscallsOf(pids);
  const result = await run(seconds);
  ops = result.ok;
  syscallLines = syscallsPerOp(before, syscallsOf(pids), ops);
  rmSync(path.join(dir, 'on'));
  await sleep(2000);
  console.log(`${ops} ${kind} operations answered, ${result.failed} failed; files in ${dir}`);
} finally {
  await stack.dispose();
}

console.log(
  '\nread and write system calls per op and the bytes they moved (a write to a socket wakes its reader):',
);
for (const line of syscallLines ?? []) console.log(`  ${line}`);

for (const file of readdirSync(dir).filter((f) => f.endsWith('.statements.json'))) {
  const statements = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  const total = statements.reduce((sum, [, n]) => sum + n, 0);
  console.log(
    `\n${file.replace('.statements.json', '')}: ${(total / ops).toFixed(2)} statements per op`,
  );
  for (const [text, n] of statements.slice(0, 12))
    console.log(`  ${(n / ops).toFixed(2)}  ${text.slice(0, 110)}`);
}
for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
  const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const { callFrame } = byId.get(id);
    // Idle time, and the inspector serialising the profile itself when it stops.
    if (callFrame.functionName === '(idle)') return;
    if (callFrame.functionName === 'dispatch' && !callFrame.url) return;
    const key = frameName(callFrame);
    self.set(key, (self.get(key) ?? 0) + profile.timeDeltas[i]);
    busy += profile.timeDeltas[i];
  });
  console.log(
    `\n${file.replace('.cpuprofile', '')}: ${(busy / 1000 / ops).toFixed(2)} ms busy per op; most self time:`,
  );
  printLargest(self, (us) => `${(us / 1000 / ops).toFixed(3)} ms`);
}

for (const file of readdirSync(dir).filter((f) => f.endsWith('.heapprofile'))) {
  const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  const byId = new Map();
  const index = (node) => {
    byId.set(node.id, node);
    node.children.forEach(index);
  };
  index(profile.head);
  const bytes = new Map();
  let total = 0;
  for (const { nodeId, size } of profile.samples) {
    const key = frameName(byId.get(nodeId).callFrame);
    bytes.set(key, (bytes.get(key) ?? 0) + size);
    total += size;
  }
  console.log(
    `\n${file.replace('.heapprofile', '')}: ${(total / 1024 / ops).toFixed(1)} KiB allocated per op; most allocated by:`,
  );
  printLargest(bytes, (size) => `${(size / 1024 / ops).toFixed(2)} KiB`);
}

for (const file of readdirSync(dir).filter((f) => f.endsWith('.promises.json'))) {
  const counts = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  const total = counts.reduce((sum, [, n]) => sum + n, 0);
  console.log(
    `\n${file.replace('.promises.json', '')}: ${(total / ops).toFixed(1)} promises per op; most created by:`,
  );
  printLargest(new Map(counts), (n) => `${(n / ops).toFixed(2)}`);
}

/** A profile's function as one line: its name, file and line. */
function frameName(callFrame) {
  const where = callFrame.url ? path.basename(callFrame.url) : 'native';
  return `${callFrame.functionName || '(anonymous)'} ${where}:${callFrame.lineNumber}`;
}

/** The ten largest of `amounts` (function -> amount), each as `format` writes it. */
function printLargest(amounts, format) {
  for (const [key, amount] of [...amounts].sort((a, b) => b[1] - a[1]).slice(0, 10))
    console.log(`  ${format(amount)}  ${key}`);
}

/** Operations of `kind` at `rate` a second: `run(seconds)` resolves once their effects are applied. */
async function atRate(stack) {
  const fixture = await prepareOperations(stack);
  return async (runSeconds) => {
    const result = await runOperations(stack, fixture, { kind, rate, seconds: runSeconds });
    while (!(await effectsApplied(stack, result.expected)).applied) await sleep(20);
    return result;
  };
}

/**
 * Placed orders under the placement benchmark's load (its connections, each sending the next order
 * as soon as the last is answered): where placements share statements, commits and socket writes.
 */
async function underLoad(stack) {
  const placement = await placementLoad({ url: stack.url, pool: stack.probe });
  return (runSeconds) => loadAnswered({ ...placement.ours, durationSeconds: runSeconds });
}

/**
 * Read and write system calls so far of each group's processes (/proc/<pid>/io). PostgreSQL's
 * backends answer with send() and read with recv(), which these counters leave out.
 */
function syscallsOf(groups) {
  const counts = {};
  for (const [group, list] of Object.entries(groups)) {
    counts[group] = { reads: 0, writes: 0, bytesRead: 0, bytesWritten: 0 };
    for (const pid of list) {
      try {
        const io = readFileSync(`/proc/${pid}/io`, 'utf8');
        const field = (name) => Number(new RegExp(`${name}: (\\d+)`).exec(io)?.[1] ?? 0);
        counts[group].reads += field('syscr');
        counts[group].writes += field('syscw');
        counts[group].bytesRead += field('rchar');
        counts[group].bytesWritten += field('wchar');
      } catch {
        // gone, or not ours to read
      }
    }
  }
  return counts;
}

function syscallsPerOp(before, after, count) {
  return Object.keys(after)
    .filter((group) => !group.startsWith('postgres'))
    .map((group) => {
      const perOp = (key) => (after[group][key] - (before[group]?.[key] ?? 0)) / count;
      const kib = (key) => (perOp(key) / 1024).toFixed(1);
      return (
        `${group.padEnd(10)} ${perOp('reads').toFixed(1)} reads (${kib('bytesRead')} KiB), ` +
        `${perOp('writes').toFixed(1)} writes (${kib('bytesWritten')} KiB)`
      );
    });
}
