/** Login, logout, the current user and the login dropdown. */
import {
  Body,
  Controller,
  HttpCode,
  Get,
  Inject,
  Post,
  Req,
  Res,
  type StreamableFile,
} from '@nestjs/common';
import {
  authOps,
  AppError,
  loginBodySchema,
  loginChoicesResponseSchema,
  messageResponseSchema,
  parseOrThrow,
  sessionResponseSchema,
  userResponseSchema,
  type Actor,
  type ApiLoginChoice,
  type MessageResponse,
  type SessionResponse,
  type UserResponse,
} from '@lr/contracts';
import { LOGGER, RpcClient, keysetPages, type Logger } from '@lr/nest-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieSecure, type GatewayConfig } from '../../config.js';
import { Access } from '../../auth/access.decorator.js';
import { clearSessionCookie, setSessionCookie } from '../../auth/cookie.js';
import { CurrentActor } from '../../auth/current-actor.decorator.js';
import { SessionCache } from '../../auth/session-cache.js';
import { streamJsonList } from '../../core/json-list-stream.js';
import { GATEWAY_CONFIG } from '../../core/tokens.js';
import { ApiDoc } from '../../docs/api-doc.decorator.js';
import { toApiUser, toLoginChoice } from './user-views.js';

@Controller()
export class SessionController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly sessions: SessionCache,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ context: 'SessionController' });
  }

  private readonly logger: Logger;

  @Post('/api/v1/login')
  @HttpCode(200)
  @Access('public')
  @ApiDoc({
    summary: 'Log in with a login id (email) and code; sets the session cookie',
    body: loginBodySchema,
    response: sessionResponseSchema,
    responses: {
      '429':
        'Too many wrong codes from this address (for this account or in all); Retry-After header',
    },
  })
  async login(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SessionResponse> {
    const input = parseOrThrow(loginBodySchema, body ?? {});
    const grant = await this.rpc.call(authOps.login, {
      loginId: input.email,
      password: input.password,
      ip: request.ip,
    });
    setSessionCookie(reply, grant.token, new Date(grant.expiresAt), cookieSecure(this.config));
    return { success: true, user: toApiUser(grant.user), token: grant.token };
  }

  @Post('/api/v1/logout')
  @HttpCode(200)
  @Access('public')
  @ApiDoc({
    summary:
      'Log out: ends the session and clears the cookie (refused from another origin, as every POST)',
    response: messageResponseSchema,
    responses: { '403': 'Sent from another origin (CSRF check)' },
  })
  logout(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MessageResponse> {
    return this.endSession(request, reply);
  }

  /**
   * The old client's logout. A GET is sent cross-site by any page (an <img> is enough, and the
   * SameSite=Lax cookie goes along with top-level navigations), so a browser saying the request
   * comes from another site is refused; clients without Sec-Fetch-Site (old browsers, scripts) are
   * served as before.
   */
  @Get('/api/v1/logout')
  @Access('public')
  @ApiDoc({
    summary:
      'Log out (old clients; prefer POST): 403 when the browser says Sec-Fetch-Site: cross-site',
    response: messageResponseSchema,
    responses: { '403': 'Sent from another site (Sec-Fetch-Site: cross-site); use POST' },
  })
  logoutByGet(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MessageResponse> {
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw new AppError(
        'FORBIDDEN',
        'Cross-site logout refused: log out from the shop itself (POST /api/v1/logout)',
      );
    }
    return this.endSession(request, reply);
  }

  private async endSession(request: FastifyRequest, reply: FastifyReply): Promise<MessageResponse> {
    const token = request.sessionToken;
    try {
      if (token) await this.rpc.call(authOps.logout, { token });
    } finally {
      // Auth's hint does this too; evicting here does not depend on NATS delivering it.
      if (request.sessionId) this.sessions.evictSession(request.sessionId);
    }
    clearSessionCookie(reply, cookieSecure(this.config));
    return { success: true, message: 'Logged Out' };
  }

  @Get('/api/v1/me')
  @Access('login')
  @ApiDoc({ summary: 'The signed-in user', response: userResponseSchema })
  async me(@CurrentActor() actor: Actor): Promise<UserResponse> {
    const user = await this.rpc.call(authOps.me, {}, { actor });
    return { success: true, user: toApiUser(user) };
  }

  @Get('/api/v1/getUserList')
  @Access('public')
  @ApiDoc({
    summary: 'Schools for the login dropdown (reserved accounts excluded), sorted by name',
    response: loginChoicesResponseSchema,
  })
  userList(@Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const rpc = this.rpc;
    async function* pages(): AsyncGenerator<ApiLoginChoice[]> {
      const walk = keysetPages((after) => rpc.call(authOps.publicUserList, { after }));
      for await (const page of walk) yield page.map(toLoginChoice);
    }
    return streamJsonList(
      reply,
      { head: { success: true }, field: 'users', pages: pages(), what: 'getUserList' },
      this.logger,
    );
  }
}
