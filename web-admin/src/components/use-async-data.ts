import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../http';

export interface AsyncData<T> {
  data: T | undefined;
  error: string | null;
  loading: boolean;
  reload: () => void;
}

/** Loads data from one of the console's extra calls (dashboard, report, history) with loading/error states. */
export function useAsyncData<T>(load: () => Promise<T>, deps: readonly unknown[]): AsyncData<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [generation, setGeneration] = useState(0);
  // The caller names what the loader depends on, like a hook's dependency list.
  const stableLoad = useCallback(load, deps);

  useEffect(() => {
    let alive = true;
    setLoading(true);
    stableLoad().then(
      (value) => {
        if (!alive) return;
        setData(value);
        setError(null);
        setLoading(false);
      },
      (failure: unknown) => {
        if (!alive) return;
        setError(errorMessage(failure));
        setLoading(false);
      },
    );
    return () => {
      alive = false;
    };
  }, [stableLoad, generation]);

  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  return { data, error, loading, reload };
}
