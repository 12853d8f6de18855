/**
 * The cross-site request check (CSRF): browsers send `Origin` on state-changing requests, and one
 * from a page of another site is refused. Only PUBLIC_URL's origin and the configured extra origins
 * are allowed; the request's own Host never is, since whoever sends the request chooses it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A comma-separated list of origins (`scheme://host[:port]`), each checked when the app starts. */
export const originListSchema = z
  .string()
  .default('')
  .transform((value, context) => {
    const origins: string[] = [];
    for (const item of value.split(',')) {
      const text = item.trim().replace(/\/$/, '');
      if (!text) continue;
      const origin = URL.canParse(text) ? new URL(text).origin : 'null';
      if (origin === 'null' || origin !== text) {
        context.addIssue({
          code: 'custom',
          message: `${text} is not an origin (scheme://host[:port])`,
        });
        return z.NEVER;
      }
      origins.push(origin);
    }
    return origins;
  });

/** The origins whose pages may change state: PUBLIC_URL's and the extra ones. */
export function allowedOrigins(publicUrl: string, extraOrigins: readonly string[]): Set<string> {
  return new Set([new URL(publicUrl).origin, ...extraOrigins]);
}

/** Answers 403 to a state-changing request from another origin; true when it did. */
export function refuseCrossSite(
  allowed: ReadonlySet<string>,
  request: FastifyRequest,
  reply: FastifyReply,
): boolean {
  const origin = request.headers.origin;
  if (!STATE_CHANGING.has(request.method) || !origin || allowed.has(origin)) return false;
  void reply
    .status(403)
    .send({ success: false, message: 'Cross-site request refused', code: 'FORBIDDEN' });
  return true;
}
