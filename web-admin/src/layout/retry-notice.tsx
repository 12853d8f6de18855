/**
 * The console login's message while logins from here are paused (429): it stays on the page with
 * the time left, counting down, until the wait is over. The text changes once a minute (every
 * second in the last one), so a screen reader is not flooded.
 */
import { useEffect, useState } from 'react';
import { Alert, AlertTitle } from '@mui/material';

function secondsUntil(at: number): number {
  return Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

export function describeWait(seconds: number): string {
  if (seconds >= 60) {
    const minutes = Math.ceil(seconds / 60);
    return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  }
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

export function RetryNotice({ retryAt }: { retryAt: number }) {
  const [seconds, setSeconds] = useState(() => secondsUntil(retryAt));
  useEffect(() => {
    setSeconds(secondsUntil(retryAt));
    const timer = window.setInterval(() => {
      const left = secondsUntil(retryAt);
      setSeconds(left);
      if (left === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [retryAt]);
  const clock = new Date(retryAt).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
  if (seconds === 0) {
    return (
      <Alert severity="info" role="alert" data-testid="retry-notice" sx={{ mt: 2 }}>
        You can try again now.
      </Alert>
    );
  }
  return (
    <Alert severity="warning" role="alert" data-testid="retry-notice" sx={{ mt: 2 }}>
      <AlertTitle>Logins from here are paused</AlertTitle>
      Too many wrong codes were typed here. Please try again in{' '}
      <strong>{describeWait(seconds)}</strong> (at {clock}).
    </Alert>
  );
}
