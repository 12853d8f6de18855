/** The signed-in user's profile and code, and the forgotten-code flow. */
import { Body, Controller, HttpCode, Inject, Param, Post, Put, Req, Res } from '@nestjs/common';
import {
  authOps,
  forgotPasswordInputSchema,
  messageResponseSchema,
  parseOrThrow,
  resetPasswordBodySchema,
  sessionResponseSchema,
  updatePasswordInputSchema,
  updateProfileBodySchema,
  userResponseSchema,
  type Actor,
  type MessageResponse,
  type SessionResponse,
  type UserResponse,
} from '@lr/contracts';
import { RpcClient } from '@lr/nest-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieSecure, type GatewayConfig } from '../../config.js';
import { Access } from '../../auth/access.decorator.js';
import { setSessionCookie } from '../../auth/cookie.js';
import { CurrentActor } from '../../auth/current-actor.decorator.js';
import { SessionCache } from '../../auth/session-cache.js';
import { ImageStore } from '../../core/image-store.js';
import { GATEWAY_CONFIG } from '../../core/tokens.js';
import { ApiDoc } from '../../docs/api-doc.decorator.js';
import { readFormWithAvatar } from './avatar-upload.js';
import { toApiUser } from './user-views.js';

@Controller()
export class AccountController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly images: ImageStore,
    private readonly sessions: SessionCache,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Put('/api/v1/me/update')
  @Access('login')
  @ApiDoc({
    summary:
      'Update own name, login id (email) and avatar; a new login id needs currentPassword (the current code), ends the other sessions and is told to the old login id by mail',
    body: updateProfileBodySchema,
    multipart: true,
    response: userResponseSchema,
    responses: {
      '400': 'currentPassword missing or wrong (a wrong one counts like a failed login)',
      '409': 'Login ID already in use, or another school already has this name',
      '429': 'Too many wrong codes from this address; Retry-After header',
    },
  })
  async updateProfile(
    @CurrentActor() actor: Actor,
    @Req() request: FastifyRequest,
  ): Promise<UserResponse> {
    const { fields, hasAvatar, withAvatar } = await readFormWithAvatar(request, this.images, actor);
    const input = parseOrThrow(updateProfileBodySchema, fields);
    // The avatar a new one replaces: nothing else refers to it, so it goes once the new one is saved.
    const replaced = hasAvatar
      ? (await this.rpc.call(authOps.me, {}, { actor })).avatar.url
      : undefined;
    // The cached actor carries the name and login id (auth's hint evicts too; this is the fallback).
    // The address counts a wrong current code like a failed login; the session is the one a login
    // id change keeps (every other session of the account ends).
    const caller = {
      ip: request.ip,
      ...(request.sessionId ? { sessionId: request.sessionId } : {}),
    };
    const user = await withAvatar((avatar) =>
      this.rpc
        .call(authOps.updateProfile, { ...input, avatar, ...caller }, { actor })
        .finally(() => this.sessions.evictUser(actor.id)),
    );
    if (replaced && replaced !== user.avatar.url) await this.images.removeAvatar(replaced);
    return { success: true, user: toApiUser(user) };
  }

  @Put('/api/v1/password/update')
  @Access('login')
  @ApiDoc({
    summary:
      'Change own code (old, new, confirm); other sessions end; wrong old codes are throttled like logins (429)',
    body: updatePasswordInputSchema,
    response: sessionResponseSchema,
    responses: { '429': 'Too many wrong old codes from this address; Retry-After header' },
  })
  async updatePassword(
    @CurrentActor() actor: Actor,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SessionResponse> {
    const input = parseOrThrow(updatePasswordInputSchema, body ?? {});
    // The address counts the old code's failures like a login's (auth throttles per address).
    const grant = await this.rpc
      .call(authOps.updatePassword, { ...input, ip: request.ip }, { actor })
      .finally(() => this.sessions.evictUser(actor.id));
    setSessionCookie(reply, grant.token, new Date(grant.expiresAt), cookieSecure(this.config));
    return { success: true, user: toApiUser(grant.user), token: grant.token };
  }

  @Post('/api/v1/password/forgot')
  @HttpCode(200)
  @Access('public')
  @ApiDoc({
    summary: 'Mail a single-use reset link (same answer whether or not the account exists)',
    body: forgotPasswordInputSchema,
    response: messageResponseSchema,
    responses: { '429': 'Too many reset requests from this address; Retry-After header' },
  })
  async forgot(@Body() body: unknown, @Req() request: FastifyRequest): Promise<MessageResponse> {
    const input = parseOrThrow(forgotPasswordInputSchema, body ?? {});
    const reply = await this.rpc.call(authOps.forgotPassword, {
      ...input,
      ip: request.ip,
    });
    return { success: true, message: reply.message };
  }

  @Put('/api/v1/password/reset/:token')
  @Access('public')
  @ApiDoc({
    summary:
      'Set a new code with a reset token (single use, 30 minutes); uses are limited per address (429)',
    body: resetPasswordBodySchema,
    response: messageResponseSchema,
    responses: { '429': 'Too many reset attempts from this address; Retry-After header' },
  })
  async reset(
    @Param('token') token: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
  ): Promise<MessageResponse> {
    const input = parseOrThrow(resetPasswordBodySchema, body ?? {});
    await this.rpc.call(authOps.resetPassword, { token, ...input, ip: request.ip });
    return { success: true, message: 'Password Updated Successfully' };
  }
}
