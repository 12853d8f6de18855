/** Request-reply adapters of `pickupsOps` (slots, times, an order's time, the dashboard's list). */
import { Controller } from '@nestjs/common';
import { AppError, pickupsOps, type ParsedInputOf, type PickupSlotInput } from '@lr/contracts';
import { Handles } from '@lr/nest-kit';
import { PickupChangesService } from './pickup-changes.service.js';
import { PickupPlanner } from './pickup-planner.js';
import { PickupSlotsRepository } from './pickup-slots.repository.js';

function notFound(): never {
  throw AppError.notFound('Pickup slot not found with this Id');
}

@Controller()
export class PickupsController {
  constructor(
    private readonly slots: PickupSlotsRepository,
    private readonly planner: PickupPlanner,
    private readonly changes: PickupChangesService,
  ) {}

  @Handles(pickupsOps.listPickupSlots)
  list() {
    return this.slots.list();
  }

  @Handles(pickupsOps.getPickupSlot)
  async get({ id }: { id: string }) {
    return (await this.slots.find(this.slots.db, id)) ?? notFound();
  }

  @Handles(pickupsOps.createPickupSlot)
  create(input: PickupSlotInput) {
    return this.slots.create(input);
  }

  @Handles(pickupsOps.updatePickupSlot)
  async update({ id, slot }: ParsedInputOf<typeof pickupsOps.updatePickupSlot>) {
    return (await this.slots.update(id, slot)) ?? notFound();
  }

  @Handles(pickupsOps.deletePickupSlot)
  async delete({ id }: { id: string }) {
    return (await this.slots.delete(id)) ?? notFound();
  }

  @Handles(pickupsOps.pickupTimes)
  times() {
    return this.planner.times();
  }

  @Handles(pickupsOps.setPickup)
  setPickup({ orderId, pickup }: ParsedInputOf<typeof pickupsOps.setPickup>) {
    return this.changes.setPickup(orderId, pickup);
  }

  @Handles(pickupsOps.upcomingPickups)
  async upcoming({ days }: ParsedInputOf<typeof pickupsOps.upcomingPickups>) {
    const today = this.planner.today(new Date());
    return { today, pickups: await this.changes.upcoming(today, days) };
  }
}
