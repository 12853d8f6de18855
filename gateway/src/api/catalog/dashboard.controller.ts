/**
 * `GET /api/console/dashboard`: the Processing orders count for admins and volunteers; admins also
 * get item availability (catalog) and the users count (auth).
 */
import { randomUUID } from 'node:crypto';
import { Controller, Get } from '@nestjs/common';
import { authOps, ordersOps, catalogOps, consoleDashboardSchema, type Actor, type ConsoleDashboard } from '@lr/contracts';
import { RpcClient } from '@lr/nest-kit';
import { Access } from '../../auth/access.decorator.js';
import { CurrentActor } from '../../auth/current-actor.decorator.js';
import { ApiDoc } from '../../docs/api-doc.decorator.js';

@Controller()
export class DashboardController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('/api/console/dashboard')
  @Access('admin', 'volunteer')
  @ApiDoc({
    summary: 'Dashboard figures (volunteers: processingOrders only)',
    response: consoleDashboardSchema,
  })
  async dashboard(@CurrentActor() actor: Actor): Promise<ConsoleDashboard> {
    // A count only: the answer carries no order, so no student details are read (or logged).
    const processing = this.rpc.call(
      ordersOps.consoleList,
      { range: { start: 0, end: 0 }, filter: { status: 'Processing' } },
      { actor, access: { accessId: randomUUID(), action: 'count', clientAddress: null } },
    );
    if (actor.role !== 'admin') return { processingOrders: (await processing).total };
    const [orders, availability, users] = await Promise.all([
      processing,
      this.rpc.call(catalogOps.availability, {}, { actor }),
      this.rpc.call(authOps.listUsers, { offset: 0, limit: 1 }, { actor }),
    ]);
    return { processingOrders: orders.total, ...availability, usersCount: users.total };
  }
}
