/** The old API's admin user calls: list, read, update, delete and Add User. */
import {
  Body,
  Controller,
  Delete,
  Get,
  Inject,
  Param,
  Post,
  Put,
  Req,
  Res,
  type StreamableFile,
} from '@nestjs/common';
import {
  authOps,
  PAGE_SIZE_MAX,
  messageResponseSchema,
  parseOrThrow,
  registerBodySchema,
  updateUserBodySchema,
  userListResponseSchema,
  userResponseSchema,
  type Actor,
  type MessageResponse,
  type UserResponse,
} from '@lr/contracts';
import { LOGGER, RpcClient, keysetPages, type Logger } from '@lr/nest-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../../auth/access.decorator.js';
import { CurrentActor } from '../../auth/current-actor.decorator.js';
import { SessionCache } from '../../auth/session-cache.js';
import { ImageStore } from '../../core/image-store.js';
import { streamJsonList } from '../../core/json-list-stream.js';
import { ApiDoc } from '../../docs/api-doc.decorator.js';
import { readFormWithAvatar } from './avatar-upload.js';
import { toApiUser } from './user-views.js';

@Controller()
export class AdminUsersController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly images: ImageStore,
    private readonly sessions: SessionCache,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ context: 'AdminUsersController' });
  }

  private readonly logger: Logger;

  @Get('/api/v1/admin/users')
  @Access('admin')
  @ApiDoc({ summary: 'All users (admin)', response: userListResponseSchema })
  /** The whole list for the old client's table (it pages in the browser), streamed. */
  list(
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const pages = keysetPages(async (after) => {
      const page = await this.rpc.call(
        authOps.listUsers,
        { limit: PAGE_SIZE_MAX, after },
        { actor },
      );
      return { items: page.items.map(toApiUser), next: page.next ?? null };
    });
    return streamJsonList(
      reply,
      {
        head: { success: true },
        field: 'users',
        pages,
        tail: (count) => ({ usersCount: count }),
        what: 'admin/users',
      },
      this.logger,
    );
  }

  @Get('/api/v1/admin/user/:id')
  @Access('admin')
  @ApiDoc({ summary: 'One user (admin)', response: userResponseSchema })
  async get(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<UserResponse> {
    const user = await this.rpc.call(authOps.getUser, { id }, { actor });
    return { success: true, user: toApiUser(user) };
  }

  @Put('/api/v1/admin/user/:id')
  @Access('admin')
  @ApiDoc({
    summary: 'Update User: name, email (login id), role admin or user (admin)',
    body: updateUserBodySchema,
    response: userResponseSchema,
  })
  async update(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<UserResponse> {
    const input = parseOrThrow(updateUserBodySchema, body ?? {});
    // Evicting the user's cached sessions here too does not depend on auth's hint arriving.
    const user = await this.rpc
      .call(authOps.updateUser, { ...input, id }, { actor })
      .finally(() => this.sessions.evictUser(id));
    return { success: true, user: toApiUser(user) };
  }

  @Delete('/api/v1/admin/user/:id')
  @Access('admin')
  @ApiDoc({
    summary: 'Delete a user (admin); their sessions end and their avatar is removed',
    response: messageResponseSchema,
  })
  async delete(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<MessageResponse> {
    const deleted = await this.rpc
      .call(authOps.deleteUser, { id }, { actor })
      .finally(() => this.sessions.evictUser(id));
    await this.images.removeAvatar(deleted.avatar.url);
    return { success: true, message: 'User Deleted Successfully' };
  }

  @Post('/api/v1/register')
  @Access('admin')
  @ApiDoc({
    summary: 'Add User (admin): name, email (login id), password, role, address, district, avatar',
    body: registerBodySchema,
    multipart: true,
    response: userResponseSchema,
  })
  async register(
    @CurrentActor() actor: Actor,
    @Req() request: FastifyRequest,
  ): Promise<UserResponse> {
    const { fields, withAvatar } = await readFormWithAvatar(request, this.images, actor);
    // The old client also sends passwordShow (a plain-text copy); it is never stored.
    const { passwordShow: _ignored, ...rest } = fields;
    const input = parseOrThrow(registerBodySchema, rest);
    const user = await withAvatar((avatar) =>
      this.rpc.call(authOps.registerUser, { ...input, avatar }, { actor }),
    );
    return { success: true, user: toApiUser(user) };
  }
}
