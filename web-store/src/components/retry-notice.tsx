/**
 * What a page shows while the server refuses code checks from here (429: the login pages, a login
 * id change): a message that stays on the page with the time left, counting down, until the wait
 * is over. The text changes once a
 * minute (every second in the last one), so a screen reader is not flooded.
 */
import { useEffect, useState } from 'react';
import { ApiError } from '../lib/api';
import './retry-notice.css';

/** The moment (epoch ms) logins are taken again, when `error` is a 429 that says so. */
export function retryAtOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429 || !error.retryAfterSeconds) return null;
  return Date.now() + error.retryAfterSeconds * 1000;
}

function secondsUntil(at: number): number {
  return Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function useSecondsUntil(at: number): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(at));
  useEffect(() => {
    setSeconds(secondsUntil(at));
    const timer = window.setInterval(() => {
      const left = secondsUntil(at);
      setSeconds(left);
      if (left === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [at]);
  return seconds;
}

export function describeWait(seconds: number): string {
  if (seconds >= 60) {
    const minutes = Math.ceil(seconds / 60);
    return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  }
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

export function RetryNotice({
  retryAt,
  paused = 'Logins from here are paused.',
}: {
  retryAt: number;
  /** What is paused, in one sentence. */
  paused?: string;
}) {
  const seconds = useSecondsUntil(retryAt);
  const clock = new Date(retryAt).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
  return (
    <div className="retry-notice" role="alert" data-testid="retry-notice">
      {seconds > 0 ? (
        <>
          <p>
            <strong>{paused}</strong> Too many wrong codes were typed here.
          </p>
          <p>
            Please try again in <strong>{describeWait(seconds)}</strong> (at {clock}).
          </p>
        </>
      ) : (
        <p>
          <strong>You can try again now.</strong>
        </p>
      )}
    </div>
  );
}
