/**
 * The pickup side of a status change: an order entering Ready for Pickup is given its time (the
 * volunteer's choice, or the next open slot) in the same transaction as the change, and an order
 * sent back to Processing gives its place up. Other changes pass through untouched.
 */
import { Injectable } from '@nestjs/common';
import { AppError, type OrderStatus, type PickupChoice } from '@lr/contracts';
import type { Executor } from '@lr/nest-kit';
import type { OrderRow } from '../db/schema.js';
import { PickupPlanner } from './pickup-planner.js';
import { PickupSlotsRepository } from './pickup-slots.repository.js';

function entering(order: OrderRow, to: OrderStatus): boolean {
  return to === 'Ready for Pickup' && order.status !== 'Ready for Pickup';
}

function leaving(order: OrderRow, to: OrderStatus): boolean {
  return to === 'Processing' && order.pickup !== null;
}

@Injectable()
export class PickupOnStatusChange {
  constructor(
    private readonly planner: PickupPlanner,
    private readonly slots: PickupSlotsRepository,
  ) {}

  /**
   * Whether moving `order` to `to` writes its pickup too (entering Ready for Pickup books a time,
   * going back to Processing gives one up), in a transaction with the change.
   */
  writesAlongside(order: OrderRow, to: OrderStatus): boolean {
    return entering(order, to) || leaving(order, to);
  }

  /** Runs `write` (the status change) with the order as it will be, its time written alongside. */
  async around<T>(
    order: OrderRow,
    to: OrderStatus,
    choice: PickupChoice | undefined,
    write: (exec: Executor, order: OrderRow) => Promise<T>,
  ): Promise<T> {
    if (choice && !entering(order, to)) {
      throw AppError.badRequest('pickup: is given only when the order moves to Ready for Pickup');
    }
    if (!this.writesAlongside(order, to)) return write(this.slots.db, order);
    return this.slots.db.transaction(async (tx) => {
      if (leaving(order, to)) {
        await this.planner.clear(tx, order.id);
        return write(tx, { ...order, pickup: null });
      }
      const pickup = await this.planner.book(tx, order.id, choice);
      return write(tx, { ...order, pickup });
    });
  }

  /** The order went back to Processing some other way (catalog refused its stock). */
  release(tx: Executor, orderId: string): Promise<void> {
    return this.planner.clear(tx, orderId);
  }
}
