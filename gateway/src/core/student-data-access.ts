/**
 * What the gateway tells the orders service about a request that may show student details: one
 * access id for the whole HTTP request (every page and resend of it is one row of the access log),
 * what the person is doing (the route says it) and the client address the gateway saw (behind a
 * trusted proxy, the address it forwarded; docs/operations.md).
 */
import { randomUUID } from 'node:crypto';
import type { AccessContext } from '@lr/contracts';
import type { FastifyRequest } from 'fastify';

export function accessOf(request: FastifyRequest, action: AccessContext['action']): AccessContext {
  return { accessId: randomUUID(), action, clientAddress: request.ip || null };
}
