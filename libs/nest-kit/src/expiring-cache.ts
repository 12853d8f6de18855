/**
 * A small in-process cache for answers another service owns (the gateway's public product reads,
 * orders' copy of the products an order names). Entries expire after `ttlMs`; `invalidate()` empties
 * it and `forget(key)` drops one entry when the owner says something changed (an event or a hint).
 * Concurrent misses of one key share one load, and a load that started before an invalidation is
 * returned to its caller but not kept, so an answer read before a change never outlives the change.
 */
export interface ExpiringCacheOptions {
  ttlMs: number;
  /** The oldest entry goes first when full. */
  maxEntries: number;
}

interface Entry<V> {
  value: V;
  expiresAt: number;
}

export class ExpiringCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly inFlight = new Map<string, Promise<V | undefined>>();
  /** Bumped on every invalidation. */
  private generation = 0;

  constructor(private readonly options: ExpiringCacheOptions) {}

  get enabled(): boolean {
    return this.options.ttlMs > 0;
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.inFlight.clear();
  }

  /** Forgets one key (its owner says it changed); a load of it already under way is not kept. */
  forget(key: string): void {
    this.generation += 1;
    this.entries.delete(key);
    this.inFlight.delete(key);
  }

  /** The cached value of `key`, or `load()`'s. */
  get(key: string, load: () => Promise<V>): Promise<V> {
    // A hit answers without the batch path's promises: this sits on every placed order's path.
    const hit = this.fresh(key, Date.now());
    if (hit) return Promise.resolve(hit.value);
    return this.getMany([key], async () => new Map([[key, await load()]])).then(
      (found) => found.get(key) as V,
    );
  }

  /**
   * The values of `keys`: the cached ones, and the rest from one `loadMissing(missing)` call. A key
   * that `loadMissing` does not answer is left out of the result and not remembered.
   */
  getMany(
    keys: readonly string[],
    loadMissing: (missing: string[]) => Promise<Map<string, V>>,
  ): Promise<Map<string, V>> {
    if (!this.enabled) return rejectingThrows(loadMissing, [...keys]);
    const now = Date.now();
    const found = new Map<string, V>();
    const pending: [string, Promise<V | undefined>][] = [];
    const missing: string[] = [];
    for (const key of keys) {
      const hit = this.fresh(key, now);
      if (hit) found.set(key, hit.value);
      else if (this.inFlight.has(key)) pending.push([key, this.inFlight.get(key)!]);
      else missing.push(key);
    }
    if (pending.length === 0 && missing.length === 0) return Promise.resolve(found);
    if (missing.length > 0) {
      const loaded = this.load(missing, loadMissing);
      for (const key of missing) pending.push([key, loaded.then((values) => values.get(key))]);
    }
    return Promise.all(pending.map(([, promise]) => promise)).then((values) => {
      pending.forEach(([key], i) => {
        if (values[i] !== undefined) found.set(key, values[i]);
      });
      return found;
    });
  }

  /** The entry of `key` while it has not expired. */
  private fresh(key: string, now: number): Entry<V> | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(key);
    return entry && entry.expiresAt > now ? entry : undefined;
  }

  private load(
    keys: string[],
    loadMissing: (missing: string[]) => Promise<Map<string, V>>,
  ): Promise<Map<string, V>> {
    const generation = this.generation;
    const loaded = rejectingThrows(loadMissing, keys).then((values) => {
      if (generation === this.generation) {
        for (const [key, value] of values) this.remember(key, value);
      }
      return values;
    });
    for (const key of keys) {
      const settled = loaded.then((values) => values.get(key));
      this.inFlight.set(key, settled);
      // Failed loads are not kept either: the next caller tries again.
      void settled
        .catch(() => undefined)
        .finally(() => {
          if (this.inFlight.get(key) === settled) this.inFlight.delete(key);
        });
    }
    return loaded;
  }

  private remember(key: string, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expiresAt: Date.now() + this.options.ttlMs });
  }
}

/** `load(keys)`, with a loader that throws before it returns a promise answered as a rejection. */
function rejectingThrows<T>(load: (keys: string[]) => Promise<T>, keys: string[]): Promise<T> {
  try {
    return load(keys);
  } catch (error) {
    return Promise.reject(error);
  }
}
