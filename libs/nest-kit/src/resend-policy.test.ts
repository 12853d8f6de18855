/**
 * The resend policy on its own: when attempts go out, how long the pauses are, and that one call
 * never outlives its deadline. `send` stands for one attempt through the reply inbox: it settles
 * when the test says, or fails with 'timeout' when its wait runs out, as the inbox does.
 */
import { jest } from '@jest/globals';
import {
  authOps,
  RPC,
  RPC_RESEND,
  catalogOps,
  isResendable,
  ordersOps,
  resendRuleOf,
} from '@lr/contracts';
import { ResendBudget } from './resend-budget.js';
import {
  attemptWaitMs,
  backoffDelayMs,
  sendWithResends,
  type ResendPolicy,
} from './resend-policy.js';

const policy: ResendPolicy = {
  attemptTimeoutMs: 50,
  backoffMs: 10,
  maxBackoffMs: 40,
  maxAttempts: 4,
};

class Failure extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

interface Attempt {
  at: number;
  waitMs: number;
  answer: (value: string) => void;
  fail: (reason: string) => void;
}

/** A fake transport: records attempts; `behave` decides what each one does when it is sent. */
function transport(behave: (attempt: Attempt, index: number) => void = () => undefined) {
  const start = Date.now();
  const attempts: Attempt[] = [];
  const send = (waitMs: number) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Failure('timeout')), waitMs);
      const attempt: Attempt = {
        at: Date.now() - start,
        waitMs,
        answer: (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        fail: (reason) => {
          clearTimeout(timer);
          reject(new Failure(reason));
        },
      };
      attempts.push(attempt);
      behave(attempt, attempts.length - 1);
    });
  return { attempts, send, elapsed: () => Date.now() - start };
}

const failureReason = (error: unknown) => (error instanceof Failure ? error.reason : null);
const closedIsFinal = (error: unknown) => {
  const reason = failureReason(error);
  return reason === 'closed' ? null : reason;
};

describe('resend policy', () => {
  // Fake clocks: the schedule is checked to the millisecond, whatever the machine's load.
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  /** Lets `ms` pass on the fake clock, running what falls due (and the promises it settles). */
  const pass = (ms: number) => jest.advanceTimersByTimeAsync(ms);

  /** The call's outcome once the clock is past `ms`: its value, or the failure's reason. */
  async function settleAfter<T>(call: Promise<T>, ms: number): Promise<T | string> {
    const outcome = call.then(
      (value) => value,
      (error: unknown) => `failed: ${failureReason(error) ?? String(error)}`,
    );
    await pass(ms);
    return outcome;
  }

  it('waits longer for each attempt and pauses with jitter, doubling up to the cap', () => {
    expect([1, 2, 3, 4].map((n) => attemptWaitMs(policy, n))).toEqual([50, 100, 200, 400]);
    expect(backoffDelayMs(policy, 1, () => 0)).toBe(5);
    expect(backoffDelayMs(policy, 1, () => 1)).toBe(10);
    expect(backoffDelayMs(policy, 2, () => 0.5)).toBe(15);
    // Capped at maxBackoffMs however many failures came before.
    expect(backoffDelayMs(policy, 10, () => 1)).toBe(40);
    expect(backoffDelayMs(policy, 10, () => 0)).toBe(20);
  });

  it('sends a read again when no reply comes, and takes the reply of the second attempt', async () => {
    const resends: string[] = [];
    const t = transport((attempt, i) => {
      if (i === 1) attempt.answer('second');
    });
    const call = sendWithResends({
      deadlineMs: 1000,
      resend: true,
      policy,
      send: t.send,
      failureReason,
      onResend: (reason) => resends.push(reason),
    });
    expect(await settleAfter(call, 60)).toBe('second');
    expect(t.attempts.map((a) => a.at)).toEqual([0, 50]);
    expect(resends).toEqual(['timeout']);
  });

  it('keeps the first attempt waiting beside later ones: a slow reply still counts', async () => {
    const t = transport((_attempt, i) => {
      // The first attempt's reply arrives once the second has gone out.
      if (i === 1) t.attempts[0]!.answer('slow first');
    });
    const call = sendWithResends({
      deadlineMs: 1000,
      resend: true,
      policy,
      send: t.send,
      failureReason,
    });
    expect(await settleAfter(call, 60)).toBe('slow first');
    expect(t.attempts).toHaveLength(2);
  });

  it('pauses after an attempt nobody heard, then tries again', async () => {
    const resends: string[] = [];
    const t = transport((attempt, i) => {
      if (i < 2) attempt.fail('no-responders');
      else attempt.answer('third');
    });
    const call = sendWithResends({
      deadlineMs: 1000,
      resend: true,
      policy,
      send: t.send,
      failureReason,
      onResend: (reason) => resends.push(reason),
      random: () => 1,
    });
    expect(await settleAfter(call, 100)).toBe('third');
    expect(resends).toEqual(['no-responders', 'no-responders']);
    // Pauses of 10 then 20 ms (random 1: the full doubled pause), sooner than the 50 ms wait.
    expect(t.attempts.map((a) => a.at)).toEqual([0, 10, 30]);
  });

  it('gives up at the deadline with at most maxAttempts attempts, all ending by then', async () => {
    const t = transport();
    const call = sendWithResends({
      deadlineMs: 600,
      resend: true,
      policy,
      send: t.send,
      failureReason,
    });
    let outcome: string | null = null;
    call.then(
      () => (outcome = 'answered'),
      (error: unknown) => (outcome = failureReason(error)),
    );
    await pass(599);
    expect(outcome).toBeNull();
    await pass(1);
    expect(outcome).toBe('timeout');
    // Sent at 0, 50, 150 and 350 ms; a fifth would be over maxAttempts.
    expect(t.attempts.map((a) => a.at)).toEqual([0, 50, 150, 350]);
    // Every attempt waits exactly until the call's deadline.
    expect(t.attempts.map((a) => a.at + a.waitMs)).toEqual([600, 600, 600, 600]);
  });

  it('starts no attempt too close to the deadline', async () => {
    const t = transport();
    const call = sendWithResends({
      deadlineMs: 240,
      resend: true,
      policy: { ...policy, maxAttempts: 10 },
      send: t.send,
      failureReason,
    });
    expect(await settleAfter(call, 240)).toBe('failed: timeout');
    // 0 and 50 ms; the third would be at 150 ms with less than MIN_ATTEMPT_MS left.
    expect(t.attempts.map((a) => a.at)).toEqual([0, 50]);
  });

  it('sends a write that may not be repeated once, waiting the whole deadline', async () => {
    const t = transport();
    const call = sendWithResends({
      deadlineMs: 300,
      resend: false,
      policy,
      send: t.send,
      failureReason,
    });
    expect(await settleAfter(call, 300)).toBe('failed: timeout');
    expect(t.attempts.map((a) => [a.at, a.waitMs])).toEqual([[0, 300]]);

    const alone = transport((attempt) => attempt.fail('no-responders'));
    const once = sendWithResends({
      deadlineMs: 300,
      resend: false,
      policy,
      send: alone.send,
      failureReason,
    });
    expect(await settleAfter(once, 1)).toBe('failed: no-responders');
    expect(alone.attempts).toHaveLength(1);
  });

  it('fails at once on a failure no attempt escapes, even with attempts still waiting', async () => {
    const t = transport((attempt, i) => {
      if (i === 1) attempt.fail('closed');
    });
    const call = sendWithResends({
      deadlineMs: 1000,
      resend: true,
      policy,
      send: t.send,
      failureReason: closedIsFinal,
    });
    expect(await settleAfter(call, 51)).toBe('failed: closed');
  });

  it('keeps trying a service nobody hears until the deadline, then fails with that', async () => {
    const t = transport((attempt) => attempt.fail('no-responders'));
    const call = sendWithResends({
      deadlineMs: 500,
      resend: true,
      policy,
      send: t.send,
      failureReason,
      random: () => 1,
    });
    expect(await settleAfter(call, 500)).toBe('failed: no-responders');
    // Failed attempts do not count towards maxAttempts; pauses of 10, 20, 40, 40 ... ms bound
    // them, and none starts within MIN_ATTEMPT_MS of the deadline.
    const starts = t.attempts.map((a) => a.at);
    expect(starts.slice(0, 5)).toEqual([0, 10, 30, 70, 110]);
    expect(starts.length).toBeGreaterThan(policy.maxAttempts);
    expect(Math.max(...starts)).toBeLessThanOrEqual(400);
  });

  /** A call whose resend budget is spent: every attempt after the first is refused. */
  const withBudgetSpent = (
    send: (waitMs: number) => Promise<string>,
    onResend?: (reason: string) => void,
  ) =>
    sendWithResends({
      deadlineMs: 1000,
      resend: true,
      policy,
      send,
      failureReason,
      mayResend: () => false,
      onResend,
    });

  it('withholds a resend the budget refuses: the first attempt keeps waiting and still answers', async () => {
    const resends: string[] = [];
    const t = transport((attempt, i) => {
      // The slow service answers the only attempt late, within the deadline.
      if (i === 0) setTimeout(() => attempt.answer('late'), 300);
    });
    const call = withBudgetSpent(t.send, (reason) => resends.push(reason));
    expect(await settleAfter(call, 310)).toBe('late');
    expect(t.attempts).toHaveLength(1);
    expect(resends).toEqual([]);
  });

  it('fails a call nobody hears once the budget refuses the next attempt', async () => {
    const t = transport((attempt) => attempt.fail('no-responders'));
    const call = withBudgetSpent(t.send);
    expect(await settleAfter(call, 50)).toBe('failed: no-responders');
    expect(t.attempts).toHaveLength(1);
  });
});

describe('which subjects are resent', () => {
  it('has a rule for every request-reply subject', () => {
    const subjects = Object.values(RPC).flatMap((service) => Object.values(service));
    expect(Object.keys(RPC_RESEND).sort()).toEqual([...subjects].sort());
  });

  it('resends reads and guarded writes, never a write that is sent once or an unknown subject', () => {
    expect(ordersOps.get.resend).toBe('read');
    expect(resendRuleOf(catalogOps.inventoryCheck.subject)).toBe('read');
    expect(ordersOps.update.resend).toBe('deduped');
    expect(authOps.sessionCheck.resend).toBe('idempotent');
    expect(
      [ordersOps.get, ordersOps.place, ordersOps.delete].every((op) => op.resend !== 'once'),
    ).toBe(true);
    expect(authOps.login.resend).toBe('once');
    expect(isResendable(RPC.reporting.rebuild)).toBe(false);
    expect(isResendable('rpc.nobody.here')).toBe(false);
    // Not fooled by names every object has.
    expect(isResendable('constructor')).toBe(false);
  });
});

describe('resend budget', () => {
  it('allows a burst of resends, then one per ten answered calls', () => {
    const budget = new ResendBudget(3, 0.1);
    expect([1, 2, 3, 4].map(() => budget.trySpend())).toEqual([true, true, true, false]);
    for (let i = 0; i < 9; i += 1) budget.earn();
    expect(budget.trySpend()).toBe(false);
    budget.earn();
    expect(budget.trySpend()).toBe(true);
    expect(budget.trySpend()).toBe(false);
  });

  it('never holds more than its capacity, however many calls were answered', () => {
    const budget = new ResendBudget(2, 0.5);
    for (let i = 0; i < 100; i += 1) budget.earn();
    expect([1, 2, 3].map(() => budget.trySpend())).toEqual([true, true, false]);
  });
});
