/**
 * The resend policy on its own: when attempts go out, how long the pauses are, and that one call
 * never outlives its deadline. `send` stands for one attempt through the reply inbox: it settles
 * when the test says, or fails with 'timeout' when its wait runs out, as the inbox does.
 */
import { RPC, RPC_RESEND, isResendable, resendRuleOf } from '@lr/contracts';
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
      if (i === 1) setTimeout(() => attempt.answer('second'), 5);
    });
    const result = await sendWithResends({
      deadlineMs: 1000,
      resend: true,
      policy,
      send: t.send,
      failureReason,
      onResend: (reason) => resends.push(reason),
    });
    expect(result).toBe('second');
    expect(t.attempts).toHaveLength(2);
    expect(t.attempts[1]!.at).toBeGreaterThanOrEqual(45);
    expect(resends).toEqual(['timeout']);
  });

  it('keeps the first attempt waiting beside later ones: a slow reply still counts', async () => {
    const t = transport((attempt, i) => {
      if (i === 0) setTimeout(() => attempt.answer('slow first'), 80);
    });
    const result = await sendWithResends({
      deadlineMs: 1000,
      resend: true,
      policy,
      send: t.send,
      failureReason,
    });
    expect(result).toBe('slow first');
    // The second went out at ~50 ms; the first answered at ~80 ms, before a third was due.
    expect(t.attempts).toHaveLength(2);
  });

  it('pauses after an attempt nobody heard, then tries again', async () => {
    const resends: string[] = [];
    const t = transport((attempt, i) => {
      if (i < 2) attempt.fail('no-responders');
      else attempt.answer('third');
    });
    const result = await sendWithResends({
      deadlineMs: 1000,
      resend: true,
      policy,
      send: t.send,
      failureReason,
      onResend: (reason) => resends.push(reason),
      random: () => 1,
    });
    expect(result).toBe('third');
    expect(resends).toEqual(['no-responders', 'no-responders']);
    // Pauses of 10 then 20 ms (random 1: the full doubled pause), well before the 50 ms wait.
    expect(t.attempts[1]!.at).toBeGreaterThanOrEqual(8);
    expect(t.attempts[2]!.at - t.attempts[1]!.at).toBeGreaterThanOrEqual(18);
    expect(t.attempts[2]!.at).toBeLessThan(50);
  });

  it('gives up at the deadline with at most maxAttempts attempts, all ending by then', async () => {
    const t = transport();
    const started = Date.now();
    await expect(
      sendWithResends({ deadlineMs: 600, resend: true, policy, send: t.send, failureReason }),
    ).rejects.toMatchObject({ reason: 'timeout' });
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(590);
    expect(took).toBeLessThan(900);
    // Sent at ~0, 50, 150 and 350 ms; a fifth is never sent.
    expect(t.attempts.map((a) => Math.round(a.at / 50) * 50)).toEqual([0, 50, 150, 350]);
    // Every attempt waits only until the call's deadline.
    for (const attempt of t.attempts) expect(attempt.at + attempt.waitMs).toBeLessThanOrEqual(620);
  });

  it('starts no attempt too close to the deadline', async () => {
    const t = transport();
    await expect(
      sendWithResends({
        deadlineMs: 240,
        resend: true,
        policy: { ...policy, maxAttempts: 10 },
        send: t.send,
        failureReason,
      }),
    ).rejects.toMatchObject({ reason: 'timeout' });
    // 0 and 50 ms; the third would be at 150 ms with less than MIN_ATTEMPT_MS left.
    expect(t.attempts).toHaveLength(2);
  });

  it('sends a write that may not be repeated once, waiting the whole deadline', async () => {
    const t = transport();
    const started = Date.now();
    await expect(
      sendWithResends({ deadlineMs: 300, resend: false, policy, send: t.send, failureReason }),
    ).rejects.toMatchObject({ reason: 'timeout' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(t.attempts).toHaveLength(1);
    expect(t.attempts[0]!.waitMs).toBeGreaterThanOrEqual(299);

    const alone = transport((attempt) => attempt.fail('no-responders'));
    await expect(
      sendWithResends({ deadlineMs: 300, resend: false, policy, send: alone.send, failureReason }),
    ).rejects.toMatchObject({ reason: 'no-responders' });
    expect(alone.attempts).toHaveLength(1);
    expect(alone.elapsed()).toBeLessThan(100);
  });

  it('fails at once on a failure no attempt escapes, even with attempts still waiting', async () => {
    const t = transport((attempt, i) => {
      if (i === 1) attempt.fail('closed');
    });
    await expect(
      sendWithResends({
        deadlineMs: 1000,
        resend: true,
        policy,
        send: t.send,
        failureReason: closedIsFinal,
      }),
    ).rejects.toMatchObject({ reason: 'closed' });
    expect(t.elapsed()).toBeLessThan(200);
  });

  it('keeps trying a service nobody hears until the deadline, then fails with that', async () => {
    const t = transport((attempt) => attempt.fail('no-responders'));
    const started = Date.now();
    await expect(
      sendWithResends({ deadlineMs: 500, resend: true, policy, send: t.send, failureReason }),
    ).rejects.toMatchObject({ reason: 'no-responders' });
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(360);
    expect(took).toBeLessThan(700);
    // Failed attempts do not count towards maxAttempts; the pauses (at most 40 ms) bound them.
    expect(t.attempts.length).toBeGreaterThan(policy.maxAttempts);
    expect(t.attempts.length).toBeLessThan(60);
  });
});

describe('which subjects are resent', () => {
  it('has a rule for every request-reply subject', () => {
    const subjects = Object.values(RPC).flatMap((service) => Object.values(service));
    expect(Object.keys(RPC_RESEND).sort()).toEqual([...subjects].sort());
  });

  it('resends reads and guarded writes, never a write that is sent once or an unknown subject', () => {
    expect(resendRuleOf(RPC.orders.get)).toBe('read');
    expect(resendRuleOf(RPC.catalog.inventoryCheck)).toBe('read');
    expect(resendRuleOf(RPC.orders.update)).toBe('deduped');
    expect(resendRuleOf(RPC.auth.sessionCheck)).toBe('idempotent');
    expect([RPC.orders.get, RPC.orders.place, RPC.orders.delete].every(isResendable)).toBe(true);
    expect(isResendable(RPC.auth.login)).toBe(false);
    expect(isResendable(RPC.reporting.rebuild)).toBe(false);
    expect(isResendable('rpc.nobody.here')).toBe(false);
    // Not fooled by names every object has.
    expect(isResendable('constructor')).toBe(false);
  });
});
