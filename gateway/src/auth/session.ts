/**
 * Reads the session token (cookie `token`, or `Authorization: Bearer` for API clients) and asks the
 * auth service who it belongs to. Auth verifies the JWT and that the session is not revoked, so a
 * role change, a new code or a logout takes effect on the next request.
 */
import { RPC, type Actor } from '@lr/contracts';
import type { RpcClient } from '@lr/nest-kit';
import type { FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'token';

export interface SessionCheckResult {
  actor: Actor;
  /** A fresh token when the old one is past half its life (sliding session). */
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

export async function checkSession(
  rpc: RpcClient,
  token: string,
): Promise<SessionCheckResult | null> {
  try {
    return await rpc.call<SessionCheckResult>(RPC.auth.sessionCheck, { token });
  } catch (error) {
    if ((error as { code?: string }).code === 'UNAUTHORIZED') return null;
    throw error;
  }
}
