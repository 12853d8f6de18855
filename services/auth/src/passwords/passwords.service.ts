/**
 * Forgotten codes: a single-use link valid 30 minutes, mailed to the account when its login id is
 * an email address. The answer is the same, and takes the same time, whether or not the account
 * exists: everything only an existing account needs happens after the answer (AfterReplyQueue).
 * Requests are limited per account (no mail bombing) and per client address (no asking for many
 * accounts); uses of a link are limited per client address, and a new code is hashed only for a
 * token that is still valid, so random tokens cost no argon2 work.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AppError, loginKeyOf, type ForgotPasswordReply } from '@lr/contracts';
import {
  DATABASE,
  LOGGER,
  Mailer,
  RecordedReplies,
  type Database,
  type Logger,
  type ReplyKey,
} from '@lr/nest-kit';
import type { AuthConfig } from '../config.js';
import { AfterReplyQueue } from '../core/after-reply-queue.js';
import { addressKey } from '../core/client-address.js';
import { EMAIL_LIKE } from '../core/email-like.js';
import { hashPassword } from '../core/passwords.js';
import { retryLater } from '../core/retry-later.js';
import { AUTH_CONFIG } from '../core/tokens.js';
import { SessionHints } from '../sessions/session-hints.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { UsersRepository } from '../users/users.repository.js';
import { PasswordResetsRepository } from './password-resets.repository.js';
import { ResetRequestsRepository, type ResetRequestKind } from './reset-requests.repository.js';

export const RESET_TTL_MINUTES = 30;
/** At most this many reset mails per account in RESET_LIMIT_WINDOW_MINUTES (no mail bombing). */
export const RESET_LIMIT = 3;
const RESET_LIMIT_WINDOW_MINUTES = 15;
export const RESET_INVALID = 'Reset Password Token is invalid or has been expired';

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Constant-time equality of two hex digests. */
function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

@Injectable()
export class PasswordsService {
  private readonly logger: Logger;

  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(LOGGER) logger: Logger,
    private readonly users: UsersRepository,
    private readonly resets: PasswordResetsRepository,
    private readonly requests: ResetRequestsRepository,
    private readonly sessions: SessionsService,
    private readonly hints: SessionHints,
    private readonly mailer: Mailer,
    private readonly afterReply: AfterReplyQueue,
    private readonly replies: RecordedReplies,
  ) {
    this.logger = logger.child({ context: PasswordsService.name });
  }

  /** `ip`: the client's address, limited to RESET_MAX_REQUESTS_PER_IP requests per window. */
  async forgot(loginIdOrEmail: string, ip?: string): Promise<ForgotPasswordReply> {
    if (ip) await this.admit('link', ip, this.config.RESET_MAX_REQUESTS_PER_IP);
    this.afterReply.push('reset link', loginKeyOf(loginIdOrEmail), () =>
      this.sendLink(loginIdOrEmail),
    );
    return {
      message: `If an account exists for ${loginIdOrEmail}, a password reset link has been sent to it`,
    };
  }

  /**
   * Sets the new code, spends the token and ends every session of the account. With `replyKey` a
   * resend of a reset that went through (its token is spent by then) is answered as the first was.
   */
  async reset(
    token: string,
    password: string,
    ip?: string,
    replyKey: ReplyKey | null = null,
  ): Promise<void> {
    try {
      await this.resetOnce(token, password, ip, replyKey);
    } catch (error) {
      await this.replies.replayOr(this.db, replyKey, error);
    }
  }

  private async resetOnce(
    token: string,
    password: string,
    ip: string | undefined,
    replyKey: ReplyKey | null,
  ): Promise<void> {
    if (ip) await this.admit('use', ip, this.config.RESET_MAX_ATTEMPTS_PER_IP);
    const tokenHash = hashResetToken(token);
    // The token first: a random one is refused before any argon2 work is spent on its password.
    const stored = await this.resets.findUsable(tokenHash);
    if (!stored || !sameDigest(stored, tokenHash)) throw AppError.badRequest(RESET_INVALID);
    const passwordHash = await hashPassword(password);
    const userId = await this.replies.transaction(this.db, replyKey, async (tx) => {
      // Spent atomically: of two requests racing with one token, only one gets here with an owner.
      const owner = await this.resets.consume(tokenHash, tx);
      if (!owner) throw AppError.badRequest(RESET_INVALID);
      const row = await this.users.update(owner, { passwordHash }, tx);
      if (!row) throw AppError.badRequest(RESET_INVALID);
      await this.sessions.revokeAllOfUser(owner, tx);
      return owner;
    });
    await this.hints.userChanged(userId);
  }

  /** After the answer: makes and mails the link when the account exists and may have one. */
  private async sendLink(loginIdOrEmail: string): Promise<void> {
    const user = await this.users.findByLoginId(loginIdOrEmail);
    if (!user) return;
    if ((await this.resets.countRecent(user.id, RESET_LIMIT_WINDOW_MINUTES)) >= RESET_LIMIT) {
      this.logger.warn({ userId: user.id }, 'password reset requested too often; no mail sent');
      return;
    }

    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + RESET_TTL_MINUTES * 60_000);
    await this.resets.replace(user.id, hashResetToken(token), expiresAt);
    const link = `${this.config.PUBLIC_URL.replace(/\/$/, '')}/password/reset/${token}`;

    // Demo mode (no SMTP): the link is also logged so a developer can follow it.
    if (!this.config.SMTP_URL) this.logger.info({ userId: user.id, link }, 'password reset link');
    if (!EMAIL_LIKE.test(user.loginId)) {
      this.logger.warn(
        { userId: user.id },
        'password reset requested for an account without an email address',
      );
      return;
    }
    try {
      await this.mailer.send({
        to: user.loginId,
        subject: 'Locker Room password recovery',
        text: `Hello ${user.name},\n\nYour password reset link is:\n\n${link}\n\nIt works once and expires in ${RESET_TTL_MINUTES} minutes. If you did not ask for it, ignore this email.\n`,
      });
    } catch (error) {
      this.logger.error(
        { err: (error as Error).message, userId: user.id },
        'password reset mail failed',
      );
    }
  }

  /**
   * Counts every request or use from the address, known account or not, so the limit reveals
   * nothing; past `max` in the window the address waits (429 with Retry-After).
   */
  private async admit(kind: ResetRequestKind, ip: string, max: number): Promise<void> {
    const key = addressKey(ip);
    const recent = await this.requests.admit(kind, key, RESET_LIMIT_WINDOW_MINUTES, max);
    if (recent.admitted) return;
    this.logger.warn({ ip: key, kind }, 'password reset limit reached for one address');
    const what = kind === 'link' ? 'reset requests' : 'reset attempts';
    throw retryLater(what, recent.oldest, RESET_LIMIT_WINDOW_MINUTES);
  }
}
