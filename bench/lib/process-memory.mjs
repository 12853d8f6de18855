/** Resident memory of processes, read from /proc (Linux), and its peak while something runs. */
import { readFileSync } from 'node:fs';

/** `{ rssMiB, peakMiB }` (VmRSS and VmHWM, the peak since the process started), or null. */
export function memoryOf(pid) {
  if (!pid) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/**
 * Runs `work` while reading the RSS of each process every `everyMs`; resolves with the work's value
 * and, per process name, the RSS before and the highest RSS seen (MiB). A peak shorter than the
 * interval still counts: when a process's own high-water mark (VmHWM) rose during the work, that
 * mark is the peak.
 */
export async function watchMemory(pids, work, everyMs = 20) {
  const before = {};
  const peak = {};
  const markBefore = {};
  const sample = () => {
    for (const [name, pid] of Object.entries(pids)) {
      const rss = memoryOf(pid)?.rssMiB ?? 0;
      before[name] ??= rss;
      peak[name] = Math.max(peak[name] ?? 0, rss);
    }
  };
  for (const [name, pid] of Object.entries(pids)) markBefore[name] = memoryOf(pid)?.peakMiB ?? 0;
  sample();
  const timer = setInterval(sample, everyMs);
  try {
    const value = await work();
    sample();
    for (const [name, pid] of Object.entries(pids)) {
      const mark = memoryOf(pid)?.peakMiB ?? 0;
      if (mark > markBefore[name]) peak[name] = Math.max(peak[name], mark);
    }
    return { value, before, peak };
  } finally {
    clearInterval(timer);
  }
}
