/** The in-process cache behind the gateway's product reads and orders' copy of products. */
import { ExpiringCache } from '../src/expiring-cache.js';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ExpiringCache', () => {
  it('loads only the missing keys, in one call, and keeps what it loaded', async () => {
    const cache = new ExpiringCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    const calls: string[][] = [];
    const load = async (missing: string[]) => {
      calls.push(missing);
      return new Map(missing.filter((k) => k !== 'gone').map((k) => [k, `v-${k}`]));
    };
    expect([...(await cache.getMany(['a', 'b'], load))]).toEqual([
      ['a', 'v-a'],
      ['b', 'v-b'],
    ]);
    const second = await cache.getMany(['b', 'c', 'gone'], load);
    expect(calls).toEqual([
      ['a', 'b'],
      ['c', 'gone'],
    ]);
    // A key the loader does not answer is left out and asked again next time.
    expect([...second.keys()].sort()).toEqual(['b', 'c']);
    await cache.getMany(['gone'], load);
    expect(calls.at(-1)).toEqual(['gone']);
  });

  it('answers a fresh key without its loader, and a loader that throws as a rejection', async () => {
    const cache = new ExpiringCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return `v${loads}`;
    };
    await expect(cache.get('a', load)).resolves.toBe('v1');
    await expect(cache.get('a', load)).resolves.toBe('v1');
    expect([...(await cache.getMany(['a'], () => Promise.reject(new Error('not asked'))))]).toEqual(
      [['a', 'v1']],
    );
    expect(loads).toBe(1);
    const throwing = (): Promise<Map<string, string>> => {
      throw new Error('no connection');
    };
    await expect(cache.getMany(['b'], throwing)).rejects.toThrow('no connection');
    const disabled = new ExpiringCache<string>({ ttlMs: 0, maxEntries: 10 });
    await expect(disabled.getMany(['a'], throwing)).rejects.toThrow('no connection');
    // Nothing was kept of the failure: the next caller loads again.
    await expect(cache.get('b', load)).resolves.toBe('v2');
  });

  it('shares one load between concurrent misses of a key', async () => {
    const cache = new ExpiringCache<number>({ ttlMs: 60_000, maxEntries: 10 });
    const pending = deferred<Map<string, number>>();
    let loads = 0;
    const load = () => {
      loads += 1;
      return pending.promise;
    };
    const first = cache.getMany(['a'], load);
    const second = cache.getMany(['a'], load);
    pending.resolve(new Map([['a', 1]]));
    expect((await first).get('a')).toBe(1);
    expect((await second).get('a')).toBe(1);
    expect(loads).toBe(1);
  });

  it('does not keep a value whose load started before an invalidation', async () => {
    const cache = new ExpiringCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    const pending = deferred<Map<string, string>>();
    const stale = cache.getMany(['a'], () => pending.promise);
    cache.invalidate();
    pending.resolve(new Map([['a', 'old']]));
    expect((await stale).get('a')).toBe('old');
    const fresh = await cache.getMany(['a'], async () => new Map([['a', 'new']]));
    expect(fresh.get('a')).toBe('new');
  });

  it('forgets entries after the TTL, on invalidation, and the oldest when full', async () => {
    // Long enough that a busy machine's pause between two steps does not expire an entry; the
    // expiry itself is checked at the end, on a cache of its own.
    const cache = new ExpiringCache<string>({ ttlMs: 60_000, maxEntries: 2 });
    let loads = 0;
    const load = async (missing: string[]) => {
      loads += missing.length;
      return new Map(missing.map((k) => [k, k]));
    };
    await cache.getMany(['a', 'b'], load);
    await cache.getMany(['a', 'b'], load);
    expect(loads).toBe(2);
    await cache.getMany(['c'], load); // full: 'a' goes
    await cache.getMany(['b', 'c'], load);
    expect(loads).toBe(3);
    await cache.getMany(['a'], load);
    expect(loads).toBe(4);
    cache.invalidate();
    await cache.getMany(['a'], load);
    expect(loads).toBe(5);
    const shortLived = new ExpiringCache<string>({ ttlMs: 30, maxEntries: 2 });
    await shortLived.getMany(['a'], load);
    await new Promise((resolve) => setTimeout(resolve, 40));
    await shortLived.getMany(['a'], load);
    expect(loads).toBe(7);
  });

  it('forgets one key at once, and keeps no load that was under way then', async () => {
    const cache = new ExpiringCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    await cache.getMany(['a', 'b'], async (keys) => new Map(keys.map((k) => [k, `old-${k}`])));
    const pending = deferred<Map<string, string>>();
    const racing = cache.getMany(['c'], () => pending.promise);
    cache.forget('a');
    pending.resolve(new Map([['c', 'read-before']]));
    expect((await racing).get('c')).toBe('read-before');
    const after = await cache.getMany(
      ['a', 'b', 'c'],
      async (keys) => new Map(keys.map((k) => [k, `new-${k}`])),
    );
    // 'b' is still kept; 'a' was forgotten; 'c' was loaded before the change and not kept.
    expect([...after]).toEqual([
      ['b', 'old-b'],
      ['a', 'new-a'],
      ['c', 'new-c'],
    ]);
  });

  it('passes a failed load to its callers and tries again on the next call', async () => {
    const cache = new ExpiringCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    const pending = deferred<Map<string, string>>();
    const first = cache.getMany(['a'], () => pending.promise);
    const second = cache.get('a', async () => 'unused');
    pending.reject(new Error('catalog down'));
    await expect(first).rejects.toThrow('catalog down');
    await expect(second).rejects.toThrow('catalog down');
    expect(await cache.get('a', async () => 'back')).toBe('back');
  });

  it('with a TTL of 0 always loads', async () => {
    const cache = new ExpiringCache<string>({ ttlMs: 0, maxEntries: 10 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return 'v';
    };
    await cache.get('a', load);
    await cache.get('a', load);
    expect(loads).toBe(2);
  });
});
