/** Opens, checks (with sliding refresh) and revokes sessions. */
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AppError, type SessionCheckReply } from '@lr/contracts';
import { isUuid, type Executor } from '@lr/nest-kit';
import type { AuthConfig } from '../config.js';
import { AUTH_CONFIG } from '../core/tokens.js';
import { UsersRepository } from '../users/users.repository.js';
import { SessionHints } from './session-hints.js';
import { SessionTokens } from './session-tokens.js';
import { SessionsRepository } from './sessions.repository.js';

const SESSION_ENDED = 'Your session has ended; please login again';

@Injectable()
export class SessionsService {
  readonly tokens: SessionTokens;

  constructor(
    @Inject(AUTH_CONFIG) config: AuthConfig,
    private readonly sessions: SessionsRepository,
    private readonly users: UsersRepository,
    private readonly hints: SessionHints,
  ) {
    this.tokens = new SessionTokens(config.JWT_SECRET, config.JWT_TTL_MINUTES);
  }

  async open(userId: string, exec?: Executor): Promise<{ token: string; expiresAt: Date }> {
    const sessionId = randomUUID();
    const signed = await this.tokens.sign(userId, sessionId);
    await this.sessions.create({ id: sessionId, userId, expiresAt: signed.expiresAt }, exec);
    return signed;
  }

  async check(token: string): Promise<SessionCheckReply> {
    const claims = await this.tokens.verify(token);
    if (!claims) throw AppError.unauthorized(SESSION_ENDED);
    const session = await this.sessions.find(claims.sessionId);
    const now = new Date();
    if (
      !session ||
      session.userId !== claims.userId ||
      session.revokedAt ||
      session.expiresAt <= now
    ) {
      throw AppError.unauthorized(SESSION_ENDED);
    }
    const user = await this.users.findById(claims.userId);
    if (!user) throw AppError.unauthorized(SESSION_ENDED);

    const actor = { id: user.id, role: user.role, name: user.name, loginId: user.loginId };

    // Sliding session: past half its life, the token is replaced by a fresh one for the same session.
    const halfLifeAt = (claims.issuedAt.getTime() + claims.expiresAt.getTime()) / 2;
    if (now.getTime() >= halfLifeAt) {
      const fresh = await this.tokens.sign(user.id, session.id, now);
      await this.sessions.extend(session.id, fresh.expiresAt);
      // Not cacheable: the next request carries the new token, and this one would refresh again.
      return {
        actor,
        sessionId: session.id,
        refreshedToken: fresh.token,
        expiresAt: fresh.expiresAt.toISOString(),
        cacheUntil: null,
      };
    }
    // Until half-life this answer stays true unless something changes, and every change broadcasts
    // a hint (SessionHints); from half-life on each request must come here for its refreshed token.
    const cacheUntil = Math.min(
      halfLifeAt,
      claims.expiresAt.getTime(),
      session.expiresAt.getTime(),
    );
    return {
      actor,
      sessionId: session.id,
      refreshedToken: null,
      expiresAt: null,
      cacheUntil: new Date(cacheUntil).toISOString(),
    };
  }

  /** Ends the session of this token; an invalid or expired token has nothing to end. */
  async revoke(token: string): Promise<void> {
    const claims = await this.tokens.verify(token);
    if (!claims) return;
    await this.sessions.revoke(claims.sessionId);
    await this.hints.sessionEnded(claims.sessionId);
  }

  /** Inside the caller's transaction: the caller sends SessionHints.userChanged after commit. */
  revokeAllOfUser(userId: string, exec?: Executor): Promise<number> {
    return this.sessions.revokeAllOfUser(userId, exec);
  }

  /**
   * Every session of the user but `keepSessionId` (the caller's); all of them when it is not given
   * or not a session id. Same transaction and hint rule as revokeAllOfUser.
   */
  revokeOthersOfUser(userId: string, keepSessionId: string | undefined, exec?: Executor) {
    if (!keepSessionId || !isUuid(keepSessionId))
      return this.sessions.revokeAllOfUser(userId, exec);
    return this.sessions.revokeOthersOfUser(userId, keepSessionId, exec);
  }
}
