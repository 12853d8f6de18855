/**
 * CPU time of processes, read from /proc/<pid>/stat (Linux): user + system time of all of a
 * process's threads, in clock ticks, converted to milliseconds. A process that exits keeps the last
 * reading taken of it, so a short-lived PostgreSQL backend still counts what it used until then.
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Clock ticks per second of utime/stime (CLK_TCK, 100 on Linux almost everywhere). */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execSync('getconf CLK_TCK', { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU milliseconds a process has used so far, or null when it is gone. */
export function cpuMsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
    return (ticks * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * Follows the CPU of named groups of processes over a window. `groups()` answers the pids of each
 * group now (it may find new ones, e.g. a backend opened mid-window); `sample()` re-reads them.
 * A pid first seen after `start()` counts from zero: it started inside the window.
 */
export function cpuWindow(groups) {
  const first = new Map();
  const last = new Map();
  const groupOf = new Map();
  const read = async (isStart) => {
    // A process in two groups (a backend is in PostgreSQL's and in its service's) is read once per
    // sample: two reads a moment apart could differ by a tick and make a part exceed its whole.
    const readingOf = new Map();
    const readOnce = (pid) => {
      if (!readingOf.has(pid)) readingOf.set(pid, cpuMsOf(pid));
      return readingOf.get(pid);
    };
    for (const [group, pids] of Object.entries(await groups())) {
      for (const pid of pids) {
        const key = `${group}:${pid}`;
        groupOf.set(key, group);
        const ms = readOnce(pid);
        if (ms === null) continue;
        if (!first.has(key)) first.set(key, isStart ? ms : 0);
        last.set(key, ms);
      }
    }
  };
  return {
    start: () => read(true),
    sample: () => read(false),
    /** Milliseconds of CPU used per group since start(), after a last sample. */
    async stop() {
      await read(false);
      const used = {};
      for (const [key, ms] of last) {
        const group = groupOf.get(key);
        used[group] = (used[group] ?? 0) + Math.max(0, ms - first.get(key));
      }
      return used;
    },
  };
}

/**
 * The whole machine's CPU time so far, from /proc/stat's first line, in clock ticks: `busy` (every
 * state but idle and iowait) and `total`. The share busy between two readings says whether a load
 * used every core or left some idle while its requests waited on one another.
 */
export function machineCpuTicks() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/);
    // user nice system idle iowait irq softirq steal (guest time is already in user and nice).
    const ticks = fields.slice(0, 8).map(Number);
    const total = ticks.reduce((sum, t) => sum + t, 0);
    return { busy: total - ticks[3] - ticks[4], total };
  } catch {
    return null;
  }
}
