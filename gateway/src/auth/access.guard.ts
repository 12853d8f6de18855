/**
 * Global guard: identifies the caller from the session and enforces the route's @Access rule.
 * A route without a rule is refused, so a forgotten decorator fails closed.
 */
import {
  Inject,
  Injectable,
  Logger,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError } from '@lr/contracts';
import { RpcClient } from '@lr/nest-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieSecure, type GatewayConfig } from '../config.js';
import { GATEWAY_CONFIG } from '../core/tokens.js';
import { ACCESS_KEY, type AccessRule } from './access.decorator.js';
import { setSessionCookie } from './cookie.js';
import { SessionCache } from './session-cache.js';
import { checkSession, readSessionToken } from './session.js';

@Injectable()
export class AccessGuard implements CanActivate {
  private readonly logger = new Logger(AccessGuard.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly rpc: RpcClient,
    private readonly sessions: SessionCache,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
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
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    request.privateRoute = !rules.includes('public');
    await this.identify(request, reply);

    if (rules.includes('public')) return true;
    const actor = request.actor;
    if (!actor) throw AppError.unauthorized();
    if (rules.includes('login') || rules.includes(actor.role)) return true;
    throw new AppError('FORBIDDEN', `Role: ${actor.role} is not allowed to access this resource`);
  }

  private async identify(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (request.actor !== undefined) return;
    const token = readSessionToken(request);
    request.sessionToken = null;
    request.actor = null;
    if (!token) return;
    // A token that is no session (garbage, expired, oversized) makes the caller anonymous: public
    // routes answer as to anyone, protected ones 401 below.
    const session = await checkSession(this.rpc, this.sessions, token);
    if (!session) return;
    request.sessionToken = token;
    request.actor = session.actor;
    request.sessionId = session.sessionId;
    if (session.refreshedToken && session.expiresAt) {
      request.sessionToken = session.refreshedToken;
      setSessionCookie(
        reply,
        session.refreshedToken,
        new Date(session.expiresAt),
        cookieSecure(this.config),
      );
    }
  }
}
