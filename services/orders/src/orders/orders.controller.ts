/** Request-reply adapters of RPC.orders: parse the input, call the service. No rules here. */
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  RPC,
  keysetPageInputSchema,
  orderConsoleListInputSchema,
  orderIdInputSchema,
  orderIdsInputSchema,
  parseOrThrow,
  placeOrderInputSchema,
  updateOrderInputSchema,
  type RpcRequest,
} from '@lr/contracts';
import { replyKeyOf } from '@lr/nest-kit';
import { DeleteOrderService } from './delete-order.service.js';
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
  ) {}

  @MessagePattern(RPC.orders.place)
  place(@Payload() req: RpcRequest<unknown>) {
    return this.placing.place(
      req.actor,
      parseOrThrow(placeOrderInputSchema, req.input),
      req.requestId ?? null,
    );
  }

  @MessagePattern(RPC.orders.listMine)
  listMine(@Payload() req: RpcRequest<unknown>) {
    return this.queries.listMine(req.actor, parseOrThrow(keysetPageInputSchema, req.input ?? {}));
  }

  @MessagePattern(RPC.orders.get)
  get(@Payload() req: RpcRequest<unknown>) {
    return this.queries.get(req.actor, parseOrThrow(orderIdInputSchema, req.input).id);
  }

  @MessagePattern(RPC.orders.listAll)
  listAll(@Payload() req: RpcRequest<unknown>) {
    return this.queries.listAll(req.actor, parseOrThrow(keysetPageInputSchema, req.input ?? {}));
  }

  @MessagePattern(RPC.orders.consoleList)
  consoleList(@Payload() req: RpcRequest<unknown>) {
    return this.queries.consoleList(
      req.actor,
      parseOrThrow(orderConsoleListInputSchema, req.input),
    );
  }

  @MessagePattern(RPC.orders.getMany)
  getMany(@Payload() req: RpcRequest<unknown>) {
    return this.queries.getMany(req.actor, parseOrThrow(orderIdsInputSchema, req.input).ids);
  }

  @MessagePattern(RPC.orders.update)
  update(@Payload() req: RpcRequest<unknown>) {
    return this.processing.update(
      req.actor,
      parseOrThrow(updateOrderInputSchema, req.input),
      replyKeyOf(req, RPC.orders.update),
    );
  }

  @MessagePattern(RPC.orders.delete)
  delete(@Payload() req: RpcRequest<unknown>) {
    return this.deleting.delete(
      req.actor,
      parseOrThrow(orderIdInputSchema, req.input).id,
      replyKeyOf(req, RPC.orders.delete),
    );
  }

  @MessagePattern(RPC.orders.history)
  history(@Payload() req: RpcRequest<unknown>) {
    return this.queries.history(req.actor, parseOrThrow(orderIdInputSchema, req.input).id);
  }
}
