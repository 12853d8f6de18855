/**
 * How long a code check waits, from the failures counted before it: nothing up to `freeFailures`,
 * then `stepMs` more per failure, never more than MAX_SLOW_DOWN_MS. Used per account (failed
 * answers only) and per address (every attempt from it), so guessing gets slower the more it
 * fails while a typo or two costs nothing.
 */
export const MAX_SLOW_DOWN_MS = 3000;

export function slowDownMs(failures: number, freeFailures: number, stepMs: number): number {
  const extra = failures - freeFailures;
  if (extra <= 0 || stepMs <= 0) return 0;
  return Math.min(extra * stepMs, MAX_SLOW_DOWN_MS);
}
