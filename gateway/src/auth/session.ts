/**
 * Reads the session token (cookie `token`, or `Authorization: Bearer` for API clients) and finds out
 * who it belongs to: from the SessionCache when a recent answer for this very token is there,
 * otherwise from the auth service, which verifies the JWT and that the session is not revoked.
 * Auth's hints evict the cache, so a role change, a new code, a deletion or a logout still takes
 * effect on the next request.
 */
import { RPC, SESSION_TOKEN_MAX_LENGTH, type Actor, type SessionCheckReply } from '@lr/contracts';
import type { RpcClient } from '@lr/nest-kit';
import type { FastifyRequest } from 'fastify';
import type { SessionCache } from './session-cache.js';

export const SESSION_COOKIE = 'token';

export interface SessionCheckResult {
  actor: Actor;
  sessionId: string;
  /** A fresh token when the old one is past half its life (sliding session); never from the cache. */
  refreshedToken?: string | null;
  expiresAt?: string | null;
}

export function readSessionToken(request: FastifyRequest): string | null {
  const fromCookie = request.cookies?.[SESSION_COOKIE];
  if (fromCookie) return fromCookie;
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || null;
  return null;
}

/**
 * The session of this token, or null when auth refuses it (refusals are never cached). A token
 * auth would refuse as malformed (too long, say) is no session either: on a public route the caller
 * is simply anonymous, on a protected one the guard answers 401, never a 400 about a header.
 */
export async function checkSession(
  rpc: RpcClient,
  cache: SessionCache,
  token: string,
): Promise<SessionCheckResult | null> {
  if (token.length > SESSION_TOKEN_MAX_LENGTH) return null;
  const cached = cache.enabled ? cache.get(token) : null;
  if (cached) return cached;
  if (!cache.enabled) return askAuth(rpc, cache, token);
  return cache.share(token, () => askAuth(rpc, cache, token));
}

async function askAuth(
  rpc: RpcClient,
  cache: SessionCache,
  token: string,
): Promise<SessionCheckResult | null> {
  const ticket = cache.ticket();
  let reply: SessionCheckReply;
  try {
    reply = await rpc.call<SessionCheckReply>(RPC.auth.sessionCheck, { token });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'UNAUTHORIZED' || code === 'BAD_REQUEST') return null;
    throw error;
  }
  cache.store(token, reply, ticket);
  return reply;
}
