/** A signed-in user's own account: read it, change name/login id/avatar, change the code. */
import { Inject, Injectable } from '@nestjs/common';
import { AppError, loginKeyOf, type Actor, type AuthUser, type SessionGrant } from '@lr/contracts';
import { DATABASE, RecordedReplies, type Database, type ReplyKey } from '@lr/nest-kit';
import { hashPassword, verifyPassword } from '../core/passwords.js';
import { CodeCheckThrottle } from '../sessions/code-check-throttle.js';
import { SessionHints } from '../sessions/session-hints.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { UserEvents } from '../users/user-events.js';
import type { UserRow } from '../db/schema.js';
import { toAuthUser } from '../users/users.mapper.js';
import { LOGIN_ID_IN_USE, SCHOOL_NAME_IN_USE, UsersRepository } from '../users/users.repository.js';
import { LoginIdChangeNotice } from './login-id-change-notice.js';

export interface ProfileChange {
  name: string;
  email: string;
  /** Required when the login id changes. */
  currentPassword?: string | undefined;
  avatar?: { url: string } | undefined;
}

/** Where a profile change comes from: the client's address (code throttle) and its session. */
export interface ProfileCaller {
  ip: string;
  /** The caller's session, kept when a login id change ends the account's other sessions. */
  sessionId?: string | undefined;
}

export const CURRENT_CODE_REQUIRED =
  'currentPassword: enter your current code to change the Login ID';
export const CURRENT_CODE_WRONG = 'currentPassword: the current code is incorrect';

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
}

@Injectable()
export class ProfileService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly users: UsersRepository,
    private readonly events: UserEvents,
    private readonly sessions: SessionsService,
    private readonly hints: SessionHints,
    private readonly throttle: CodeCheckThrottle,
    private readonly replies: RecordedReplies,
    private readonly loginIdNotice: LoginIdChangeNotice,
  ) {}

  async me(actor: Actor): Promise<AuthUser> {
    const row = await this.users.findById(actor.id);
    if (!row) throw AppError.unauthorized();
    return toAuthUser(row);
  }

  /**
   * Name and login id are part of the cached actor: the gateways are told after commit. With
   * `replyKey` the reply is recorded with the change, and a resend gets it (RecordedReplies).
   *
   * A new login id needs the current code (a stolen session alone must not move the account and
   * its reset links elsewhere), checked under the throttle of every code check; then every other
   * session of the account ends and the old login id is told by mail.
   */
  async update(
    actor: Actor,
    change: ProfileChange,
    caller: ProfileCaller = { ip: 'unknown' },
    replyKey: ReplyKey | null = null,
  ): Promise<AuthUser> {
    const current = await this.users.findById(actor.id);
    if (!current) throw AppError.unauthorized();
    const loginIdChanges = change.email !== current.loginId;
    if (loginIdChanges) await this.checkCurrentCode(current, change.currentPassword, caller.ip);
    const user = await this.replies.transaction(this.db, replyKey, async (tx) => {
      if (await this.users.loginIdTaken(change.email, actor.id, tx)) {
        throw AppError.conflict(LOGIN_ID_IN_USE);
      }
      if (
        current.role === 'user' &&
        (await this.users.schoolNameTaken(change.name, actor.id, tx))
      ) {
        throw AppError.conflict(SCHOOL_NAME_IN_USE);
      }
      const row = await this.users.update(
        actor.id,
        {
          name: change.name,
          loginId: change.email,
          ...(change.avatar ? { avatarUrl: change.avatar.url } : {}),
        },
        tx,
      );
      if (!row) throw AppError.unauthorized();
      if (loginIdChanges) await this.sessions.revokeOthersOfUser(row.id, caller.sessionId, tx);
      await this.events.updated(tx, row);
      return toAuthUser(row);
    });
    await this.hints.userChanged(actor.id);
    if (loginIdChanges) {
      this.loginIdNotice.send({
        userId: user.id,
        name: user.name,
        oldLoginId: current.loginId,
        newLoginId: user.loginId,
      });
    }
    return user;
  }

  /** 400 without a code or with a wrong one (counted like a failed login); 429 past the limits. */
  private async checkCurrentCode(
    current: UserRow,
    code: string | undefined,
    ip: string,
  ): Promise<void> {
    if (!code) throw AppError.badRequest(CURRENT_CODE_REQUIRED);
    const ok = await this.throttle.check(
      { loginKey: loginKeyOf(current.loginId), ip, what: 'wrong codes' },
      () => verifyPassword(current.passwordHash, code),
    );
    if (!ok) throw AppError.badRequest(CURRENT_CODE_WRONG);
  }

  /**
   * Wrong old code is 400 (the form shows the server's message). Every session of the user
   * ends, then a new one is opened for the caller, so other devices must log in with the new code.
   * The old code is a guess like a login's (a stolen session must not test codes without limit):
   * its failures count against the same limits, per account and `ip`.
   */
  async changePassword(actor: Actor, change: PasswordChange, ip: string): Promise<SessionGrant> {
    const current = await this.users.findById(actor.id);
    if (!current) throw AppError.unauthorized();
    const oldOk = await this.throttle.check(
      { loginKey: loginKeyOf(current.loginId), ip, what: 'wrong old codes' },
      () => verifyPassword(current.passwordHash, change.oldPassword),
    );
    if (!oldOk) throw AppError.badRequest('oldPassword: Old password is incorrect');
    const passwordHash = await hashPassword(change.newPassword);
    const grant = await this.db.transaction(async (tx) => {
      const row = await this.users.update(actor.id, { passwordHash }, tx);
      if (!row) throw AppError.unauthorized();
      await this.sessions.revokeAllOfUser(row.id, tx);
      const session = await this.sessions.open(row.id, tx);
      return {
        user: toAuthUser(row),
        token: session.token,
        expiresAt: session.expiresAt.toISOString(),
      };
    });
    // The caller's new session is not cached anywhere yet, so evicting the user spares it.
    await this.hints.userChanged(actor.id);
    return grant;
  }
}
