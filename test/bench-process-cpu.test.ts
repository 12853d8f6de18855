/**
 * The benchmarks' CPU window over real processes: a process that belongs to two groups (a
 * PostgreSQL backend is in PostgreSQL's group and in its service's) counts the same in both, so a
 * group that is part of another never exceeds it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
// @ts-expect-error plain ES module without types
import { cpuWindow as untypedCpuWindow } from '../bench/lib/process-cpu.mjs';

type Groups = () => Promise<Record<string, number[]>>;
const cpuWindow = untypedCpuWindow as (groups: Groups) => {
  start(): Promise<void>;
  sample(): Promise<void>;
  stop(): Promise<Record<string, number>>;
};

describe('cpuWindow', () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
  });

  it('counts a process in two groups the same in both', async () => {
    // One process that keeps a core busy, and one that sleeps: the whole is the busy one plus
    // many reads of the sleeping one, so the part's reading comes some milliseconds after the
    // whole's, long enough for the busy process to use more ticks in between.
    const busy = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
    const sleeper = spawn('sleep', ['120'], { stdio: 'ignore' });
    children.push(busy, sleeper);
    const groups: Groups = async () => ({
      whole: [busy.pid!, ...Array<number>(3000).fill(sleeper.pid!)],
      part: [busy.pid!],
    });
    for (let round = 0; round < 5; round++) {
      const window = cpuWindow(groups);
      await window.start();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await window.sample();
      const used = await window.stop();
      expect(used.part).toBeGreaterThan(0);
      expect(used.part).toBe(used.whole);
    }
  });
});
