/**
 * Changing the time of an order that is Ready for Pickup, and the list of the coming days' pickups
 * (console dashboard). A change that moves the time mails the school.
 */
import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { AppError, type OrderPickup, type PickupChoice, type UpcomingPickup } from '@lr/contracts';
import { OrderMailer } from '../notifications/order-mailer.js';
import { toOrderSnapshot } from '../orders/order.mapper.js';
import { formatOrderNumber } from '../orders/order-number.js';
import { OrderReadsRepository } from '../orders/order-reads.repository.js';
import { addDays } from './charity-time.js';
import { PickupPlanner } from './pickup-planner.js';
import { pickupSentence } from './pickup-text.js';

/** Compared field by field: jsonb does not keep the keys' order. */
function sameTime(a: OrderPickup | null, b: OrderPickup): boolean {
  if (!a || a.kind !== b.kind || a.date !== b.date) return false;
  return a.kind === 'delivery' || (b.kind === 'slot' && a.start === b.start && a.end === b.end);
}

@Injectable()
export class PickupChangesService {
  constructor(
    private readonly reads: OrderReadsRepository,
    private readonly planner: PickupPlanner,
    private readonly mailer: OrderMailer,
  ) {}

  async setPickup(orderId: string, choice: PickupChoice): Promise<OrderPickup> {
    const changed = await this.reads.db.transaction(async (tx) => {
      const found = await this.reads.findWithLines(tx, orderId, { lock: true });
      if (!found) throw AppError.notFound('Order not found with this Id');
      if (found.order.status !== 'Ready for Pickup') {
        throw AppError.conflict('Only an order that is Ready for Pickup has a pickup time');
      }
      const pickup = (await this.planner.book(tx, orderId, choice))!;
      return { ...found, pickup, moved: !sameTime(found.order.pickup, pickup) };
    });
    if (changed.moved) {
      const order = toOrderSnapshot({ ...changed.order, pickup: changed.pickup }, changed.lines);
      this.mailer.sendQuietly(order, {
        subject: `New pickup time for your request ${order.orderNumber}`,
        text: [
          `Hello ${order.userName},`,
          '',
          `The time for request ${order.orderNumber} has changed.`,
          pickupSentence(changed.pickup),
        ].join('\n'),
      });
    }
    return changed.pickup;
  }

  /** Orders with a time on `days` days from `from` (charity days), soonest first. */
  async upcoming(from: string, days: number): Promise<UpcomingPickup[]> {
    const until = addDays(from, days - 1);
    const { rows } = await this.reads.db.execute<{
      id: string;
      order_number: string;
      user_name: string;
      status: string;
      pickup: OrderPickup;
    }>(sql`
      SELECT id, order_number, user_name, status, pickup FROM orders.orders
      WHERE pickup IS NOT NULL AND pickup ->> 'date' BETWEEN ${from} AND ${until}
        AND status IN ('Ready for Pickup', 'Delivered')
      ORDER BY pickup ->> 'date', pickup ->> 'start' NULLS LAST, order_number
      LIMIT 500`);
    return rows.map((r) => ({
      orderId: r.id,
      orderNumber: formatOrderNumber(Number(r.order_number)),
      userName: r.user_name,
      status: r.status,
      pickup: r.pickup,
    }));
  }
}
