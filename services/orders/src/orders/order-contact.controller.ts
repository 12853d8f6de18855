/**
 * `rpc.orders.contact`: the teacher's phone and e-mail of one order, which the order itself leaves
 * out for volunteers (need to know). Asking for them is a read of its own in the access log.
 */
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  RPC,
  orderIdInputSchema,
  parseOrThrow,
  type OrderContact,
  type RpcRequest,
} from '@lr/contracts';
import { requireRole } from '@lr/nest-kit';
import { StudentDataDisclosure } from '../student-data/student-data-disclosure.js';
import { OrderQueriesService } from './order-queries.service.js';

@Controller()
export class OrderContactController {
  constructor(
    private readonly queries: OrderQueriesService,
    private readonly disclosure: StudentDataDisclosure,
  ) {}

  @MessagePattern(RPC.orders.contact)
  async contact(@Payload() req: RpcRequest<unknown>): Promise<OrderContact> {
    const actor = requireRole(req.actor, 'admin', 'volunteer');
    const order = await this.queries.get(actor, parseOrThrow(orderIdInputSchema, req.input).id);
    await this.disclosure.record(req, 'contact-details', [order]);
    return {
      id: order.id,
      orderId: order.orderNumber,
      phoneNo: order.shippingInfo.phoneNo,
      Email: order.shippingInfo.Email,
    };
  }
}
