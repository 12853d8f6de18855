/**
 * Request-reply adapters for stock counts. Volunteers and admins start counts and enter figures;
 * only admins finalise (the step that writes stock).
 */
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  enterStockCountsInputSchema,
  finaliseStockCountInputSchema,
  listStockCountLinesInputSchema,
  listStockCountsInputSchema,
  parseOrThrow,
  RPC,
  startStockCountInputSchema,
  stockCountIdInputSchema,
  type RpcRequest,
} from '@lr/contracts';
import { requireRole, replyKeyOf } from '@lr/nest-kit';
import { StockCountsService } from './stock-counts.service.js';

@Controller()
export class StockCountsController {
  constructor(private readonly counts: StockCountsService) {}

  @MessagePattern(RPC.catalog.listStockCounts)
  list(@Payload() req: RpcRequest<unknown>) {
    requireRole(req.actor, 'admin', 'volunteer');
    return this.counts.list(parseOrThrow(listStockCountsInputSchema, req.input));
  }

  @MessagePattern(RPC.catalog.getStockCount)
  get(@Payload() req: RpcRequest<unknown>) {
    requireRole(req.actor, 'admin', 'volunteer');
    return this.counts.get(parseOrThrow(stockCountIdInputSchema, req.input).id);
  }

  @MessagePattern(RPC.catalog.startStockCount)
  start(@Payload() req: RpcRequest<unknown>) {
    const actor = requireRole(req.actor, 'admin', 'volunteer');
    return this.counts.start(
      parseOrThrow(startStockCountInputSchema, req.input ?? {}),
      actor,
      replyKeyOf(req, RPC.catalog.startStockCount),
    );
  }

  @MessagePattern(RPC.catalog.listStockCountLines)
  lines(@Payload() req: RpcRequest<unknown>) {
    requireRole(req.actor, 'admin', 'volunteer');
    return this.counts.lines(parseOrThrow(listStockCountLinesInputSchema, req.input));
  }

  @MessagePattern(RPC.catalog.enterStockCounts)
  enter(@Payload() req: RpcRequest<unknown>) {
    const actor = requireRole(req.actor, 'admin', 'volunteer');
    return this.counts.enter(parseOrThrow(enterStockCountsInputSchema, req.input), actor);
  }

  /** The differences against the books: admins only (volunteers count blind). */
  @MessagePattern(RPC.catalog.reviewStockCount)
  review(@Payload() req: RpcRequest<unknown>) {
    requireRole(req.actor, 'admin');
    return this.counts.review(parseOrThrow(stockCountIdInputSchema, req.input).id);
  }

  @MessagePattern(RPC.catalog.finaliseStockCount)
  finalise(@Payload() req: RpcRequest<unknown>) {
    const actor = requireRole(req.actor, 'admin');
    return this.counts.finalise(
      parseOrThrow(finaliseStockCountInputSchema, req.input),
      actor,
      replyKeyOf(req, RPC.catalog.finaliseStockCount),
    );
  }
}
