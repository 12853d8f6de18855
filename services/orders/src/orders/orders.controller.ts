/**
 * Request-reply adapters of `ordersOps`: the caller's role and the input are checked by `@Handles`;
 * which order a caller may see or delete depends on the order, so that check stays with its rule.
 */
import { Controller } from '@nestjs/common';
import {
  ordersOps,
  type KeysetPageInput,
  type OrderConsoleListInput,
  type PlaceOrderInput,
  type StockOutcomeInput,
  type UpdateOrderInput,
} from '@lr/contracts';
import { Handles, refuseRole, type Call } from '@lr/nest-kit';
import { DeleteOrderService } from './delete-order.service.js';
import { LineImagesService } from './line-images.service.js';
import { OrderQueriesService } from './order-queries.service.js';
import { PlaceOrderService } from './place-order.service.js';
import { ProcessOrderService } from './process-order.service.js';
import { StudentDataDisclosure } from '../student-data/student-data-disclosure.js';

type Signed = Call<'signed-in'>;
type Staff = Call<typeof ordersOps.listAll.callers>;

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
  @Handles(ordersOps.forgetImages)
  forgetImages(input: { urls: string[] }) {
    return this.lineImages.forget(input.urls);
  }

  @Handles(ordersOps.place)
  place(input: PlaceOrderInput, call: Signed) {
    // Schools place requests; an admin may too (e.g. on a school's behalf, as TEST ADMIN). A volunteer
    // only processes them (docs/adr/0032-placing-orders.md).
    const actor = refuseRole(call.actor, 'volunteer', 'Volunteers cannot place requests');
    return this.placing.place(actor, input, call.requestId);
  }

  @Handles(ordersOps.listMine)
  listMine(input: KeysetPageInput, call: Signed) {
    return this.queries.listMine(call.actor, input);
  }

  @Handles(ordersOps.get)
  async get(input: { id: string }, call: Signed) {
    const order = await this.queries.get(call.actor, input.id);
    return this.disclosure.showOne(call, 'order-detail', order);
  }

  @Handles(ordersOps.listAll)
  async listAll(input: KeysetPageInput, call: Staff) {
    const page = await this.queries.listAll(input);
    return { ...page, items: await this.disclosure.show(call, 'order-list', page.items) };
  }

  @Handles(ordersOps.consoleList)
  async consoleList(input: OrderConsoleListInput, call: Staff) {
    const page = await this.queries.consoleList(input);
    // A count (the dashboard) shows no order, so it is not a read of anyone's details.
    if (StudentDataDisclosure.countOnly(call)) return { items: [], total: page.total };
    return { ...page, items: await this.disclosure.show(call, 'order-list', page.items) };
  }

  @Handles(ordersOps.getMany)
  async getMany(input: { ids: string[] }, call: Staff) {
    const found = await this.queries.getMany(input.ids);
    return this.disclosure.show(call, 'order-list', found);
  }

  @Handles(ordersOps.update)
  async update(input: UpdateOrderInput, call: Staff) {
    const { order, stock, readLogged } = await this.processing.update(
      call.actor,
      input,
      call.replyKey,
      (read) => this.disclosure.logWith(call, 'order-update', [read]),
    );
    // The order as changed; its consent (shown on one order read) is not needed here. The read
    // is in the log already when the change wrote it (not for a resend or a change of nothing).
    const [shown] = readLogged
      ? this.disclosure.trimmed(call, [order])
      : await this.disclosure.show(call, 'order-update', [order]);
    return { ...shown!, stock };
  }

  @Handles(ordersOps.stockOutcome)
  stockOutcome(input: StockOutcomeInput) {
    return this.processing.stockOutcome(input);
  }

  @Handles(ordersOps.delete)
  async delete(input: { id: string }, call: Signed) {
    const actor = refuseRole(call.actor, 'volunteer', 'Volunteers cannot delete orders');
    const deleted = await this.deleting.delete(actor, input.id, call.replyKey);
    const [shown] = await this.disclosure.show(call, 'order-delete', [deleted]);
    return shown!;
  }

  @Handles(ordersOps.history)
  history(input: { id: string }) {
    return this.queries.history(input.id);
  }
}
