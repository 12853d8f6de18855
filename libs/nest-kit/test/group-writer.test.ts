/** GroupWriter: items written alone when alone, together when they arrive while writes are in flight. */
import { GroupWriter } from '../src/group-writer.js';

/** A write that records its groups and finishes when the test says so. */
function controlledWrite() {
  const groups: number[][] = [];
  const finishers: (() => void)[] = [];
  const write = (items: readonly number[]) => {
    groups.push([...items]);
    return new Promise<number[]>((resolve, reject) => {
      finishers.push(() => {
        if (items.includes(13) && items.length > 1) reject(new Error('unlucky group'));
        else if (items.includes(13)) reject(new Error('13 is refused'));
        else resolve(items.map((i) => i * 10));
      });
    });
  };
  /** Finishes every write started so far, and waits for the callbacks. */
  const finishAll = async () => {
    while (finishers.length > 0) finishers.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { groups, write, finishAll };
}

describe('GroupWriter', () => {
  it('writes an item alone at once, and items that arrive meanwhile together, in order', async () => {
    const { groups, write, finishAll } = controlledWrite();
    const writer = new GroupWriter(write, { concurrency: 1 });
    const first = writer.submit(1);
    expect(groups).toEqual([[1]]);
    const rest = [2, 3, 4].map((i) => writer.submit(i));
    // Nothing more starts while the only slot is busy.
    expect(groups).toEqual([[1]]);
    await finishAll();
    expect(groups).toEqual([[1], [2, 3, 4]]);
    await finishAll();
    await expect(first).resolves.toBe(10);
    await expect(Promise.all(rest)).resolves.toEqual([20, 30, 40]);
    expect(writer.stats).toEqual({ groups: 2, items: 4, retriedAlone: 0 });
  });

  it('keeps up to `concurrency` writes in flight and at most `maxGroup` items in one', async () => {
    const { groups, write, finishAll } = controlledWrite();
    const writer = new GroupWriter(write, { concurrency: 2, maxGroup: 3 });
    const all = [1, 2, 3, 4, 5, 6, 7, 8].map((i) => writer.submit(i));
    expect(groups).toEqual([[1], [2]]);
    await finishAll();
    expect(groups).toEqual([[1], [2], [3, 4, 5], [6, 7, 8]]);
    await finishAll();
    await expect(Promise.all(all)).resolves.toEqual([10, 20, 30, 40, 50, 60, 70, 80]);
  });

  it('writes each item of a failed group alone, so only the bad one fails', async () => {
    const { groups, write, finishAll } = controlledWrite();
    const writer = new GroupWriter(write, { concurrency: 1 });
    const first = writer.submit(1);
    const group = [12, 13, 14].map((i) => writer.submit(i));
    const settled = Promise.allSettled(group);
    await finishAll(); // 1 done; 12-14 start together
    await finishAll(); // the group fails; each goes alone
    await finishAll(); // the lone writes finish
    expect(groups).toEqual([[1], [12, 13, 14], [12], [13], [14]]);
    await expect(first).resolves.toBe(10);
    const results = await settled;
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : r.reason.message))).toEqual([
      120,
      '13 is refused',
      140,
    ]);
    expect(writer.stats.retriedAlone).toBe(3);
  });

  it('fails the items when a write returns the wrong number of results', async () => {
    const writer = new GroupWriter<number, number>(async () => []);
    await expect(writer.submit(1)).rejects.toThrow('0 results for 1 items');
  });
});
