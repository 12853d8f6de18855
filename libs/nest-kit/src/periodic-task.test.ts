import { jest } from '@jest/globals';
import { PeriodicTask } from './periodic-task.js';

describe('PeriodicTask', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs after the first delay, then the interval after each run ends, one at a time', async () => {
    let finish: () => void = () => undefined;
    const started: number[] = [];
    const task = new PeriodicTask({
      firstRunAfterMs: 100,
      intervalMs: 1000,
      run: () => {
        started.push(Date.now());
        return new Promise<void>((resolve) => (finish = resolve));
      },
      onError: () => undefined,
    });
    const t0 = Date.now();
    task.start();
    await jest.advanceTimersByTimeAsync(99);
    expect(started).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(started).toEqual([t0 + 100]);
    // Still running: no second run however long it takes.
    await jest.advanceTimersByTimeAsync(5000);
    expect(started).toHaveLength(1);
    finish();
    await jest.advanceTimersByTimeAsync(999);
    expect(started).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(started).toEqual([t0 + 100, t0 + 6100]);
    finish();
    await task.stop();
  });

  it('reports a failed run and keeps its schedule', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const task = new PeriodicTask({
      firstRunAfterMs: 10,
      intervalMs: 10,
      run: () => {
        runs += 1;
        return Promise.reject(new Error(`run ${runs}`));
      },
      onError: (error) => errors.push((error as Error).message),
    });
    task.start();
    await jest.advanceTimersByTimeAsync(30);
    expect(errors).toEqual(['run 1', 'run 2', 'run 3']);
    await task.stop();
  });

  it('stop() waits for the run in progress and schedules no other', async () => {
    let finish: () => void = () => undefined;
    let runs = 0;
    const task = new PeriodicTask({
      firstRunAfterMs: 10,
      intervalMs: 10,
      run: () => {
        runs += 1;
        return new Promise<void>((resolve) => (finish = resolve));
      },
      onError: () => undefined,
    });
    task.start();
    await jest.advanceTimersByTimeAsync(10);
    let stopped = false;
    const stopping = task.stop().then(() => (stopped = true));
    await jest.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
    await jest.advanceTimersByTimeAsync(100);
    expect(runs).toBe(1);
  });
});
