/**
 * Session JWTs: HS256 only (a token with `alg: none` or any other algorithm is refused), carrying
 * the user id (`sub`) and the session id (`sid`). The session row decides whether it is still valid.
 * The gateway verifies the same tokens with the same key, algorithm and issuer (nest-kit's
 * session-key.ts) before it asks here.
 */
import { errors, jwtVerify, SignJWT } from 'jose';
import { SESSION_TOKEN_ALGORITHM, SESSION_TOKEN_ISSUER } from '@lr/nest-kit';

export interface SessionClaims {
  userId: string;
  sessionId: string;
  issuedAt: Date;
  expiresAt: Date;
}

export class SessionTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    readonly ttlMinutes: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(
    userId: string,
    sessionId: string,
    now = new Date(),
  ): Promise<{ token: string; expiresAt: Date }> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    const exp = issuedAt + this.ttlMinutes * 60;
    const token = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: SESSION_TOKEN_ALGORITHM, typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(SESSION_TOKEN_ISSUER)
      .setIssuedAt(issuedAt)
      .setExpirationTime(exp)
      .sign(this.key);
    return { token, expiresAt: new Date(exp * 1000) };
  }

  /** The claims of a valid token, or null (bad signature, other algorithm, expired, malformed). */
  async verify(token: string): Promise<SessionClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [SESSION_TOKEN_ALGORITHM],
        issuer: SESSION_TOKEN_ISSUER,
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      if (typeof payload.iat !== 'number' || typeof payload.exp !== 'number') return null;
      return {
        userId: payload.sub,
        sessionId: payload.sid,
        issuedAt: new Date(payload.iat * 1000),
        expiresAt: new Date(payload.exp * 1000),
      };
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}
