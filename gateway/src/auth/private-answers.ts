/**
 * `Cache-Control: no-store` on answers that belong to one person, so that no browser cache, shared
 * proxy or back/forward cache keeps them: every JSON answer to a request that carried a session
 * (valid or not), every answer of a route that needs a login, every answer that sets the session
 * cookie, and everything under /api/console. Public catalog answers to anonymous callers are left
 * as their routes make them; images and scripts keep their caching even when a cookie came along.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readSessionToken } from './session-token.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the access guard when the route is not public. */
    privateRoute?: boolean;
  }
}

function isPrivateAnswer(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.url.startsWith('/api/console')) return true;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !type.startsWith('application/json')) return false;
  return (
    request.privateRoute === true ||
    readSessionToken(request) !== null ||
    reply.hasHeader('set-cookie')
  );
}

export function registerPrivateAnswers(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, _payload, done) => {
    if (isPrivateAnswer(request, reply)) void reply.header('Cache-Control', 'no-store');
    done();
  });
}
