/**
 * The closed dates pickup planning skips, read from the charity's settings record: pickups read
 * them only through `ClosedDates` (docs/adr/0256-closed-dates-read-through-one-adapter.md).
 */
import { Injectable } from '@nestjs/common';
import { SettingsService } from './settings.service.js';

@Injectable()
export class ClosedDates {
  constructor(private readonly settings: SettingsService) {}

  async list(): Promise<string[]> {
    return (await this.settings.get()).closedDates;
  }
}
