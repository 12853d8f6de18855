/** `/api/console/users` for the react-admin console (ra-data-simple-rest dialect), admins only. */
import { Body, Controller, HttpCode, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { z } from 'zod';
import {
  authOps,
  consoleUserCodeSchema,
  consoleUserSchema,
  USER_SORT_FIELDS,
  parseOrThrow,
  registerBodySchema,
  roleSchema,
  textSchema,
  updateUserBodySchema,
  type Actor,
  type InputOf,
  type Operation,
  type OutputOf,
} from '@lr/contracts';
import { RpcClient, sortColumn } from '@lr/nest-kit';
import { Access } from '../../auth/access.decorator.js';
import { CurrentActor } from '../../auth/current-actor.decorator.js';
import { SessionCache } from '../../auth/session-cache.js';
import { ImageStore } from '../../core/image-store.js';
import {
  ConsoleListRoute,
  ConsoleQuery,
  consoleIdFilterSchema,
  idsOf,
  type ConsoleListQuery,
} from '../../core/console.js';
import { ApiDoc } from '../../docs/api-doc.decorator.js';
import { toConsoleUser } from './user-views.js';

const filterSchema = z.object({
  q: textSchema().trim().max(100).optional(),
  role: roleSchema.optional(),
  id: consoleIdFilterSchema,
});

/** Console field names -> the auth service's sort fields (`email` is the login id). */
const SORT_FIELDS: Record<string, (typeof USER_SORT_FIELDS)[number]> = {
  id: 'loginId',
  email: 'loginId',
  loginId: 'loginId',
  name: 'name',
  district: 'district',
  role: 'role',
  createdAt: 'createdAt',
};

@Controller()
export class ConsoleUsersController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly sessions: SessionCache,
    private readonly images: ImageStore,
  ) {}

  /**
   * Calls auth for a change to user `id`, then evicts that user's cached sessions whatever the
   * outcome (auth's hint does it too; this does not depend on NATS delivering it).
   */
  private changeUser<Op extends Operation>(
    id: string,
    operation: Op,
    input: InputOf<Op>,
    actor: Actor,
  ): Promise<OutputOf<Op>> {
    return this.rpc.call(operation, input, { actor }).finally(() => this.sessions.evictUser(id));
  }

  @ConsoleListRoute('/api/console/users', {
    summary: 'Users (console list: sort, range, filter q/role/id)',
    row: consoleUserSchema,
    sortable: Object.keys(SORT_FIELDS),
  })
  @Access('admin')
  async list(
    @CurrentActor() actor: Actor,
    @ConsoleQuery() { sort, range, filter }: ConsoleListQuery,
  ) {
    const filters = parseOrThrow(filterSchema, filter);
    const ids = idsOf(filters.id);
    if (ids) {
      const users = await this.rpc.call(authOps.getUsers, { ids }, { actor });
      return { items: users.map(toConsoleUser), total: users.length, start: 0 };
    }
    const sortField = sortColumn(SORT_FIELDS, sort, 'loginId');
    const list = await this.rpc.call(
      authOps.listUsers,
      {
        sort: { field: sortField, order: sort?.order ?? 'ASC' },
        offset: range.start,
        limit: range.end - range.start + 1,
        ...(filters.q ? { q: filters.q } : {}),
        ...(filters.role ? { role: filters.role } : {}),
      },
      { actor },
    );
    return { items: list.items.map(toConsoleUser), total: list.total };
  }

  @Get('/api/console/users/:id')
  @Access('admin')
  @ApiDoc({ summary: 'One user (console)', response: consoleUserSchema })
  async get(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return toConsoleUser(await this.rpc.call(authOps.getUser, { id }, { actor }));
  }

  @Post('/api/console/users')
  @Access('admin')
  @ApiDoc({ summary: 'Add User (console)', body: registerBodySchema, response: consoleUserSchema })
  async create(@CurrentActor() actor: Actor, @Body() body: unknown) {
    const input = parseOrThrow(registerBodySchema, body ?? {});
    return toConsoleUser(await this.rpc.call(authOps.registerUser, input, { actor }));
  }

  @Put('/api/console/users/:id')
  @Access('admin')
  @ApiDoc({
    summary: 'Update User (console): name, email, role admin or user',
    body: updateUserBodySchema,
    response: consoleUserSchema,
  })
  async update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    const input = parseOrThrow(updateUserBodySchema, body ?? {});
    return toConsoleUser(await this.changeUser(id, authOps.updateUser, { ...input, id }, actor));
  }

  @Delete('/api/console/users/:id')
  @Access('admin')
  @ApiDoc({
    summary: 'Delete a user (console); their avatar is removed',
    response: consoleUserSchema,
  })
  async delete(@CurrentActor() actor: Actor, @Param('id') id: string) {
    const deleted = await this.changeUser(id, authOps.deleteUser, { id }, actor);
    await this.images.removeAvatar(deleted.avatar.url);
    return toConsoleUser(deleted);
  }

  @Post('/api/console/users/:id/code')
  @HttpCode(200)
  @Access('admin')
  @ApiDoc({
    summary: "Set a new code for a user; it is shown once and the user's sessions end",
    response: consoleUserCodeSchema,
  })
  async setCode(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.changeUser(id, authOps.setUserCode, { id }, actor);
  }
}
