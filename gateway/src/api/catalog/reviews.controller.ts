/** Reviews: `PUT /api/v1/review` by a logged-in user; the console's `reviews` resource (admin). */
import { Body, Controller, Delete, Param, Put } from '@nestjs/common';
import {
  catalogOps,
  consoleReviewSchema,
  parseOrThrow,
  reviewBodySchema,
  successResponseSchema,
  type Actor,
  type SuccessResponse,
  REVIEW_SORT_FIELDS,
} from '@lr/contracts';
import { RpcClient } from '@lr/nest-kit';
import { Access } from '../../auth/access.decorator.js';
import { CurrentActor } from '../../auth/current-actor.decorator.js';
import { bodyObject } from '../../core/body.js';
import { ConsoleListRoute, ConsoleQuery, type ConsoleListQuery } from '../../core/console.js';
import { ApiDoc } from '../../docs/api-doc.decorator.js';
import { CatalogWrites } from './catalog-writes.js';

@Controller()
export class ReviewsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly writes: CatalogWrites,
  ) {}

  @Put('/api/v1/review')
  @Access('login')
  @ApiDoc({
    summary: 'Review a product (rating 0.5-5 in half steps; a second review replaces the first)',
    body: reviewBodySchema,
    response: successResponseSchema,
  })
  async upsert(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<SuccessResponse> {
    const input = parseOrThrow(reviewBodySchema, bodyObject(body));
    await this.writes.call(catalogOps.upsertReview, input, { actor });
    return { success: true };
  }

  @ConsoleListRoute('/api/console/reviews', {
    summary: 'Reviews (console list: filter productId, q)',
    row: consoleReviewSchema,
    sortable: REVIEW_SORT_FIELDS,
  })
  @Access('admin')
  list(@CurrentActor() actor: Actor, @ConsoleQuery() { sort, range, filter }: ConsoleListQuery) {
    const reviewFilter: Record<string, unknown> = {};
    if (typeof filter.productId === 'string') reviewFilter.productId = filter.productId;
    if (typeof filter.q === 'string' && filter.q) reviewFilter.q = filter.q;
    return this.rpc.call(catalogOps.listReviews, { sort, range, filter: reviewFilter }, { actor });
  }

  @Delete('/api/console/reviews/:id')
  @Access('admin')
  @ApiDoc({
    summary: 'Delete a review (ratings and count are recomputed)',
    response: consoleReviewSchema,
  })
  async delete(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.writes.call(catalogOps.deleteReview, { id }, { actor });
  }
}
