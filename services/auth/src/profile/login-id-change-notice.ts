/**
 * The mail to an account's old login id when the login id changed: whoever moved the account (its
 * owner, or someone holding a stolen session and the code) is told on the address the owner still
 * reads. Sent after the answer (AfterReplyQueue), so a slow mail server delays nothing; an old id
 * that is not an email address gets no mail.
 */
import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, Mailer, type Logger } from '@lr/nest-kit';
import type { AuthConfig } from '../config.js';
import { AfterReplyQueue } from '../core/after-reply-queue.js';
import { EMAIL_LIKE } from '../core/email-like.js';
import { AUTH_CONFIG } from '../core/tokens.js';

export interface LoginIdChange {
  userId: string;
  name: string;
  oldLoginId: string;
  newLoginId: string;
}

@Injectable()
export class LoginIdChangeNotice {
  private readonly logger: Logger;

  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(LOGGER) logger: Logger,
    private readonly mailer: Mailer,
    private readonly afterReply: AfterReplyQueue,
  ) {
    this.logger = logger.child({ context: LoginIdChangeNotice.name });
  }

  send(change: LoginIdChange): void {
    if (!EMAIL_LIKE.test(change.oldLoginId)) return;
    this.afterReply.push('login id change notice', change.userId, () => this.mail(change));
  }

  private async mail(change: LoginIdChange): Promise<void> {
    const shop = this.config.PUBLIC_URL.replace(/\/$/, '');
    try {
      await this.mailer.send({
        to: change.oldLoginId,
        subject: 'Your Locker Room Login ID was changed',
        text:
          `Hello ${change.name},\n\n` +
          `The Login ID of your Locker Room account was changed from ${change.oldLoginId} to ${change.newLoginId}. ` +
          `Every other session of the account was logged out.\n\n` +
          `If you did not do this, contact the Locker Room team at once: they can set a new code for the account and give it back its Login ID (${shop}).\n`,
      });
    } catch (error) {
      this.logger.error(
        { err: (error as Error).message, userId: change.userId },
        'login id change notice failed',
      );
    }
  }
}
