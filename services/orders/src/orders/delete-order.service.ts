/**
 * Deleting an order: an admin any order; a school only its own while Processing (the store's cancel
 * button); another school's order does not exist for it (404). The event carries the order as it
 * was, so catalog gives back committed stock of an undelivered order and reporting forgets it.
 */
import { Inject, Injectable } from '@nestjs/common';
import { AppError, EVENTS, type Actor, type OrderSnapshot } from '@lr/contracts';
import {
  hasRole,
  LOGGER,
  OutboxWriter,
  RecordedReplies,
  type Logger,
  type ReplyKey,
} from '@lr/nest-kit';
import { toEventSnapshot, toOrderSnapshot } from './order.mapper.js';
import { OrderChangesRepository } from './order-changes.repository.js';
import { OrderReadsRepository } from './order-reads.repository.js';

@Injectable()
export class DeleteOrderService {
  private readonly logger: Logger;

  constructor(
    private readonly reads: OrderReadsRepository,
    private readonly changes: OrderChangesRepository,
    private readonly outbox: OutboxWriter,
    private readonly replies: RecordedReplies,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ context: DeleteOrderService.name });
  }

  /**
   * `replyKey`: the request's key when the caller may resend it; the reply is recorded with the
   * delete, and a resend (the order is gone by then) gets it.
   */
  async delete(actor: Actor, id: string, replyKey: ReplyKey | null = null): Promise<OrderSnapshot> {
    const deleted = await this.replies.transaction(this.reads.db, replyKey, async (tx) => {
      const found = await this.reads.findWithLines(tx, id, { lock: true });
      const isAdmin = hasRole(actor, 'admin');
      if (!found || (!isAdmin && found.order.userId !== actor.id)) {
        throw AppError.notFound('Order not found with this Id');
      }
      if (!isAdmin && found.order.status !== 'Processing') {
        throw AppError.conflict('Only an order that is still Processing can be cancelled');
      }
      const deletedRow = { ...found.order, version: found.order.version + 1 };
      await this.changes.delete(tx, found.order.id);
      await this.outbox.write(
        tx,
        EVENTS.ordersOrderDeleted,
        {
          order: toEventSnapshot(deletedRow, found.lines),
          deletedBy: { id: actor.id, name: actor.name },
        },
        deletedRow.version,
      );
      return toOrderSnapshot(deletedRow, found.lines);
    });
    this.logger.info({ orderId: deleted.id, by: actor.id }, 'order deleted');
    return deleted;
  }
}
