/**
 * When a request-reply call is sent again. A request that reached a replica which then died, or that
 * (or whose reply) was in a NATS node that died, never gets a reply; the other replica can answer
 * the same request. So a call that may be repeated (its operation's `resend` rule, contracts `operation.ts`) is sent again:
 *
 * - when an attempt got no reply within its wait (`attemptTimeoutMs`, doubling with each attempt),
 *   a new attempt goes out beside it; the earlier ones keep waiting, and the first reply from any of
 *   them is the answer (a slow replica's reply is not thrown away);
 * - when an attempt failed at once (nobody listening, e.g. both replicas restarting), the next one
 *   follows after a short pause that doubles, with jitter, up to `maxBackoffMs`;
 * - all of it within the call's one deadline: every attempt stops waiting at that deadline, and no
 *   attempt starts with less than MIN_ATTEMPT_MS of it left; at most `maxAttempts` wait at once.
 *
 * A call that may not be repeated makes one attempt that waits for the whole deadline, as before.
 */

export interface ResendPolicy {
  /** How long the first attempt waits before a second goes out beside it (later ones: doubled). */
  attemptTimeoutMs: number;
  /** First pause after an attempt failed at once; doubles per such failure. */
  backoffMs: number;
  maxBackoffMs: number;
  /**
   * Most attempts of one call waiting for a reply at once (bounds the extra load on a service
   * that is slow rather than gone); attempts that failed at once do not count.
   */
  maxAttempts: number;
}

export const DEFAULT_RESEND_POLICY: ResendPolicy = {
  attemptTimeoutMs: 1_000,
  backoffMs: 50,
  maxBackoffMs: 1_000,
  maxAttempts: 4,
};

/** An attempt needs some time to be worth sending: the reply must cross two hops and the work. */
export const MIN_ATTEMPT_MS = 100;

/** How long attempt `attempt` (1 for the first) waits before the next one is sent beside it. */
export function attemptWaitMs(policy: ResendPolicy, attempt: number): number {
  return policy.attemptTimeoutMs * 2 ** Math.max(0, attempt - 1);
}

/**
 * The pause before the next attempt after `failures` (1 or more) attempts failed at once: half of
 * the doubled pause plus a random part of the other half, so callers that failed together do not
 * all come back in the same millisecond.
 */
export function backoffDelayMs(
  policy: ResendPolicy,
  failures: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxBackoffMs, policy.backoffMs * 2 ** Math.max(0, failures - 1));
  return ceiling / 2 + random() * (ceiling / 2);
}

export interface ResendOptions<T> {
  /** The whole call's budget, from now. */
  deadlineMs: number;
  /** False: one attempt, waiting the whole budget. */
  resend: boolean;
  policy: ResendPolicy;
  /** Sends attempt `attempt` (1 for the first); it waits at most `waitMs` for its reply. */
  send: (waitMs: number, attempt: number) => Promise<T>;
  /**
   * Why an attempt's failure leaves room for another: `'timeout'` (its wait ran out), another word
   * for a failure that came at once (e.g. `'no-responders'`), null for a failure no attempt would
   * escape (the message was refused, the connection is closed for good): the call fails with it.
   */
  failureReason: (error: unknown) => string | null;
  /**
   * Asked before each attempt after the first: false withholds it (a resend budget is spent), and
   * the attempts already sent keep waiting until the deadline.
   */
  mayResend?: () => boolean;
  /** Told each time an attempt after the first goes out, with why. */
  onResend?: (reason: string) => void;
  now?: () => number;
  random?: () => number;
}

/**
 * Sends attempts as the policy says until one is answered; rejects with the last failure when the
 * deadline passes (or no attempt is left and none is waiting).
 */
export function sendWithResends<T>(options: ResendOptions<T>): Promise<T> {
  const { policy } = options;
  const now = options.now ?? Date.now;
  const deadline = now() + options.deadlineMs;
  return new Promise<T>((resolve, reject) => {
    let attempts = 0;
    /** Attempts sent and not failed. */
    let waiting = 0;
    let fastFailures = 0;
    let done = false;
    /** Set by every failed attempt; an Error is made only if the call fails without one. */
    let lastError: unknown;
    let next: NodeJS.Timeout | undefined;
    let nextAt = Infinity;

    const stop = () => {
      done = true;
      if (next) clearTimeout(next);
      next = undefined;
    };
    const failIfIdle = () => {
      if (!done && waiting === 0 && next === undefined) {
        stop();
        reject(lastError ?? new Error('no attempt was made'));
      }
    };
    /** Plans the next attempt `delayMs` from now, unless none may follow or one comes sooner. */
    const plan = (delayMs: number, reason: string) => {
      const at = now() + delayMs;
      if (next && nextAt <= at) return;
      if (!options.resend || waiting >= policy.maxAttempts) return;
      if (at > deadline - MIN_ATTEMPT_MS) return;
      if (next) clearTimeout(next);
      nextAt = at;
      next = setTimeout(() => {
        next = undefined;
        nextAt = Infinity;
        launch(reason);
      }, delayMs);
    };
    const launch = (reason: string | null) => {
      if (done) return;
      const remaining = deadline - now();
      if (remaining < MIN_ATTEMPT_MS && attempts > 0) {
        failIfIdle();
        return;
      }
      if (reason !== null && options.mayResend && !options.mayResend()) {
        failIfIdle();
        return;
      }
      attempts += 1;
      waiting += 1;
      if (reason !== null) options.onResend?.(reason);
      plan(attemptWaitMs(policy, attempts), 'timeout');
      let sent: Promise<T>;
      try {
        sent = options.send(Math.max(1, remaining), attempts);
      } catch (error) {
        sent = Promise.reject(error);
      }
      sent.then(
        (value) => {
          waiting -= 1;
          if (done) return;
          stop();
          resolve(value);
        },
        (error: unknown) => {
          waiting -= 1;
          if (done) return;
          lastError = error;
          const why = options.failureReason(error);
          if (why === null) {
            stop();
            reject(error);
            return;
          }
          if (why !== 'timeout') {
            fastFailures += 1;
            plan(backoffDelayMs(policy, fastFailures, options.random), why);
          }
          failIfIdle();
        },
      );
    };
    launch(null);
  });
}
