/** Pickup slots and times, the reminder job; ProcessOrderService uses PickupOnStatusChange. */
import { Module } from '@nestjs/common';
import { OrderMailer } from '../notifications/order-mailer.js';
import { OrderReadsRepository } from '../orders/order-reads.repository.js';
import { SettingsModule } from '../settings/settings.module.js';
import { PickupChangesService } from './pickup-changes.service.js';
import { PickupOnStatusChange } from './pickup-on-status-change.js';
import { PickupPlanner } from './pickup-planner.js';
import { PickupReminders } from './pickup-reminders.js';
import { PickupSlotsRepository } from './pickup-slots.repository.js';
import { PickupsController } from './pickups.controller.js';

@Module({
  imports: [SettingsModule],
  controllers: [PickupsController],
  providers: [
    PickupSlotsRepository,
    PickupPlanner,
    PickupOnStatusChange,
    PickupChangesService,
    PickupReminders,
    // Stateless; provided here too so this module does not import the orders module.
    OrderReadsRepository,
    OrderMailer,
  ],
  exports: [PickupOnStatusChange, PickupReminders],
})
export class PickupsModule {}
