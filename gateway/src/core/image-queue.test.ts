/** ImageQueue on its own: the concurrency bound, the bounded waiting list, first come first served. */
import { AppError } from '@lr/contracts';
import { metricsRegistry } from '@lr/nest-kit';
import { ImageQueue } from './image-queue.js';

async function refusedSoFar(): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric('lr_image_queue_refused_total')?.get();
  return metric?.values[0]?.value ?? 0;
}

/** A task the test finishes when it wants, and a flag telling whether it started. */
function gatedTask(order?: string[], name?: string) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const task = {
    started: false,
    finish: () => open(),
    run: async () => {
      task.started = true;
      if (order && name) order.push(name);
      await gate;
    },
  };
  return task;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('ImageQueue', () => {
  it('runs at most `concurrency` tasks at once and starts waiters in arrival order', async () => {
    const queue = new ImageQueue(2, 5);
    const order: string[] = [];
    const tasks = ['a', 'b', 'c', 'd'].map((name) => gatedTask(order, name));
    const runs = tasks.map((t) => queue.run(t.run));
    await settle();
    expect(order).toEqual(['a', 'b']);
    expect(queue.stats()).toMatchObject({ active: 2, waiting: 2 });
    tasks[1]!.finish();
    await settle();
    expect(order).toEqual(['a', 'b', 'c']);
    for (const t of tasks) t.finish();
    await Promise.all(runs);
    expect(order).toEqual(['a', 'b', 'c', 'd']);
    expect(queue.stats()).toMatchObject({
      active: 0,
      waiting: 0,
      peakActive: 2,
      peakWaiting: 2,
      started: 4,
      refused: 0,
    });
  });

  it('refuses with 503 and a retry delay when the waiting list is full, running nothing', async () => {
    const queue = new ImageQueue(1, 1);
    const first = gatedTask();
    const second = gatedTask();
    const third = gatedTask();
    const runs = [queue.run(first.run), queue.run(second.run)];
    const refused = await queue.run(third.run).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      details: { retryAfterSeconds: expect.any(Number) },
    });
    expect((refused as AppError).message).toMatch(/try again in \d+ seconds/);
    expect(third.started).toBe(false);
    first.finish();
    second.finish();
    await Promise.all(runs);
    expect(queue.stats()).toMatchObject({ started: 2, refused: 1 });
  });

  it('counts each refusal in the refused-images metric', async () => {
    const before = await refusedSoFar();
    const queue = new ImageQueue(1, 0);
    const held = gatedTask();
    const running = queue.run(held.run);
    await expect(queue.run(() => Promise.resolve('late'))).rejects.toBeInstanceOf(AppError);
    held.finish();
    await running;
    expect((await refusedSoFar()) - before).toBe(1);
  });

  it('frees the slot of a task that failed', async () => {
    const queue = new ImageQueue(1, 0);
    await expect(queue.run(() => Promise.reject(new Error('bad image')))).rejects.toThrow(
      'bad image',
    );
    await expect(queue.run(() => Promise.resolve('next'))).resolves.toBe('next');
    expect(queue.stats().active).toBe(0);
  });
});
