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
import { StudentDataDisclosure } from '../student-data/student-data-disclosure.js';

@Controller()
export class OrdersController {
  constructor(
    private readonly placing: PlaceOrderService,
    private readonly processing: ProcessOrderService,
    private readonly deleting: DeleteOrderService,
    private readonly queries: OrderQueriesService,
    // Every answer that shows orders to staff goes through it: logged, contact trimmed for volunteers.
    private readonly disclosure: StudentDataDisclosure,
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
    // only processes them (docs/adr/0032-placing-orders.md).
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
  async get(@Payload() req: RpcRequest<unknown>) {
    const actor = requireActor(req.actor);
    const order = await this.queries.get(actor, parseOrThrow(orderIdInputSchema, req.input).id);
    return this.disclosure.showOne(req, 'order-detail', order);
  }

  @MessagePattern(RPC.orders.listAll)
  async listAll(@Payload() req: RpcRequest<unknown>) {
    requireRole(req.actor, 'admin', 'volunteer');
    const page = await this.queries.listAll(parseOrThrow(keysetPageInputSchema, req.input ?? {}));
    return { ...page, items: await this.disclosure.show(req, 'order-list', page.items) };
  }

  @MessagePattern(RPC.orders.consoleList)
  async consoleList(@Payload() req: RpcRequest<unknown>) {
    requireRole(req.actor, 'admin', 'volunteer');
    const page = await this.queries.consoleList(
      parseOrThrow(orderConsoleListInputSchema, req.input),
    );
    // A count (the dashboard) shows no order, so it is not a read of anyone's details.
    if (StudentDataDisclosure.countOnly(req)) return { items: [], total: page.total };
    return { ...page, items: await this.disclosure.show(req, 'order-list', page.items) };
  }

  @MessagePattern(RPC.orders.getMany)
  async getMany(@Payload() req: RpcRequest<unknown>) {
    requireRole(req.actor, 'admin', 'volunteer');
    const found = await this.queries.getMany(parseOrThrow(orderIdsInputSchema, req.input).ids);
    return this.disclosure.show(req, 'order-list', found);
  }

  @MessagePattern(RPC.orders.update)
  async update(@Payload() req: RpcRequest<unknown>) {
    const actor = requireRole(req.actor, 'admin', 'volunteer');
    const order = await this.processing.update(
      actor,
      parseOrThrow(updateOrderInputSchema, req.input),
      replyKeyOf(req, RPC.orders.update),
    );
    // The order as changed; its consent (shown on one order read) is not needed here.
    const [shown] = await this.disclosure.show(req, 'order-update', [order]);
    return shown;
  }

  @MessagePattern(RPC.orders.delete)
  async delete(@Payload() req: RpcRequest<unknown>) {
    const actor = refuseRole(req.actor, 'volunteer', 'Volunteers cannot delete orders');
    const deleted = await this.deleting.delete(
      actor,
      parseOrThrow(orderIdInputSchema, req.input).id,
      replyKeyOf(req, RPC.orders.delete),
    );
    const [shown] = await this.disclosure.show(req, 'order-delete', [deleted]);
    return shown;
  }

  @MessagePattern(RPC.orders.history)
  history(@Payload() req: RpcRequest<unknown>) {
    requireRole(req.actor, 'admin', 'volunteer');
    return this.queries.history(parseOrThrow(orderIdInputSchema, req.input).id);
  }
}
