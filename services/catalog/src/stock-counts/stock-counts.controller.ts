/**
 * Request-reply adapters for stock counts (who may call and the inputs' forms: `catalogOps`).
 * Volunteers and admins start counts and enter figures; only admins review and finalise (the step
 * that writes stock).
 */
import { Controller } from '@nestjs/common';
import { catalogOps, type ParsedInputOf } from '@lr/contracts';
import { Handles, type Call } from '@lr/nest-kit';
import { StockCountsService } from './stock-counts.service.js';

type Ops = typeof catalogOps;
type In<K extends keyof Ops> = ParsedInputOf<Ops[K]>;
type CallTo<K extends keyof Ops> = Call<Ops[K]['callers']>;

@Controller()
export class StockCountsController {
  constructor(private readonly counts: StockCountsService) {}

  @Handles(catalogOps.listStockCounts)
  list(input: In<'listStockCounts'>) {
    return this.counts.list(input);
  }

  @Handles(catalogOps.getStockCount)
  get(input: In<'getStockCount'>) {
    return this.counts.get(input.id);
  }

  @Handles(catalogOps.startStockCount)
  start(input: In<'startStockCount'>, call: CallTo<'startStockCount'>) {
    return this.counts.start(input, call.actor, call.replyKey);
  }

  @Handles(catalogOps.listStockCountLines)
  lines(input: In<'listStockCountLines'>) {
    return this.counts.lines(input);
  }

  @Handles(catalogOps.enterStockCounts)
  enter(input: In<'enterStockCounts'>, call: CallTo<'enterStockCounts'>) {
    return this.counts.enter(input, call.actor);
  }

  /** The differences against the books: admins only (volunteers count blind). */
  @Handles(catalogOps.reviewStockCount)
  review(input: In<'reviewStockCount'>) {
    return this.counts.review(input.id);
  }

  @Handles(catalogOps.finaliseStockCount)
  finalise(input: In<'finaliseStockCount'>, call: CallTo<'finaliseStockCount'>) {
    return this.counts.finalise(input, call.actor, call.replyKey);
  }
}
