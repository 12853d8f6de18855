/**
 * Whether the session of a token that verified still stands, and who it belongs to: from the
 * SessionCache when a recent answer for this very token is there, otherwise from auth's
 * sessionCheck, which alone knows about revocations. Auth's hints evict the cache, so a role
 * change, a new code, a deletion or a logout still takes effect on the next request.
 */
import { authOps, type Actor, type SessionCheckReply } from '@lr/contracts';
import type { RpcClient } from '@lr/nest-kit';
import type { SessionCache } from './session-cache.js';

export interface SessionCheckResult {
  actor: Actor;
  sessionId: string;
  /** A fresh token when the old one is past half its life (sliding session); never from the cache. */
  refreshedToken?: string | null;
  expiresAt?: string | null;
}

/** The session of this token, or null when auth refuses it (refusals are never cached). */
export async function checkSession(
  rpc: RpcClient,
  cache: SessionCache,
  token: string,
): Promise<SessionCheckResult | null> {
  const cached = knownSession(cache, token);
  if (cached) return cached;
  if (!cache.enabled) return askAuth(rpc, cache, token);
  return cache.share(token, () => askAuth(rpc, cache, token));
}

/** The cache's recent answer for this very token, or null (ask auth); never a round trip. */
export function knownSession(cache: SessionCache, token: string): SessionCheckResult | null {
  return cache.enabled ? cache.get(token) : null;
}

async function askAuth(
  rpc: RpcClient,
  cache: SessionCache,
  token: string,
): Promise<SessionCheckResult | null> {
  const ticket = cache.ticket();
  let reply: SessionCheckReply;
  try {
    reply = await rpc.call(authOps.sessionCheck, { token });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'UNAUTHORIZED' || code === 'BAD_REQUEST') return null;
    throw error;
  }
  cache.store(token, reply, ticket);
  return reply;
}
