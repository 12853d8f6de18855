/**
 * `/api/console/stock-counts` (ra-data-simple-rest dialect) with the count sheet's lines, figure
 * entry, the review of differences and the finalise action. Volunteers and admins start counts and
 * enter figures (blind: no books' figure); only admins review and finalise.
 */
import { Body, Controller, Get, Param, Post, Put } from '@nestjs/common';
import {
  catalogOps,
  enterStockCountsBodySchema,
  finaliseStockCountBodySchema,
  INTAKE_MAX_PAGE,
  startStockCountInputSchema,
  stockCountLineSchema,
  stockCountReviewSchema,
  stockCountSchema,
  type Actor,
  STOCK_COUNT_SORT_FIELDS,
} from '@lr/contracts';
import { RpcClient } from '@lr/nest-kit';
import { Access } from '../../auth/access.decorator.js';
import { CurrentActor } from '../../auth/current-actor.decorator.js';
import { ConsoleListRoute, ConsoleQuery, type ConsoleListQuery } from '../../core/console.js';
import { parseBody } from '../../core/body.js';
import { cappedIntakeRange, intakeListInput } from './intake-range.js';
import { ApiDoc } from '../../docs/api-doc.decorator.js';
import { CatalogWrites } from './catalog-writes.js';

@Controller()
export class ConsoleStockCountsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly writes: CatalogWrites,
  ) {}

  @ConsoleListRoute('/api/console/stock-counts', {
    summary:
      'Stock counts, newest first (admins and volunteers; filter status open|finalised, id; sort startedAt, status, scope)',
    row: stockCountSchema,
    sortable: STOCK_COUNT_SORT_FIELDS,
  })
  @Access('admin', 'volunteer')
  list(@CurrentActor() actor: Actor, @ConsoleQuery() query: ConsoleListQuery) {
    const input = intakeListInput(query, ['status', 'id']);
    return this.rpc.call(catalogOps.listStockCounts, input, { actor });
  }

  @Get('/api/console/stock-counts/:id')
  @Access('admin', 'volunteer')
  @ApiDoc({ summary: 'One stock count (admins and volunteers)', response: stockCountSchema })
  get(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.rpc.call(catalogOps.getStockCount, { id }, { actor });
  }

  @Post('/api/console/stock-counts')
  @Access('admin', 'volunteer')
  @ApiDoc({
    summary: "Start a count of every product (scope 'all') or one category (admins and volunteers)",
    body: startStockCountInputSchema,
    response: stockCountSchema,
  })
  start(@CurrentActor() actor: Actor, @Body() body: unknown) {
    const input = parseBody(startStockCountInputSchema, body);
    return this.rpc.call(catalogOps.startStockCount, input, { actor });
  }

  @ConsoleListRoute('/api/console/stock-counts/:id/lines', {
    resource: 'stock-count-lines',
    summary:
      'The count sheet in order (category, product, size), with the figures entered; no books figure while open (admins and volunteers; range only)',
    row: stockCountLineSchema,
    pageSize: INTAKE_MAX_PAGE,
    sortable: [],
  })
  @Access('admin', 'volunteer')
  lines(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @ConsoleQuery() { range }: ConsoleListQuery,
  ) {
    return this.rpc.call(
      catalogOps.listStockCountLines,
      { id, range: cappedIntakeRange(range) },
      { actor },
    );
  }

  @Put('/api/console/stock-counts/:id/lines')
  @Access('admin', 'volunteer')
  @ApiDoc({
    summary:
      'Enter counted figures (0-100000, null clears) for sizes of an open count (admins and volunteers)',
    body: enterStockCountsBodySchema,
    response: stockCountSchema,
  })
  enter(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    const input = parseBody(enterStockCountsBodySchema, body);
    return this.rpc.call(catalogOps.enterStockCounts, { ...input, id }, { actor });
  }

  @Get('/api/console/stock-counts/:id/review')
  @Access('admin')
  @ApiDoc({
    summary:
      'The differences finalising would write now (size, books, counted, difference) and the movements since the count started (admins)',
    response: stockCountReviewSchema,
  })
  review(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.rpc.call(catalogOps.reviewStockCount, { id }, { actor });
  }

  @Post('/api/console/stock-counts/:id/finalise')
  @Access('admin')
  @ApiDoc({
    summary:
      'Finalise a count (admins): one audit movement per differing size; with confirmedBooks, 409 when stock moved since the review',
    body: finaliseStockCountBodySchema,
    response: stockCountReviewSchema,
  })
  finalise(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    const input = parseBody(finaliseStockCountBodySchema, body);
    return this.writes.call(catalogOps.finaliseStockCount, { ...input, id }, { actor });
  }
}
