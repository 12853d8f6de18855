/** Reading orders: a school sees only its own (another school's order is 404); staff see all. */
import { Injectable } from '@nestjs/common';
import {
  AppError,
  type Actor,
  type OrderConsoleListInput,
  type OrderHistoryEntry,
  type OrderSnapshot,
} from '@lr/contracts';
import { toHistoryEntry, toOrderSnapshot } from './order.mapper.js';
import { OrdersRepository, type OrderWithLines } from './orders.repository.js';
import { assertStaff } from './process-order.service.js';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function snapshots(list: OrderWithLines[]): OrderSnapshot[] {
  return list.map(({ order, lines }) => toOrderSnapshot(order, lines));
}

@Injectable()
export class OrderQueriesService {
  constructor(private readonly repository: OrdersRepository) {}

  async get(actor: Actor | null, id: string): Promise<OrderSnapshot> {
    if (!actor) throw AppError.unauthorized();
    const found = await this.repository.findWithLines(this.repository.db, id);
    const isStaff = actor.role === 'admin' || actor.role === 'volunteer';
    if (!found || (!isStaff && found.order.userId !== actor.id)) {
      throw AppError.notFound('Order not found with this Id');
    }
    return toOrderSnapshot(found.order, found.lines);
  }

  async listMine(actor: Actor | null): Promise<OrderSnapshot[]> {
    if (!actor) throw AppError.unauthorized();
    return snapshots(await this.repository.listByUser(this.repository.db, actor.id));
  }

  async listAll(actor: Actor | null): Promise<OrderSnapshot[]> {
    assertStaff(actor);
    return snapshots(await this.repository.listAll(this.repository.db));
  }

  async getMany(actor: Actor | null, ids: string[]): Promise<OrderSnapshot[]> {
    assertStaff(actor);
    return snapshots(await this.repository.findMany(this.repository.db, ids));
  }

  async consoleList(
    actor: Actor | null,
    input: OrderConsoleListInput,
  ): Promise<{ items: OrderSnapshot[]; total: number }> {
    assertStaff(actor);
    const { from, to, ...rest } = input.filter;
    const filter = {
      ...rest,
      createdAt_gte: rest.createdAt_gte ?? from,
      createdAt_lte: rest.createdAt_lte ?? to,
    };
    // A date without a time as the upper bound means the whole of that day.
    if (filter.createdAt_lte && DATE_ONLY.test(filter.createdAt_lte)) {
      filter.createdAt_lte = `${filter.createdAt_lte}T23:59:59.999Z`;
    }
    const { items, total } = await this.repository.consoleList(this.repository.db, {
      ...input,
      filter,
    });
    return { items: snapshots(items), total };
  }

  async history(actor: Actor | null, id: string): Promise<OrderHistoryEntry[]> {
    assertStaff(actor);
    const order = await this.repository.findById(this.repository.db, id);
    if (!order) throw AppError.notFound('Order not found with this Id');
    return (await this.repository.history(this.repository.db, order.id)).map(toHistoryEntry);
  }
}
