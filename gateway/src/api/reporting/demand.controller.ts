/**
 * Demand against stock: the console's list and CSV (admins and volunteers) and the public "most
 * needed" list (anyone; categories and sizes only).
 */
import { Controller, Get, Query, Res } from '@nestjs/common';
import { z } from 'zod';
import {
  AppError,
  csvResponseSchema,
  DEMAND_SORT_FIELDS,
  demandFilterSchema,
  demandOps,
  demandRowSchema,
  mostNeededResponseSchema,
  type Actor,
  type DemandSortField,
  type MostNeededResponse,
} from '@lr/contracts';
import { RpcClient } from '@lr/nest-kit';
import type { FastifyReply } from 'fastify';
import { Access } from '../../auth/access.decorator.js';
import { CurrentActor } from '../../auth/current-actor.decorator.js';
import {
  ConsoleListRoute,
  ConsoleQuery,
  pickFilters,
  type ConsoleListQuery,
} from '../../core/console.js';
import { ApiDoc } from '../../docs/api-doc.decorator.js';
import { MostNeeded } from './most-needed.js';

const DEMAND_FILTERS = ['category', 'short'] as const;

/** `filter` of the CSV route: the list's JSON filter (category, short), checked here. */
function csvFilter(raw: unknown) {
  if (raw === undefined || raw === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(raw));
  } catch {
    throw AppError.badRequest('filter: must be JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw AppError.badRequest('filter: expected an object');
  }
  const result = demandFilterSchema.safeParse(
    pickFilters(parsed as Record<string, unknown>, DEMAND_FILTERS),
  );
  if (!result.success) {
    const issue = result.error.issues[0];
    throw AppError.badRequest(`filter.${issue?.path.join('.')}: ${issue?.message}`);
  }
  return result.data;
}

@Controller()
export class DemandController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly mostNeeded: MostNeeded,
  ) {}

  @ConsoleListRoute('/api/console/demand', {
    summary:
      'Demand against stock per product and size: requested by open orders (Processing, Packing), Ready for Pickup, on hand, shortfall (admins and volunteers; filter category, short; sort by any figure)',
    row: demandRowSchema,
    sortable: DEMAND_SORT_FIELDS,
  })
  @Access('admin', 'volunteer')
  list(@CurrentActor() actor: Actor, @ConsoleQuery() query: ConsoleListQuery) {
    return this.rpc.call(
      demandOps.listDemand,
      {
        sort: query.sort
          ? { field: query.sort.field as DemandSortField, order: query.sort.order }
          : null,
        range: query.range,
        filter: pickFilters(query.filter, DEMAND_FILTERS),
      },
      { actor },
    );
  }

  @Get('/api/console/demand.csv')
  @Access('admin', 'volunteer')
  @ApiDoc({
    summary: 'Demand against stock as CSV, every row (admins and volunteers; filter as the list)',
    query: z.object({ filter: z.string().optional() }),
    response: csvResponseSchema,
    responseType: 'text/csv',
  })
  async csv(
    @CurrentActor() actor: Actor,
    @Query('filter') filter: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const file = await this.rpc.call(demandOps.demandCsv, { filter: csvFilter(filter) }, { actor });
    void reply.header('Content-Type', 'text/csv; charset=utf-8');
    void reply.header('Content-Disposition', `attachment; filename="${file.filename}"`);
    void reply.header('Cache-Control', 'no-store');
    return `\uFEFF${file.csv}`;
  }

  @Get('/api/v1/most-needed')
  @Access('public')
  @ApiDoc({
    summary:
      'What the charity most needs: categories, sizings and sizes short of stock, most needed first; no counts (public; cached; published false when the charity turned it off)',
    response: mostNeededResponseSchema,
  })
  async mostNeededList(
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MostNeededResponse> {
    const { answer, maxAgeSeconds } = await this.mostNeeded.get();
    void reply.header('Cache-Control', `public, max-age=${maxAgeSeconds}`);
    return answer;
  }
}
