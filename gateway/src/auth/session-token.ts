/**
 * The one place that reads the session token of a request: the cookie `token`, or else an
 * `Authorization: Bearer` header (API clients).
 */
import { SESSION_TOKEN_MAX_LENGTH } from '@lr/contracts';
import type { FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'token';

/** The token the request carries, whatever it is worth (a request that carried one is private). */
export function readSessionToken(request: FastifyRequest): string | null {
  const fromCookie = request.cookies?.[SESSION_COOKIE];
  if (fromCookie) return fromCookie;
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || null;
  return null;
}

/**
 * The token to authenticate with, or null. A token auth would refuse as malformed (too long) is no
 * session either: on a public route the caller is simply anonymous, on a protected one the guard
 * answers 401, never a 400 about a header.
 */
export function sessionTokenOf(request: FastifyRequest): string | null {
  const token = readSessionToken(request);
  return token && token.length <= SESSION_TOKEN_MAX_LENGTH ? token : null;
}
