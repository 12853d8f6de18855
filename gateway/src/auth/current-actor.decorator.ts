import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Actor } from '@lr/contracts';
import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    actor?: Actor | null;
    sessionToken?: string | null;
    /** The session of `sessionToken` once the guard has checked it (logout evicts it). */
    sessionId?: string | null;
  }
}

/** The authenticated caller, or null for a guest. */
export const CurrentActor = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): Actor | null => {
    return ctx.switchToHttp().getRequest<FastifyRequest>().actor ?? null;
  },
);
