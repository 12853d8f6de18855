/**
 * Small typed wrapper over localStorage/sessionStorage with change notification, so React can
 * subscribe (useSyncExternalStore) and other tabs stay in sync through the `storage` event.
 */
import type { ZodType } from 'zod';

type Area = 'local' | 'session';
type Listener = () => void;

const listeners = new Map<string, Set<Listener>>();

function areaOf(area: Area): Storage | null {
  try {
    return area === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null; // storage disabled (private mode, sandbox)
  }
}

export function readStored<T>(
  key: string,
  schema: ZodType<T>,
  fallback: T,
  area: Area = 'local',
): T {
  const raw = areaOf(area)?.getItem(key);
  if (raw === null || raw === undefined) return fallback;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

export function writeStored(key: string, value: unknown, area: Area = 'local'): void {
  areaOf(area)?.setItem(key, JSON.stringify(value));
  notify(key);
}

export function removeStored(key: string, area: Area = 'local'): void {
  areaOf(area)?.removeItem(key);
  notify(key);
}

export function subscribeStored(key: string, listener: Listener): () => void {
  let set = listeners.get(key);
  if (!set) {
    set = new Set();
    listeners.set(key, set);
  }
  set.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    set.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function notify(key: string): void {
  listeners.get(key)?.forEach((listener) => listener());
}

/**
 * One stored value with a stable snapshot (same object until the stored text changes), as
 * useSyncExternalStore requires.
 */
export interface StoredValue<T> {
  get(): T;
  set(value: T): void;
  clear(): void;
  subscribe(listener: Listener): () => void;
}

export function storedValue<T>(
  key: string,
  schema: ZodType<T>,
  fallback: T,
  area: Area = 'local',
): StoredValue<T> {
  let lastRaw: string | null | undefined;
  let lastValue: T = fallback;
  return {
    get() {
      const raw = areaOf(area)?.getItem(key) ?? null;
      if (raw !== lastRaw) {
        lastRaw = raw;
        lastValue = raw === null ? fallback : readStored(key, schema, fallback, area);
      }
      return lastValue;
    },
    set(value) {
      writeStored(key, value, area);
    },
    clear() {
      removeStored(key, area);
    },
    subscribe(listener) {
      return subscribeStored(key, listener);
    },
  };
}
