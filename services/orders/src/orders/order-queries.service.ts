/** Reading orders: a school sees only its own (another school's order is 404); staff see all. */
import { Injectable } from '@nestjs/common';
import {
  AppError,
  PAGE_SIZE_MAX,
  type Actor,
  type KeysetPage,
  type KeysetPageInput,
  type OrderConsoleListInput,
  type OrderHistoryEntry,
  type OrderSnapshot,
} from '@lr/contracts';
import { hasRole, withinReplyBudget } from '@lr/nest-kit';
import { decodeOrderKeyset, encodeOrderKeyset } from './order-keyset.js';
import { toHistoryEntry, toOrderSnapshot } from './order.mapper.js';
import { OrderListsRepository } from './order-lists.repository.js';
import { OrderReadsRepository, type OrderWithLines } from './order-reads.repository.js';
import { RecentOrders } from './recent-orders.js';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function snapshots(list: OrderWithLines[]): OrderSnapshot[] {
  return list.map(({ order, lines }) => toOrderSnapshot(order, lines));
}

@Injectable()
export class OrderQueriesService {
  constructor(
    private readonly reads: OrderReadsRepository,
    private readonly lists: OrderListsRepository,
    private readonly recent: RecentOrders,
  ) {}

  async get(actor: Actor, id: string): Promise<OrderSnapshot> {
    const found = await this.reads.findWithLines(this.reads.db, id);
    const isStaff = hasRole(actor, 'admin', 'volunteer');
    if (!found || (!isStaff && found.order.userId !== actor.id)) {
      throw AppError.notFound('Order not found with this Id');
    }
    // Staff open an order to change it: the change can start from the order as shown.
    if (isStaff && found.versions) {
      const { order, lines, versions } = found;
      this.recent.remember({ order, lines, versions });
    }
    return toOrderSnapshot(found.order, found.lines);
  }

  /** The caller's own orders, newest first, one page at a time. */
  async listMine(actor: Actor, input: KeysetPageInput): Promise<KeysetPage<OrderSnapshot>> {
    return this.walkPage(actor.id, input);
  }

  /** Every order, newest first, one page at a time (staff). */
  async listAll(input: KeysetPageInput): Promise<KeysetPage<OrderSnapshot>> {
    return this.walkPage(undefined, input);
  }

  /** The orders with these ids in the order asked; a cut page leaves out the last ones asked. */
  async getMany(ids: string[]): Promise<OrderSnapshot[]> {
    return withinReplyBudget(snapshots(await this.reads.findMany(this.reads.db, ids)));
  }

  private async walkPage(
    userId: string | undefined,
    input: KeysetPageInput,
  ): Promise<KeysetPage<OrderSnapshot>> {
    const limit = input.limit ?? PAGE_SIZE_MAX;
    const after = decodeOrderKeyset(input.after);
    // One more than the page tells whether another page follows without asking for it.
    const rows = await this.lists.listPage(this.lists.db, {
      userId,
      after,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const items = withinReplyBudget(page.map(({ order, lines }) => toOrderSnapshot(order, lines)));
    const last = page[items.length - 1];
    const more = items.length < rows.length;
    return { items, next: more && last ? encodeOrderKeyset(last.keyset) : null };
  }

  async consoleList(
    input: OrderConsoleListInput,
  ): Promise<{ items: OrderSnapshot[]; total: number }> {
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
    const { items, total } = await this.lists.consoleList(this.lists.db, {
      ...input,
      filter,
    });
    // A cut page holds fewer rows than asked; the console's Content-Range says which.
    return { items: withinReplyBudget(snapshots(items)), total };
  }

  async history(id: string): Promise<OrderHistoryEntry[]> {
    const order = await this.reads.findById(this.reads.db, id);
    if (!order) throw AppError.notFound('Order not found with this Id');
    return (await this.reads.history(this.reads.db, order.id)).map(toHistoryEntry);
  }
}
