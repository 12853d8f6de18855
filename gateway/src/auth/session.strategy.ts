/**
 * The gateway's Passport strategy for sessions (passport-jwt).
 *
 * passport-jwt takes the token from the session cookie or a Bearer header (session-token.ts) and
 * verifies it here, with the key auth signs with: HS256 only, the issuer auth sets, not expired.
 * A token that fails any of these (another key, `alg: none`, a forged issuer, expired, garbage,
 * oversized) never reaches auth. `validate` then asks whether the session still stands (session
 * check: the SessionCache, else auth, the authority on revocation) and gives the session, or null
 * when there is none; the guard (access.guard.ts) decides what a missing session means for the
 * route.
 *
 * A token whose session check is in the SessionCache skips the signature check: the cache holds
 * only tokens that verified and that auth accepted, each until the earlier of its half-life and the
 * cache's TTL, keyed by the whole token, so the same string is the same signed token. Verifying it
 * again on every request would cost an HMAC and a parse for nothing.
 */
import { createSecretKey } from 'node:crypto';
import { PassportStrategy } from '@nestjs/passport';
import passport from 'passport';
import { SESSION_TOKEN_ALGORITHM, SESSION_TOKEN_ISSUER } from '@lr/nest-kit';
import type { FastifyRequest } from 'fastify';
import { Strategy as JwtStrategy } from 'passport-jwt';
import type { SessionCheckResult } from './session-check.js';
import { sessionTokenOf } from './session-token.js';

/** What the strategy authenticates a request as: the session and the token it was found by. */
export interface AuthenticatedSession extends SessionCheckResult {
  token: string;
}

export type SessionChecker = (token: string) => Promise<SessionCheckResult | null>;

type PassportRequest = Parameters<JwtStrategy['authenticate']>[0];

/** The session check already known for this very token (a SessionCache hit), or null. */
export type KnownSession = (token: string) => SessionCheckResult | null;

/**
 * A strategy registered with Passport under `name`. Passport keeps one registry per process, so
 * each gateway app (tests run several in one process, each with its own cache and auth client)
 * registers its own strategy under its own name, and removes it when the app closes.
 */
export function createSessionStrategy(
  name: string,
  secret: string,
  check: SessionChecker,
  known: KnownSession = () => null,
) {
  // jsonwebtoken accepts a KeyObject (passport-jwt's types list only string | Buffer): it is then
  // used as the HMAC key it is, instead of being tried as a PEM public key on every request.
  const key = createSecretKey(Buffer.from(secret, 'utf8')) as unknown as Buffer;

  class SessionStrategy extends PassportStrategy(JwtStrategy, name) {
    constructor() {
      super({
        jwtFromRequest: sessionTokenOf,
        secretOrKey: key,
        algorithms: [SESSION_TOKEN_ALGORITHM],
        issuer: SESSION_TOKEN_ISSUER,
        passReqToCallback: true,
      });
    }

    /** Passport's entry point: a known token is accepted as it is, any other one is verified. */
    override authenticate(request: PassportRequest, options?: object): void {
      // The request is Fastify's (the guard hands it over); Passport's types say Express.
      const token = sessionTokenOf(request as unknown as FastifyRequest);
      const session = token ? known(token) : null;
      if (session && token) {
        this.success({ ...session, token });
        return;
      }
      super.authenticate(request, options);
    }

    /** Called only for a token that verified; null when its session is gone. */
    async validate(
      request: FastifyRequest,
      payload: { sub?: unknown; sid?: unknown },
    ): Promise<AuthenticatedSession | null> {
      // Auth signs no token without them; one without is refused as auth would refuse it.
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      const token = sessionTokenOf(request);
      if (!token) return null;
      const session = await check(token);
      return session ? { ...session, token } : null;
    }

    onModuleDestroy(): void {
      passport.unuse(name);
    }
  }

  return new SessionStrategy();
}
