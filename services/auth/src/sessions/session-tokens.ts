/**
 * Session JWTs: HS256 only (a token with `alg: none` or any other algorithm is refused), carrying
 * the user id (`sub`) and the session id (`sid`). The session row decides whether it is still valid.
 */
import { errors, jwtVerify, SignJWT } from 'jose';

export interface SessionClaims {
  userId: string;
  sessionId: string;
  issuedAt: Date;
  expiresAt: Date;
}

const ISSUER = 'lockerroom-auth';

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
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setIssuedAt(issuedAt)
      .setExpirationTime(exp)
      .sign(this.key);
    return { token, expiresAt: new Date(exp * 1000) };
  }

  /** The claims of a valid token, or null (bad signature, other algorithm, expired, malformed). */
  async verify(token: string): Promise<SessionClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
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
