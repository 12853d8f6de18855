/**
 * Login with a login id and a code. One generic answer for a wrong id or a wrong code, the same
 * argon2 work either way, and throttling per account and per address: after a few failures each
 * answer is slowed down, past the limit the caller gets 429 with the seconds to wait.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import { AppError, type SessionGrant } from '@lr/contracts';
import { DATABASE, LOGGER, metrics, type Database, type Logger } from '@lr/nest-kit';
import type { AuthConfig } from '../config.js';
import { retryLater } from '../core/retry-later.js';
import { AUTH_CONFIG } from '../core/tokens.js';
import { dummyPasswordHash, verifyPassword } from '../core/passwords.js';
import { UsersRepository } from '../users/users.repository.js';
import { toAuthUser } from '../users/users.mapper.js';
import { LoginThrottleRepository, type FailureCount } from './login-throttle.repository.js';
import { SessionsService } from './sessions.service.js';

export const INVALID_LOGIN = 'Invalid Login ID or Password';
/** Failures on an account before each further failure is slowed down. */
const SLOW_DOWN_AFTER = 3;

export interface LoginAttempt {
  loginId: string;
  password: string;
  ip: string;
}

@Injectable()
export class LoginService {
  private readonly logger: Logger;

  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(LOGGER) logger: Logger,
    private readonly users: UsersRepository,
    private readonly throttle: LoginThrottleRepository,
    private readonly sessions: SessionsService,
  ) {
    this.logger = logger.child({ context: LoginService.name });
  }

  async login(attempt: LoginAttempt): Promise<SessionGrant> {
    const loginKey = attempt.loginId.trim().toLowerCase();
    const windowMinutes = this.config.LOGIN_WINDOW_MINUTES;
    const outcome = await this.db.transaction(async (tx) => {
      await this.throttle.lockAccount(loginKey, tx);
      await this.throttle.prune(loginKey, attempt.ip, windowMinutes, tx);
      const ofAccount = await this.throttle.failuresOfAccount(loginKey, windowMinutes, tx);
      const ofIp = await this.throttle.failuresOfIp(attempt.ip, windowMinutes, tx);
      this.refuseWhenThrottled(ofAccount, this.config.LOGIN_MAX_FAILURES_PER_ACCOUNT, 'account');
      this.refuseWhenThrottled(ofIp, this.config.LOGIN_MAX_FAILURES_PER_IP, 'address');

      const user = await this.users.findByLoginId(attempt.loginId, tx);
      const passwordOk = await verifyPassword(
        user?.passwordHash ?? (await dummyPasswordHash()),
        attempt.password,
      );
      if (!user || !passwordOk) {
        await this.throttle.recordFailure(loginKey, attempt.ip, tx);
        return { ok: false as const, failures: ofAccount.count + 1 };
      }
      await this.throttle.clearAccount(loginKey, tx);
      const session = await this.sessions.open(user.id, tx);
      return { ok: true as const, user, session };
    });

    if (!outcome.ok) {
      metrics.auth.loginFailures.inc();
      this.logger.info({ loginKey, ip: attempt.ip, failures: outcome.failures }, 'login failed');
      const extra = outcome.failures - SLOW_DOWN_AFTER;
      if (extra > 0 && this.config.LOGIN_FAILURE_DELAY_MS > 0) {
        await sleep(Math.min(extra * this.config.LOGIN_FAILURE_DELAY_MS, 3000));
      }
      throw AppError.unauthorized(INVALID_LOGIN);
    }
    this.logger.info({ userId: outcome.user.id }, 'login succeeded');
    return {
      user: toAuthUser(outcome.user),
      token: outcome.session.token,
      expiresAt: outcome.session.expiresAt.toISOString(),
    };
  }

  private refuseWhenThrottled(
    failures: FailureCount,
    max: number,
    scope: 'account' | 'address',
  ): void {
    if (failures.count < max) return;
    metrics.auth.loginThrottled.inc({ scope });
    throw retryLater('failed logins', failures.oldest, this.config.LOGIN_WINDOW_MINUTES);
  }
}
