/**
 * Login with a login id and a code. One generic answer for a wrong id or a wrong code, the same
 * argon2 work either way, and the throttle of every code check (CodeCheckThrottle): past a limit
 * the guessing address gets 429 with the seconds to wait, never the account's owner elsewhere.
 */
import { Inject, Injectable } from '@nestjs/common';
import { AppError, loginKeyOf, type SessionGrant } from '@lr/contracts';
import { LOGGER, metrics, type Logger } from '@lr/nest-kit';
import { dummyPasswordHash, verifyPassword } from '../core/passwords.js';
import type { UserRow } from '../db/schema.js';
import { UsersRepository } from '../users/users.repository.js';
import { toAuthUser } from '../users/users.mapper.js';
import { CodeCheckThrottle } from './code-check-throttle.js';
import { SessionsService } from './sessions.service.js';

export const INVALID_LOGIN = 'Invalid Login ID or Password';

export interface LoginAttempt {
  loginId: string;
  password: string;
  ip: string;
}

@Injectable()
export class LoginService {
  private readonly logger: Logger;

  constructor(
    @Inject(LOGGER) logger: Logger,
    private readonly users: UsersRepository,
    private readonly throttle: CodeCheckThrottle,
    private readonly sessions: SessionsService,
  ) {
    this.logger = logger.child({ context: LoginService.name });
  }

  async login(attempt: LoginAttempt): Promise<SessionGrant> {
    const loginKey = loginKeyOf(attempt.loginId);
    // Filled inside the check (the callback's assignment is invisible to narrowing on a plain let).
    const found: { user?: UserRow | undefined } = {};
    const ok = await this.throttle.check(
      { loginKey, ip: attempt.ip, what: 'failed logins', isLogin: true },
      async () => {
        const user = await this.users.findByLoginId(attempt.loginId);
        found.user = user;
        const passwordOk = await verifyPassword(
          user?.passwordHash ?? (await dummyPasswordHash()),
          attempt.password,
        );
        return !!user && passwordOk;
      },
    );
    const user = found.user;
    if (!ok || !user) {
      metrics.auth.loginFailures.inc();
      throw AppError.unauthorized(INVALID_LOGIN);
    }
    const session = await this.sessions.open(user.id);
    this.logger.info({ userId: user.id }, 'login succeeded');
    return {
      user: toAuthUser(user),
      token: session.token,
      expiresAt: session.expiresAt.toISOString(),
    };
  }
}
