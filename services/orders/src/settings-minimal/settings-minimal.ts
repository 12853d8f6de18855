/**
 * The closed dates pickup planning skips, read from the charity's settings record
 * (settings/settings.service.ts). Pickup planning reads closed dates only through `ClosedDates`
 * (docs/adr/0256-closed-dates-read-through-one-adapter.md); the stand-in storage this module held
 * was carried into the settings record by migration 011.
 */
import { Injectable, Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module.js';
import { SettingsService } from '../settings/settings.service.js';

@Injectable()
export class ClosedDates {
  constructor(private readonly settings: SettingsService) {}

  async list(): Promise<string[]> {
    return (await this.settings.get()).closedDates;
  }
}

@Module({
  imports: [SettingsModule],
  providers: [ClosedDates],
  exports: [ClosedDates],
})
export class SettingsMinimalModule {}
