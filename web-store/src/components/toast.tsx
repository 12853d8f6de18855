/**
 * The store's own toast: bottom-centre, scale transition, 1000 ms by default.
 * The same message shown again restarts its time instead of stacking a copy, and error toasts
 * belong to the page that raised them (the layout dismisses them when the route changes).
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ReactNode } from 'react';
import './toast.css';

export const TOAST_DURATION_MS = 1000;

type ToastKind = 'success' | 'error' | 'info';
interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

interface ToastApi {
  success(message: string, durationMs?: number): void;
  error(message: string, durationMs?: number): void;
  info(message: string, durationMs?: number): void;
  /** Removes every error toast now. */
  dismissErrors(): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const shown = useRef<Toast[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const update = useCallback((next: Toast[]) => {
    shown.current = next;
    setToasts(next);
  }, []);

  const remove = useCallback(
    (id: number) => {
      clearTimeout(timers.current.get(id));
      timers.current.delete(id);
      update(shown.current.filter((toast) => toast.id !== id));
    },
    [update],
  );

  const show = useCallback(
    (kind: ToastKind, message: string, durationMs = TOAST_DURATION_MS) => {
      const same = shown.current.find((t) => t.kind === kind && t.message === message);
      const id = same?.id ?? nextId.current++;
      if (!same) update([...shown.current, { id, kind, message }]);
      clearTimeout(timers.current.get(id));
      timers.current.set(
        id,
        setTimeout(() => remove(id), durationMs),
      );
    },
    [remove, update],
  );

  const dismissErrors = useCallback(() => {
    for (const toast of shown.current) if (toast.kind === 'error') remove(toast.id);
  }, [remove]);

  const api = useMemo<ToastApi>(
    () => ({
      success: (message, ms) => show('success', message, ms),
      error: (message, ms) => show('error', message, ms),
      info: (message, ms) => show('info', message, ms),
      dismissErrors,
    }),
    [show, dismissErrors],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-region" aria-live="polite">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            role={toast.kind === 'error' ? 'alert' : 'status'}
            className={`toast toast--${toast.kind}`}
          >
            {toast.message}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
