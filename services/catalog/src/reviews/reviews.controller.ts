/** Request-reply adapters for reviews (who may call and the inputs' forms: `catalogOps`). */
import { Controller } from '@nestjs/common';
import { catalogOps, type ParsedInputOf } from '@lr/contracts';
import { Handles, type Call } from '@lr/nest-kit';
import { ReviewsService } from './reviews.service.js';

type Ops = typeof catalogOps;
type In<K extends keyof Ops> = ParsedInputOf<Ops[K]>;
type CallTo<K extends keyof Ops> = Call<Ops[K]['callers']>;

@Controller()
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @Handles(catalogOps.upsertReview)
  upsert(input: In<'upsertReview'>, call: CallTo<'upsertReview'>) {
    return this.reviews.upsert(input, call.actor);
  }

  @Handles(catalogOps.listReviews)
  list(input: In<'listReviews'>) {
    return this.reviews.list(input.filter, input.range, input.sort);
  }

  @Handles(catalogOps.deleteReview)
  delete(input: In<'deleteReview'>, call: CallTo<'deleteReview'>) {
    return this.reviews.delete(input.id, call.replyKey);
  }
}
