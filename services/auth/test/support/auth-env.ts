/** Shared set-up of the auth service tests: a TestEnv with the auth service and the demo accounts. */
import { decodeJwt, SignJWT } from 'jose';
import { authOps, type Actor, type SessionGrant } from '@lr/contracts';
import { TestEnv } from '@lr/testing';
import { DEMO_CODE, startAuthService } from '@lr/testing/services';
import type { AuthConfig } from '../../src/index.js';
import { AfterReplyQueue } from '../../src/core/after-reply-queue.js';

export { DEMO_CODE };

export interface AuthTestEnv {
  env: TestEnv;
  config: AuthConfig;
}

export async function startAuth(extra: Record<string, string> = {}): Promise<AuthTestEnv> {
  const env = await TestEnv.create();
  const config = await startAuthService(env, extra);
  return { env, config };
}

export function login(
  env: TestEnv,
  loginId: string,
  password = DEMO_CODE,
  ip = '10.0.0.1',
): Promise<SessionGrant> {
  return env.rpc.call(authOps.login, { loginId, password, ip });
}

/** Logs in and returns the actor the gateway would pass on (from the session check). */
export async function actorOf(env: TestEnv, loginId: string, password = DEMO_CODE): Promise<Actor> {
  const grant = await login(env, loginId, password);
  const checked = await env.rpc.call(authOps.sessionCheck, {
    token: grant.token,
  });
  return checked.actor;
}

export async function errorOf(
  promise: Promise<unknown>,
): Promise<{ code: string; message: string; details?: unknown }> {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; message: string; details?: unknown };
  }
  throw new Error('expected the call to fail');
}

/**
 * The same session as `token`, signed as if issued 40 minutes ago (past half of a 60-minute life),
 * so a check must slide it to a fresh token.
 */
export function agedToken(token: string, secret: string): Promise<string> {
  const claims = decodeJwt(token);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: claims.sid as string })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub!)
    .setIssuer('lockerroom-auth')
    .setIssuedAt(now - 40 * 60)
    .setExpirationTime(now + 20 * 60)
    .sign(new TextEncoder().encode(secret));
}

/** Waits until the work auth does after answering (reset links and their mails) is done. */
export async function afterReplyDone(env: TestEnv): Promise<void> {
  const app = env.apps.get('auth');
  if (!app) throw new Error('auth is not running');
  await app.get(AfterReplyQueue).idle();
}
