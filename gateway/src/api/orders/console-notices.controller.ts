/** `/api/console/notices` (ra-data-simple-rest; admins): notices to schools on the store's home page. */
import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { z } from 'zod';
import {
  noticeInputSchema,
  noticeSchema,
  noticesOps,
  parseOrThrow,
  type Actor,
} from '@lr/contracts';
import { RpcClient } from '@lr/nest-kit';
import { Access } from '../../auth/access.decorator.js';
import { CurrentActor } from '../../auth/current-actor.decorator.js';
import { ConsoleListRoute } from '../../core/console.js';
import { ApiDoc } from '../../docs/api-doc.decorator.js';

const idSchema = z.uuid('must be a notice id');

/** The fields of a notice; react-admin sends the whole record back on edit. */
function noticeOf(body: unknown) {
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const { text, startDate, endDate, level } = record;
  return parseOrThrow(noticeInputSchema, { text, startDate, endDate, level });
}

@Controller()
export class ConsoleNoticesController {
  constructor(private readonly rpc: RpcClient) {}

  @ConsoleListRoute('/api/console/notices', {
    summary: 'Notices to schools, latest start first (admins)',
    row: noticeSchema,
    sortable: [],
  })
  @Access('admin')
  async list(@CurrentActor() actor: Actor) {
    const items = await this.rpc.call(noticesOps.listNotices, undefined, { actor });
    return { items, total: items.length };
  }

  @Get('/api/console/notices/:id')
  @Access('admin')
  @ApiDoc({ summary: 'One notice (admins)', response: noticeSchema })
  get(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.rpc.call(noticesOps.getNotice, { id: parseOrThrow(idSchema, id) }, { actor });
  }

  @Post('/api/console/notices')
  @Access('admin')
  @ApiDoc({
    summary: 'Post a notice: text, startDate, endDate (YYYY-MM-DD), level info|warning (admins)',
    body: noticeInputSchema,
    response: noticeSchema,
  })
  create(@CurrentActor() actor: Actor, @Body() body: unknown) {
    return this.rpc.call(noticesOps.createNotice, noticeOf(body), { actor });
  }

  @Put('/api/console/notices/:id')
  @Access('admin')
  @ApiDoc({ summary: 'Change a notice (admins)', body: noticeInputSchema, response: noticeSchema })
  update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    return this.rpc.call(
      noticesOps.updateNotice,
      { id: parseOrThrow(idSchema, id), notice: noticeOf(body) },
      { actor },
    );
  }

  @Delete('/api/console/notices/:id')
  @Access('admin')
  @ApiDoc({ summary: 'Delete a notice (admins)', response: noticeSchema })
  delete(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.rpc.call(noticesOps.deleteNotice, { id: parseOrThrow(idSchema, id) }, { actor });
  }
}
