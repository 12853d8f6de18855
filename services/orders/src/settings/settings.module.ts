import { Module } from '@nestjs/common';
import { ClosedDates } from './closed-dates.js';
import { SettingsController } from './settings.controller.js';
import { SettingsService } from './settings.service.js';

@Module({
  controllers: [SettingsController],
  providers: [SettingsService, ClosedDates],
  exports: [SettingsService, ClosedDates],
})
export class SettingsModule {}
