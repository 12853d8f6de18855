/**
 * The session strategy inside Passport, on its own: which tokens it verifies and which it takes from
 * what the SessionCache already knows. The whole path with auth, NATS and the guard is in
 * gateway/test/auth-passport-strategy.test.ts.
 */
import passport from 'passport';
import { SignJWT } from 'jose';
import type { Actor } from '@lr/contracts';
import { createSessionStrategy, type AuthenticatedSession } from './session.strategy.js';
import type { SessionCheckResult } from './session-check.js';

const SECRET = 'strategy-test-secret-of-enough-length-0123456789';
const actor: Actor = { id: '00000000-0000-4000-8000-000000000001', role: 'admin' } as Actor;

function sign(key = SECRET): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sub: actor.id, sid: 's1' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('lockerroom-auth')
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(new TextEncoder().encode(key));
}

type Outcome = { session: AuthenticatedSession | null; failed: boolean };

/** Runs Passport with the strategy for a request carrying `token` in its cookie. */
function authenticate(name: string, token: string): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const request = { cookies: { token }, headers: {} };
    passport.authenticate(
      name,
      { session: false },
      (error: unknown, session: AuthenticatedSession | false) => {
        if (error) reject(error);
        else resolve({ session: session || null, failed: !session });
      },
    )(request, {}, () => undefined);
  });
}

describe('session strategy', () => {
  let checked: string[];
  let known: Map<string, SessionCheckResult>;
  let seq = 0;

  function strategy() {
    seq += 1;
    const name = `strategy-test-${seq}`;
    const instance = createSessionStrategy(
      name,
      SECRET,
      async (token) => {
        checked.push(token);
        return { actor, sessionId: 's1' };
      },
      (token) => known.get(token) ?? null,
    );
    return { name, close: () => instance.onModuleDestroy() };
  }

  beforeEach(() => {
    checked = [];
    known = new Map();
  });

  it('verifies a token it does not know, then asks for its session', async () => {
    const s = strategy();
    const token = await sign();
    const outcome = await authenticate(s.name, token);
    expect(outcome.session).toEqual({ actor, sessionId: 's1', token });
    expect(checked).toEqual([token]);
    s.close();
  });

  it('refuses a token signed with another key without asking for its session', async () => {
    const s = strategy();
    const outcome = await authenticate(
      s.name,
      await sign('another-key-of-enough-length-0123456789'),
    );
    expect(outcome.failed).toBe(true);
    expect(checked).toEqual([]);
    s.close();
  });

  it('takes a token the cache knows as it is: no signature check, no session check', async () => {
    const s = strategy();
    // Only a token that verified and that auth accepted is ever in the cache; a string that could
    // never verify shows that the signature check was skipped.
    known.set('known-token', { actor, sessionId: 's2' });
    const outcome = await authenticate(s.name, 'known-token');
    expect(outcome.session).toEqual({ actor, sessionId: 's2', token: 'known-token' });
    expect(checked).toEqual([]);
    s.close();
  });

  it('verifies again once the cache has let the token go', async () => {
    const s = strategy();
    const token = await sign();
    known.set(token, { actor, sessionId: 's2' });
    expect((await authenticate(s.name, token)).session?.sessionId).toBe('s2');
    known.clear();
    const outcome = await authenticate(s.name, token);
    expect(outcome.session?.sessionId).toBe('s1');
    expect(checked).toEqual([token]);
    s.close();
  });
});
