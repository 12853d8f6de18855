/** SQL of the pickup slots, of how many orders each date of a slot holds, and of an order's time. */
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { OrderPickup, PickupSlot, PickupSlotInput } from '@lr/contracts';
import { DATABASE, type Database, type Executor } from '@lr/nest-kit';

interface SlotRow extends Record<string, unknown> {
  id: string;
  weekday: number;
  start_time: string;
  end_time: string;
  capacity: number;
}

function toSlot(row: SlotRow): PickupSlot {
  return {
    id: row.id,
    weekday: Number(row.weekday),
    start: row.start_time.slice(0, 5),
    end: row.end_time.slice(0, 5),
    capacity: Number(row.capacity),
  };
}

const SLOT_COLUMNS = sql`id, weekday, start_time::text AS start_time, end_time::text AS end_time, capacity`;

@Injectable()
export class PickupSlotsRepository {
  constructor(@Inject(DATABASE) readonly db: Database) {}

  async list(exec: Executor = this.db): Promise<PickupSlot[]> {
    const { rows } = await exec.execute<SlotRow>(
      sql`SELECT ${SLOT_COLUMNS} FROM orders.pickup_slots ORDER BY weekday, start_time, id`,
    );
    return rows.map(toSlot);
  }

  /** `lock`: holds the slot until the transaction ends, so two bookings of it count in turn. */
  async find(exec: Executor, id: string, lock = false): Promise<PickupSlot | null> {
    const { rows } = await exec.execute<SlotRow>(
      lock
        ? sql`SELECT ${SLOT_COLUMNS} FROM orders.pickup_slots WHERE id = ${id} FOR UPDATE`
        : sql`SELECT ${SLOT_COLUMNS} FROM orders.pickup_slots WHERE id = ${id}`,
    );
    return rows[0] ? toSlot(rows[0]) : null;
  }

  async create(input: PickupSlotInput): Promise<PickupSlot> {
    const { rows } = await this.db.execute<SlotRow>(sql`
      INSERT INTO orders.pickup_slots (id, weekday, start_time, end_time, capacity)
      VALUES (${randomUUID()}, ${input.weekday}, ${input.start}, ${input.end}, ${input.capacity})
      RETURNING ${SLOT_COLUMNS}`);
    return toSlot(rows[0]!);
  }

  async update(id: string, input: PickupSlotInput): Promise<PickupSlot | null> {
    const { rows } = await this.db.execute<SlotRow>(sql`
      UPDATE orders.pickup_slots SET weekday = ${input.weekday}, start_time = ${input.start},
        end_time = ${input.end}, capacity = ${input.capacity}
      WHERE id = ${id} RETURNING ${SLOT_COLUMNS}`);
    return rows[0] ? toSlot(rows[0]) : null;
  }

  async delete(id: string): Promise<PickupSlot | null> {
    const { rows } = await this.db.execute<SlotRow>(
      sql`DELETE FROM orders.pickup_slots WHERE id = ${id} RETURNING ${SLOT_COLUMNS}`,
    );
    return rows[0] ? toSlot(rows[0]) : null;
  }

  /** Orders booked on each `slotId|date` from `from` on (orders back in Processing hold none). */
  async bookedFrom(exec: Executor, from: string): Promise<Map<string, number>> {
    const { rows } = await exec.execute<{ slot_id: string; day: string; booked: string }>(sql`
      SELECT pickup ->> 'slotId' AS slot_id, pickup ->> 'date' AS day, count(*) AS booked
      FROM orders.orders
      WHERE pickup IS NOT NULL AND pickup ->> 'kind' = 'slot' AND pickup ->> 'date' >= ${from}
      GROUP BY 1, 2`);
    return new Map(rows.map((r) => [`${r.slot_id}|${r.day}`, Number(r.booked)]));
  }

  async bookedOn(exec: Executor, slotId: string, day: string, exceptOrderId: string) {
    const { rows } = await exec.execute<{ booked: string }>(sql`
      SELECT count(*) AS booked FROM orders.orders
      WHERE pickup IS NOT NULL AND pickup ->> 'date' = ${day} AND pickup ->> 'kind' = 'slot'
        AND pickup ->> 'slotId' = ${slotId} AND id <> ${exceptOrderId}`);
    return Number(rows[0]?.booked ?? 0);
  }

  async setPickup(exec: Executor, orderId: string, pickup: OrderPickup | null): Promise<void> {
    await exec.execute(sql`
      UPDATE orders.orders SET pickup = ${pickup === null ? null : JSON.stringify(pickup)}::jsonb
      WHERE id = ${orderId}`);
  }
}
