/**
 * Request-reply adapters of RPC.orders: check the caller's role, parse the input, call the service.
 * Which order a caller may see or delete depends on the order, so that check stays with its rule.
 */
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  RPC,
  forgetImagesInputSchema,
  keysetPageInputSchema,
  orderConsoleListInputSchema,
  orderIdInputSchema,
  orderIdsInputSchema,
  parseOrThrow,
  placeOrderInputSchema,
  updateOrderInputSchema,
  type RpcRequest,
} from '@lr/contracts';
import { refuseRole, replyKeyOf, requireActor, requireRole } from '@lr/nest-kit';
import { DeleteOrderService } from './delete-order.service.js';
import { LineImagesService } from './line-images.service.js';
import { OrderQueriesService } from './order-queries.service.js';
import { PlaceOrderService } from './place-order.service.js';
import { ProcessOrderService } from './process-order.service.js';

@Controller()
export class OrdersController {
  constructor(
    private readonly placing: PlaceOrderService,
    private readonly processing: ProcessOrderService,
    private readonly deleting: DeleteOrderService,
    private readonly queries: OrderQueriesService,
    private readonly lineImages: LineImagesService,
  ) {}

  /** The gateway removed these product images (an admin deleted them or their product). */
  @MessagePattern(RPC.orders.forgetImages)
  forgetImages(@Payload() req: RpcRequest<unknown>) {
    requireRole(req.actor, 'admin');
    return this.lineImages.forget(parseOrThrow(forgetImagesInputSchema, req.input).urls);
  }

  @MessagePattern(RPC.orders.place)
  place(@Payload() req: RpcRequest<unknown>) {
    // Schools place requests; an admin may too (e.g. on a school's behalf, as TEST ADMIN). A volunteer
    // only processes them (docs/decisions.md).
    const actor = refuseRole(req.actor, 'volunteer', 'Volunteers cannot place requests');
    return this.placing.place(
      actor,
      parseOrThrow(placeOrderInputSchema, req.input),
      req.requestId ?? null,
    );
  }

  @MessagePattern(RPC.orders.listMine)
  listMine(@Payload() req: RpcRequest<unknown>) {
    const actor = requireActor(req.actor);
    return this.queries.listMine(actor, parseOrThrow(keysetPageInputSchema, req.input ?? {}));
  }

  @MessagePattern(RPC.orders.get)
  get(@Payload() req: RpcRequest<unknown>) {
    const actor = requireActor(req.actor);
    return this.queries.get(actor, parseOrThrow(orderIdInputSchema, req.input).id);
  }

  @MessagePattern(RPC.orders.listAll)
  listAll(@Payload() req: RpcRequest<unknown>) {
    requireRole(req.actor, 'admin', 'volunteer');
    return this.queries.listAll(parseOrThrow(keysetPageInputSchema, req.input ?? {}));
  }

  @MessagePattern(RPC.orders.consoleList)
  consoleList(@Payload() req: RpcRequest<unknown>) {
    requireRole(req.actor, 'admin', 'volunteer');
    return this.queries.consoleList(parseOrThrow(orderConsoleListInputSchema, req.input));
  }

  @MessagePattern(RPC.orders.getMany)
  getMany(@Payload() req: RpcRequest<unknown>) {
    requireRole(req.actor, 'admin', 'volunteer');
    return this.queries.getMany(parseOrThrow(orderIdsInputSchema, req.input).ids);
  }

  @MessagePattern(RPC.orders.update)
  update(@Payload() req: RpcRequest<unknown>) {
    const actor = requireRole(req.actor, 'admin', 'volunteer');
    return this.processing.update(
      actor,
      parseOrThrow(updateOrderInputSchema, req.input),
      replyKeyOf(req, RPC.orders.update),
    );
  }

  @MessagePattern(RPC.orders.delete)
  delete(@Payload() req: RpcRequest<unknown>) {
    const actor = refuseRole(req.actor, 'volunteer', 'Volunteers cannot delete orders');
    return this.deleting.delete(
      actor,
      parseOrThrow(orderIdInputSchema, req.input).id,
      replyKeyOf(req, RPC.orders.delete),
    );
  }

  @MessagePattern(RPC.orders.history)
  history(@Payload() req: RpcRequest<unknown>) {
    requireRole(req.actor, 'admin', 'volunteer');
    return this.queries.history(parseOrThrow(orderIdInputSchema, req.input).id);
  }
}
