/**
 * `ordersOps.contact`: the teacher's phone and e-mail of one order, which the order itself leaves
 * out for volunteers (need to know). Asking for them is a read of its own in the access log.
 */
import { Controller } from '@nestjs/common';
import { ordersOps, type OrderContact } from '@lr/contracts';
import { Handles, type Call } from '@lr/nest-kit';
import { StudentDataDisclosure } from '../student-data/student-data-disclosure.js';
import { OrderQueriesService } from './order-queries.service.js';

@Controller()
export class OrderContactController {
  constructor(
    private readonly queries: OrderQueriesService,
    private readonly disclosure: StudentDataDisclosure,
  ) {}

  @Handles(ordersOps.contact)
  async contact(
    input: { id: string },
    call: Call<typeof ordersOps.contact.callers>,
  ): Promise<OrderContact> {
    const order = await this.queries.get(call.actor, input.id);
    await this.disclosure.record(call, 'contact-details', [order]);
    return {
      id: order.id,
      orderId: order.orderNumber,
      phoneNo: order.shippingInfo.phoneNo,
      Email: order.shippingInfo.Email,
    };
  }
}
