/**
 * The per-student limit over HTTP: the store's pre-check at checkout (a school asks about its own
 * student) and requests entered in the console for a school (taken by phone or e-mail).
 */
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  consoleNewOrderBodySchema,
  consoleOrderSchema,
  parseOrThrow,
  studentCheckInputSchema,
  studentCheckResponseSchema,
  studentLimitOps,
  type Actor,
  type ConsoleOrder,
} from '@lr/contracts';
import { RpcClient } from '@lr/nest-kit';
import { Access } from '../../auth/access.decorator.js';
import { CurrentActor } from '../../auth/current-actor.decorator.js';
import { ApiDoc } from '../../docs/api-doc.decorator.js';
import { toConsoleOrder } from './order-views.js';

@Controller()
export class StudentLimitsController {
  constructor(private readonly rpc: RpcClient) {}

  // POST, not GET: the student id stays out of URLs and so out of access logs.
  @Post('/api/v1/order/student-check')
  @HttpCode(200)
  @Access('user', 'admin')
  @ApiDoc({
    summary:
      "Before checkout: how many requests the caller's own student (by student id) received this school year, the limit and whether a reason is required or the request is refused",
    body: studentCheckInputSchema,
    response: studentCheckResponseSchema,
  })
  async check(@CurrentActor() actor: Actor, @Body() body: unknown) {
    const input = parseOrThrow(studentCheckInputSchema, body ?? {});
    const check = await this.rpc.call(studentLimitOps.checkStudent, input, { actor });
    return { success: true as const, ...check };
  }

  @Post('/api/console/orders')
  @HttpCode(201)
  @Access('admin', 'volunteer')
  @ApiDoc({
    summary:
      "Enter a request for a school (taken by phone or e-mail; admins and volunteers): every rule of the school's own checkout applies, the school is mailed, the order records who entered it",
    body: consoleNewOrderBodySchema,
    response: consoleOrderSchema,
  })
  async create(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<ConsoleOrder> {
    const input = parseOrThrow(consoleNewOrderBodySchema, body ?? {});
    const order = await this.rpc.call(studentLimitOps.placeForSchool, input, { actor });
    return toConsoleOrder(order);
  }
}
