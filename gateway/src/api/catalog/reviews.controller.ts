/** Reviews: `PUT /api/v1/review` by a logged-in user; the console's `reviews` resource (admin). */
import { Body, Controller, Delete, Param, Put } from '@nestjs/common';
import { z } from 'zod';
import {
  AppError,
  consoleReviewSchema,
  RPC,
  type Actor,
  type ConsoleList,
  type ConsoleReviewDto,
} from '@lr/contracts';
import { RpcClient } from '@lr/nest-kit';
import { Access } from '../../auth/access.decorator.js';
import { CurrentActor } from '../../auth/current-actor.decorator.js';
import { ConsoleListRoute, ConsoleQuery, type ConsoleListQuery } from '../../core/console.js';
import { ApiDoc } from '../../docs/api-doc.decorator.js';
import { CatalogWrites } from './catalog-writes.js';

export const reviewBodySchema = z.object({
  rating: z.number(),
  comment: z.string().optional(),
  productId: z.string(),
});

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
  })
  async upsert(@CurrentActor() actor: Actor, @Body() body: unknown) {
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw AppError.badRequest('The request body must be an object');
    const { rating, comment, productId } = body as Record<string, unknown>;
    if (productId === undefined || productId === '')
      throw AppError.badRequest('productId: is required');
    await this.writes.call<ConsoleReviewDto>(
      RPC.catalog.upsertReview,
      { rating, comment, productId },
      { actor },
    );
    return { success: true };
  }

  @ConsoleListRoute('/api/console/reviews', {
    summary: 'Reviews (console list: filter productId, q)',
    row: consoleReviewSchema,
  })
  @Access('admin')
  list(@CurrentActor() actor: Actor, @ConsoleQuery() { sort, range, filter }: ConsoleListQuery) {
    const reviewFilter: Record<string, unknown> = {};
    if (typeof filter.productId === 'string') reviewFilter.productId = filter.productId;
    if (typeof filter.q === 'string' && filter.q) reviewFilter.q = filter.q;
    return this.rpc.call<ConsoleList<ConsoleReviewDto>>(
      RPC.catalog.listReviews,
      { sort, range, filter: reviewFilter },
      { actor },
    );
  }

  @Delete('/api/console/reviews/:id')
  @Access('admin')
  @ApiDoc({
    summary: 'Delete a review (ratings and count are recomputed)',
    response: consoleReviewSchema,
  })
  async delete(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.writes.call<ConsoleReviewDto>(RPC.catalog.deleteReview, { id }, { actor });
  }
}
