/**
 * Which dates of the weekly slots are open (not past, not a closed date, not full), and giving an
 * order its time: a chosen slot date or delivery date is checked and written in the caller's
 * transaction, with the slot's row locked so two volunteers filling its last place count in turn.
 */
import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  type OrderPickup,
  type PickupChoice,
  type PickupOpening,
  type PickupTimes,
} from '@lr/contracts';
import { KIT_CONFIG, type Executor } from '@lr/nest-kit';
import type { OrdersConfig } from '../config.js';
import { ClosedDates } from '../settings/closed-dates.js';
import { addDays, dayIn, instantOf, isoWeekday } from './charity-time.js';
import { PickupSlotsRepository } from './pickup-slots.repository.js';

/** How far ahead openings are listed (and the latest date a time may be given). */
export const PLANNING_DAYS = 42;

@Injectable()
export class PickupPlanner {
  readonly timeZone: string;

  constructor(
    private readonly slots: PickupSlotsRepository,
    private readonly closedDates: ClosedDates,
    @Inject(KIT_CONFIG) config: OrdersConfig,
  ) {
    this.timeZone = config.CHARITY_TIME_ZONE;
  }

  today(now: Date): string {
    return dayIn(this.timeZone, now);
  }

  /** The weekly slots, the closed dates ahead and the open dates, soonest first. */
  async times(now: Date = new Date()): Promise<PickupTimes> {
    const today = this.today(now);
    const [slots, closed, booked] = await Promise.all([
      this.slots.list(),
      this.closedDates.list(),
      this.slots.bookedFrom(this.slots.db, today),
    ]);
    const closedSet = new Set(closed);
    const openings: PickupOpening[] = [];
    for (let i = 0; i < PLANNING_DAYS; i += 1) {
      const day = addDays(today, i);
      if (closedSet.has(day)) continue;
      for (const slot of slots.filter((s) => s.weekday === isoWeekday(day))) {
        const start = instantOf(this.timeZone, day, slot.start);
        if (start <= now) continue;
        const free = slot.capacity - (booked.get(`${slot.id}|${day}`) ?? 0);
        if (free <= 0) continue;
        const end = instantOf(this.timeZone, day, slot.end);
        openings.push({
          slotId: slot.id,
          date: day,
          start: start.toISOString(),
          end: end.toISOString(),
          free,
        });
      }
    }
    return {
      timeZone: this.timeZone,
      slots,
      closedDates: closed.filter((day) => day >= today),
      openings,
    };
  }

  /**
   * The time to write on `orderId`: the choice checked, or without one the next open slot date
   * (null when no slot is open: the order is ready all the same, its time set later).
   */
  async resolve(
    tx: Executor,
    orderId: string,
    choice: PickupChoice | undefined,
    now: Date = new Date(),
  ): Promise<OrderPickup | null> {
    if (choice) return this.checked(tx, orderId, choice, now);
    // No time chosen: the soonest opening that still has room once its slot is locked. The
    // openings were read without the lock, so another change may have taken a last place since;
    // that is no reason to refuse a change whose sender left the time to us.
    for (const next of (await this.times(now)).openings) {
      const slotChoice: PickupChoice = { kind: 'slot', slotId: next.slotId, date: next.date };
      const pickup = await this.checked(tx, orderId, slotChoice, now, { whenFull: 'skip' });
      if (pickup) return pickup;
    }
    return null;
  }

  /**
   * A chosen time checked against the slots, closed dates and what is booked (the slot's row
   * locked). A full slot is refused, or answers null with `whenFull: 'skip'`.
   */
  private async checked(
    tx: Executor,
    orderId: string,
    choice: PickupChoice,
    now: Date,
    { whenFull }: { whenFull: 'refuse' | 'skip' } = { whenFull: 'refuse' },
  ): Promise<OrderPickup | null> {
    const today = this.today(now);
    if (choice.date < today) throw AppError.badRequest('pickup.date: must be today or later');
    if (choice.date > addDays(today, PLANNING_DAYS)) {
      throw AppError.badRequest(`pickup.date: must be within ${PLANNING_DAYS} days`);
    }
    if ((await this.closedDates.list()).includes(choice.date)) {
      throw AppError.badRequest(`pickup.date: the charity is closed on ${choice.date}`);
    }
    if (choice.kind === 'delivery') return { kind: 'delivery', date: choice.date };

    const slot = await this.slots.find(tx, choice.slotId, true);
    if (!slot) throw AppError.badRequest('pickup.slotId: no such pickup slot');
    if (slot.weekday !== isoWeekday(choice.date)) {
      throw AppError.badRequest('pickup.date: is not a day of that pickup slot');
    }
    const start = instantOf(this.timeZone, choice.date, slot.start);
    if (start <= now) throw AppError.badRequest('pickup.date: that pickup time has passed');
    const booked = await this.slots.bookedOn(tx, slot.id, choice.date, orderId);
    if (booked >= slot.capacity) {
      if (whenFull === 'skip') return null;
      throw AppError.conflict('That pickup time is full; choose another one');
    }
    return {
      kind: 'slot',
      slotId: slot.id,
      date: choice.date,
      start: start.toISOString(),
      end: instantOf(this.timeZone, choice.date, slot.end).toISOString(),
      timeZone: this.timeZone,
    };
  }

  /** Resolves and writes the order's time, in `tx`. */
  async book(
    tx: Executor,
    orderId: string,
    choice: PickupChoice | undefined,
    now: Date = new Date(),
  ): Promise<OrderPickup | null> {
    const pickup = await this.resolve(tx, orderId, choice, now);
    await this.slots.setPickup(tx, orderId, pickup);
    return pickup;
  }

  /** An order back in Processing holds no time (its place is free again). */
  clear(tx: Executor, orderId: string): Promise<void> {
    return this.slots.setPickup(tx, orderId, null);
  }
}
