/**
 * Calendar feeds of pickup times: one secret URL per school (its own orders) and one for the
 * charity (every order). The secret is the feed's only access (calendar apps cannot log in), so it
 * is random, shown only to its owner, and replaced on reset, which ends the old URL at once.
 *
 * An event says what the school already knows of its own request: the order number, the school's
 * name, its status and the items with sizes and quantities. No student or teacher details.
 */
import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { AppError, type Actor, type OrderPickup } from '@lr/contracts';
import { DATABASE, KIT_CONFIG, type Database } from '@lr/nest-kit';
import type { OrdersConfig } from '../config.js';
import { formatOrderNumber } from '../orders/order-number.js';
import { addDays, dayIn } from '../pickups/charity-time.js';
import { calendarText, type CalendarEvent } from './ics.js';

const CHARITY = 'charity';
/** Past pickups stay in the feed this long, so last week's still shows. */
const PAST_DAYS = 60;

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

interface FeedRow extends Record<string, unknown> {
  id: string;
  order_number: string;
  user_name: string;
  status: string;
  pickup: OrderPickup;
  items: { name: string; size: string; quantity: number }[];
}

@Injectable()
export class CalendarFeedsService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(KIT_CONFIG) private readonly config: OrdersConfig,
  ) {}

  private ownerOf(actor: Actor, owner: 'school' | 'charity'): string {
    if (owner === 'charity') {
      if (actor.role !== 'admin') throw AppError.forbidden('Only admins see the charity feed');
      return CHARITY;
    }
    if (actor.role !== 'user') throw AppError.forbidden('Only schools have a school feed');
    return actor.id;
  }

  /** The owner's secret, made on the first ask. */
  async token(actor: Actor, owner: 'school' | 'charity'): Promise<{ token: string }> {
    const key = this.ownerOf(actor, owner);
    await this.db.execute(sql`
      INSERT INTO orders.calendar_feeds (owner, token) VALUES (${key}, ${newToken()})
      ON CONFLICT (owner) DO NOTHING`);
    const { rows } = await this.db.execute<{ token: string }>(
      sql`SELECT token FROM orders.calendar_feeds WHERE owner = ${key}`,
    );
    return { token: rows[0]!.token };
  }

  async reset(actor: Actor, owner: 'school' | 'charity'): Promise<{ token: string }> {
    const key = this.ownerOf(actor, owner);
    const token = newToken();
    await this.db.execute(sql`
      INSERT INTO orders.calendar_feeds (owner, token) VALUES (${key}, ${token})
      ON CONFLICT (owner) DO UPDATE SET token = EXCLUDED.token, created_at = now()`);
    return { token };
  }

  async text(token: string, now: Date = new Date()): Promise<{ ics: string }> {
    const { rows: owners } = await this.db.execute<{ owner: string }>(
      sql`SELECT owner FROM orders.calendar_feeds WHERE token = ${token}`,
    );
    const owner = owners[0]?.owner;
    if (!owner) throw AppError.notFound('Calendar feed not found (its link may have been reset)');
    const since = addDays(dayIn(this.config.CHARITY_TIME_ZONE, now), -PAST_DAYS);
    const school = owner === CHARITY ? null : owner;
    const { rows } = await this.db.execute<FeedRow>(sql`
      SELECT o.id, o.order_number, o.user_name, o.status, o.pickup,
        COALESCE((SELECT json_agg(json_build_object('name', l.name, 'size', l.size,
            'quantity', l.quantity) ORDER BY l.position)
          FROM orders.order_lines l WHERE l.order_id = o.id), '[]') AS items
      FROM orders.orders o
      WHERE o.pickup IS NOT NULL AND o.pickup ->> 'date' >= ${since}
        AND o.status IN ('Ready for Pickup', 'Delivered')
        AND (${school}::uuid IS NULL OR o.user_id = ${school}::uuid)
      ORDER BY o.pickup ->> 'date', o.order_number
      LIMIT 2000`);
    const events = rows.map((row) => this.event(row, school === null, now));
    const name =
      school === null
        ? 'Locker Room pickups'
        : `Locker Room pickups: ${rows[0]?.user_name ?? 'my school'}`;
    return { ics: calendarText(name, this.config.CHARITY_TIME_ZONE, events) };
  }

  private event(row: FeedRow, forCharity: boolean, now: Date): CalendarEvent {
    const number = formatOrderNumber(Number(row.order_number));
    const what = row.pickup.kind === 'delivery' ? 'Delivery' : 'Pickup';
    const summary = forCharity
      ? `${what} ${number}: ${row.user_name}`
      : `${what} of Locker Room request ${number}`;
    const description = [
      `Request ${number} for ${row.user_name} (${row.status}).`,
      ...row.items.map((item) => `${item.name}, size ${item.size}: ${item.quantity}`),
    ].join('\n');
    return {
      uid: `${row.id}@pickups.lockerroom`,
      pickup: row.pickup,
      summary,
      description,
      stamp: now,
    };
  }
}
