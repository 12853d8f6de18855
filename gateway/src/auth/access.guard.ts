/**
 * Global guard: identifies the caller with Passport (the session strategy, session.strategy.ts) and
 * enforces the route's @Access rule. A route without a rule is refused, so a forgotten decorator
 * fails closed.
 *
 * No token, a token that does not verify and a session auth refuses all make the caller anonymous:
 * a public route answers as to anyone (never a 401), a protected one answers 401, and a caller
 * whose role the rule does not name gets 403. A failure to find out (auth unreachable) fails the
 * request.
 */
import { Inject, Injectable, Logger, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard, AuthModuleOptions } from '@nestjs/passport';
import { AppError, ROLES, type Role } from '@lr/contracts';
import { requireActor, requireRole } from '@lr/nest-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieSecure, type GatewayConfig } from '../config.js';
import { GATEWAY_CONFIG } from '../core/tokens.js';
import { ACCESS_KEY, type AccessRule } from './access.decorator.js';
import { setSessionCookie } from './cookie.js';
import type { AuthenticatedSession } from './session.strategy.js';
import { sessionTokenOf } from './session-token.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** What Passport authenticated the request as (routes read `actor`). */
    user?: AuthenticatedSession | null;
  }
}

const isRole = (rule: AccessRule): rule is Role => (ROLES as readonly string[]).includes(rule);

@Injectable()
export class AccessGuard extends AuthGuard() {
  private readonly logger = new Logger(AccessGuard.name);

  constructor(
    private readonly reflector: Reflector,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    options: AuthModuleOptions,
  ) {
    super(options);
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const rules = this.reflector.getAllAndOverride<AccessRule[] | undefined>(ACCESS_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!rules) {
      this.logger.error(
        `Route ${context.getClass().name}.${context.getHandler().name} has no @Access rule`,
      );
      throw AppError.forbidden();
    }
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    request.privateRoute = !rules.includes('public');
    if (request.actor === undefined) await this.identify(context, request);

    if (rules.includes('public')) return true;
    if (rules.includes('login')) requireActor(request.actor ?? null);
    else requireRole(request.actor ?? null, ...rules.filter(isRole));
    return true;
  }

  /** No session is an answer (anonymous), not an error; errors (auth unreachable) still are. */
  override handleRequest<TUser = AuthenticatedSession | null>(
    error: unknown,
    session: AuthenticatedSession | false | null,
  ): TUser {
    if (error) throw error;
    return (session || null) as TUser;
  }

  private async identify(context: ExecutionContext, request: FastifyRequest): Promise<void> {
    request.sessionToken = null;
    request.actor = null;
    // A request with no token has nobody to authenticate: Passport would only say so, at the cost
    // of its per-request machinery on the busiest routes there are (guests browsing the catalog).
    if (!sessionTokenOf(request)) return;
    await super.canActivate(context);
    const session = request.user;
    if (!session) return;
    request.sessionToken = session.token;
    request.actor = session.actor;
    request.sessionId = session.sessionId;
    if (session.refreshedToken && session.expiresAt) {
      request.sessionToken = session.refreshedToken;
      setSessionCookie(
        context.switchToHttp().getResponse<FastifyReply>(),
        session.refreshedToken,
        new Date(session.expiresAt),
        cookieSecure(this.config),
      );
    }
  }
}
