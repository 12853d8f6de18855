/**
 * `/api/console/stock-counts` (ra-data-simple-rest dialect) with the count sheet's lines, figure
 * entry, the review of differences and the finalise action. Volunteers and admins start counts and
 * enter figures (blind: no books' figure); only admins review and finalise.
 */
import { Body, Controller, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { z } from 'zod';
import {
  CATEGORIES,
  INTAKE_MAX_PAGE,
  RPC,
  type Actor,
  type ConsoleList,
  type StockCountDto,
  type StockCountLineDto,
  type StockCountReviewDto,
} from '@lr/contracts';
import { RpcClient } from '@lr/nest-kit';
import type { FastifyReply } from 'fastify';
import { Access } from '../../auth/access.decorator.js';
import { CurrentActor } from '../../auth/current-actor.decorator.js';
import {
  consoleListQuerySchema,
  parseConsoleQuery,
  pickFilters,
  sendConsoleList,
} from '../../core/console.js';
import { bodyObject } from '../../core/body.js';
import { cappedIntakeRange } from './intake-range.js';
import { ApiDoc } from '../../docs/api-doc.decorator.js';
import { CatalogWrites } from './catalog-writes.js';

export const startCountBodySchema = z.object({
  scope: z.enum(['all', ...CATEGORIES]),
  note: z.string().optional(),
});
export const enterCountsBodySchema = z.object({
  lines: z
    .array(
      z.object({ sizeId: z.string(), counted: z.number().int().min(0).max(100_000).nullable() }),
    )
    .min(1)
    .max(INTAKE_MAX_PAGE),
});
export const finaliseCountBodySchema = z.object({
  confirmedBooks: z.array(z.object({ sizeId: z.string(), books: z.number().int() })).optional(),
});

@Controller()
export class ConsoleStockCountsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly writes: CatalogWrites,
  ) {}

  @Get('/api/console/stock-counts')
  @Access('admin', 'volunteer')
  @ApiDoc({
    summary:
      'Stock counts, newest first (admins and volunteers; filter status open|finalised, id; sort startedAt, status, scope)',
    query: consoleListQuerySchema,
  })
  async list(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { sort, range, filter } = parseConsoleQuery(query);
    const list = await this.rpc.call<ConsoleList<StockCountDto>>(
      RPC.catalog.listStockCounts,
      { sort, range: cappedIntakeRange(range), filter: pickFilters(filter, ['status', 'id']) },
      { actor },
    );
    return sendConsoleList(reply, 'stock-counts', list.items, list.total, range.start);
  }

  @Get('/api/console/stock-counts/:id')
  @Access('admin', 'volunteer')
  @ApiDoc({ summary: 'One stock count (admins and volunteers)' })
  get(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.rpc.call<StockCountDto>(RPC.catalog.getStockCount, { id }, { actor });
  }

  @Post('/api/console/stock-counts')
  @Access('admin', 'volunteer')
  @ApiDoc({
    summary: "Start a count of every product (scope 'all') or one category (admins and volunteers)",
    body: startCountBodySchema,
  })
  start(@CurrentActor() actor: Actor, @Body() body: unknown) {
    return this.rpc.call<StockCountDto>(RPC.catalog.startStockCount, bodyObject(body), { actor });
  }

  @Get('/api/console/stock-counts/:id/lines')
  @Access('admin', 'volunteer')
  @ApiDoc({
    summary:
      'The count sheet in order (category, product, size), with the figures entered; no books figure while open (admins and volunteers; range only)',
    query: consoleListQuerySchema,
  })
  async lines(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { range } = parseConsoleQuery(query, INTAKE_MAX_PAGE);
    const list = await this.rpc.call<ConsoleList<StockCountLineDto>>(
      RPC.catalog.listStockCountLines,
      { id, range: cappedIntakeRange(range) },
      { actor },
    );
    return sendConsoleList(reply, 'stock-count-lines', list.items, list.total, range.start);
  }

  @Put('/api/console/stock-counts/:id/lines')
  @Access('admin', 'volunteer')
  @ApiDoc({
    summary:
      'Enter counted figures (0-100000, null clears) for sizes of an open count (admins and volunteers)',
    body: enterCountsBodySchema,
  })
  enter(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    const fields = bodyObject(body);
    return this.rpc.call<StockCountDto>(
      RPC.catalog.enterStockCounts,
      { id, lines: fields.lines },
      { actor },
    );
  }

  @Get('/api/console/stock-counts/:id/review')
  @Access('admin')
  @ApiDoc({
    summary:
      'The differences finalising would write now (size, books, counted, difference) and the movements since the count started (admins)',
  })
  review(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.rpc.call<StockCountReviewDto>(RPC.catalog.reviewStockCount, { id }, { actor });
  }

  @Post('/api/console/stock-counts/:id/finalise')
  @Access('admin')
  @ApiDoc({
    summary:
      'Finalise a count (admins): one audit movement per differing size; with confirmedBooks, 409 when stock moved since the review',
    body: finaliseCountBodySchema,
  })
  finalise(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    const fields = bodyObject(body);
    return this.writes.call<StockCountReviewDto>(
      RPC.catalog.finaliseStockCount,
      { id, confirmedBooks: fields.confirmedBooks ?? undefined },
      { actor },
    );
  }
}
