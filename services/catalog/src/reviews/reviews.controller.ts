/** Request-reply adapters for reviews. */
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  deleteReviewInputSchema,
  listReviewsInputSchema,
  parseOrThrow,
  RPC,
  upsertReviewInputSchema,
  type RpcRequest,
} from '@lr/contracts';
import { requireActor, requireRole, replyKeyOf } from '@lr/nest-kit';
import { ReviewsService } from './reviews.service.js';

@Controller()
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @MessagePattern(RPC.catalog.upsertReview)
  upsert(@Payload() req: RpcRequest<unknown>) {
    const actor = requireActor(req.actor);
    return this.reviews.upsert(parseOrThrow(upsertReviewInputSchema, req.input), actor);
  }

  @MessagePattern(RPC.catalog.listReviews)
  list(@Payload() req: RpcRequest<unknown>) {
    requireRole(req.actor, 'admin');
    const input = parseOrThrow(listReviewsInputSchema, req.input);
    return this.reviews.list(input.filter, input.range, input.sort);
  }

  @MessagePattern(RPC.catalog.deleteReview)
  delete(@Payload() req: RpcRequest<unknown>) {
    requireRole(req.actor, 'admin');
    return this.reviews.delete(
      parseOrThrow(deleteReviewInputSchema, req.input).id,
      replyKeyOf(req, RPC.catalog.deleteReview),
    );
  }
}
