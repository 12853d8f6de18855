/**
 * The throttle around every check of an account's code (login, the old code of a code change, the
 * current code of a login id change), so all count as guesses against the same limits:
 *
 * - per account and address (LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP): that address waits for that
 *   account (429 with the seconds left);
 * - per address, over all accounts: past LOGIN_IP_SLOW_DOWN_AFTER failures every attempt from the
 *   address waits a little longer (LOGIN_FAILURE_DELAY_MS per failure, at most 3 s), so spraying
 *   codes over many accounts gets slow; only at LOGIN_MAX_FAILURES_PER_IP, a level one school
 *   district or office behind one shared address does not reach with typos, is the address
 *   refused. Below it, an account that had no failures from the address is never refused there.
 *   (an "address" is an IPv4 address or an IPv6 /64: core/client-address.ts)
 * - per account, from every address: failed answers come back more slowly (LOGIN_FAILURE_DELAY_MS
 *   per failure past the third, at most 3 s). It never refuses, so nobody can lock an account for
 *   others: the right code from another address is let through at once.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, LOGGER, metrics, type Database, type Logger } from '@lr/nest-kit';
import type { AuthConfig } from '../config.js';
import { addressKey } from '../core/client-address.js';
import { retryLater } from '../core/retry-later.js';
import { AUTH_CONFIG } from '../core/tokens.js';
import { LoginThrottleRepository, type FailureCount } from './login-throttle.repository.js';
import { slowDownMs } from './slow-down.js';

/** Failures on an account before each further failed answer is slowed down. */
const ACCOUNT_FREE_FAILURES = 3;

export interface CodeCheck {
  /** The account's key: `loginKeyOf` its login id, as every lookup compares it. */
  loginKey: string;
  ip: string;
  /** What a refusal names: "Too many <what>; try again in N seconds". */
  what: string;
  /** Counted in the login metrics (logins only; other code checks share the limits, not the figures). */
  isLogin?: boolean;
}

@Injectable()
export class CodeCheckThrottle {
  private readonly logger: Logger;

  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(LOGGER) logger: Logger,
    private readonly failures: LoginThrottleRepository,
  ) {
    this.logger = logger.child({ context: CodeCheckThrottle.name });
  }

  /**
   * Runs `verify` unless the address is throttled (then 429 with the seconds to wait). Returns its
   * answer; a wrong code is counted, and its answer slowed when the account is under attack.
   */
  async check(attempt: CodeCheck, verify: () => Promise<boolean>): Promise<boolean> {
    const { loginKey } = attempt;
    const ip = addressKey(attempt.ip);
    const windowMinutes = this.config.LOGIN_WINDOW_MINUTES;
    const step = this.config.LOGIN_FAILURE_DELAY_MS;
    const before = await this.db.transaction(async (tx) => {
      const counts = await this.failures.countAndLock(loginKey, ip, windowMinutes, tx);
      this.refuseWhenOver(
        attempt,
        counts.accountAndIp,
        this.config.LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP,
        'account',
      );
      this.refuseWhenOver(attempt, counts.ip, this.config.LOGIN_MAX_FAILURES_PER_IP, 'address');
      // Counted as a failure until the code proves right (see the repository).
      await this.failures.recordFailure(loginKey, ip, tx);
      return counts;
    });

    // Before the code is checked, so a client cannot skip the wait by giving up early.
    const addressWait = slowDownMs(before.ip.count, this.config.LOGIN_IP_SLOW_DOWN_AFTER, step);
    if (addressWait > 0) {
      metrics.auth.codeChecksSlowed.inc({ scope: 'address' });
      await sleep(addressWait);
    }

    if (await verify()) {
      await this.failures.clearAccountAndIp(loginKey, ip);
      return true;
    }
    const ofAccount = before.account.count + 1;
    this.logger.info({ loginKey, ip, failures: ofAccount }, `${attempt.what}: one more`);
    const accountWait = slowDownMs(ofAccount, ACCOUNT_FREE_FAILURES, step);
    if (accountWait > 0) {
      metrics.auth.codeChecksSlowed.inc({ scope: 'account' });
      await sleep(accountWait);
    }
    return false;
  }

  private refuseWhenOver(
    attempt: CodeCheck,
    failures: FailureCount,
    max: number,
    scope: 'account' | 'address',
  ): void {
    if (failures.count < max) return;
    if (attempt.isLogin) metrics.auth.loginThrottled.inc({ scope });
    this.logger.warn({ loginKey: attempt.loginKey, ip: attempt.ip }, `too many ${attempt.what}`);
    throw retryLater(attempt.what, failures.oldest, this.config.LOGIN_WINDOW_MINUTES);
  }
}
