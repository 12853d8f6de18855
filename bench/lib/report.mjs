/** Result table printing and the results file with the machine, versions and settings. */
import { execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

function version(command) {
  try {
    return execSync(command, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .trim()
      .split('\n')[0];
  } catch {
    return 'unknown';
  }
}

export function machineInfo() {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
    platform: `${os.type()} ${os.release()}`,
    node: process.version,
    postgres: version('psql --version'),
    natsServer: version('nats-server --version'),
  };
}

export function printTable(rows) {
  const headers = ['benchmark', 'metric', 'ours', 'baseline', 'ratio', 'target', 'met'];
  const lines = rows.map((r) => [
    r.benchmark,
    r.metric,
    fmt(r.ours),
    fmt(r.baseline),
    r.ratio === undefined ? '' : r.ratio.toFixed(2),
    r.target ?? '',
    r.met === undefined ? '' : r.met ? 'yes' : 'NO',
  ]);
  const widths = headers.map((h, i) =>
    Math.max(h.length, ...lines.map((l) => String(l[i]).length)),
  );
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ');
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) console.log(line(l));
}

function fmt(value) {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(2);
  return String(value);
}

export function writeResults(rows, settings) {
  // BENCH_RESULTS_DIR: elsewhere than bench/results (the test run's short bench writes to a temp dir).
  const dir = process.env.BENCH_RESULTS_DIR ?? path.join(here, '..', 'results');
  mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(dir, `${stamp}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      { date: new Date().toISOString(), machine: machineInfo(), settings, results: rows },
      null,
      2,
    ),
  );
  return file;
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}
