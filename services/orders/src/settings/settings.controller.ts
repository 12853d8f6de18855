/** Request-reply adapters of the settings (who may call: `settingsOps`). */
import { Controller } from '@nestjs/common';
import { settingsOps, type UpdateSettingsInput } from '@lr/contracts';
import { Handles } from '@lr/nest-kit';
import { SettingsService } from './settings.service.js';

@Controller()
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Handles(settingsOps.getSettings)
  getSettings() {
    return this.settings.get();
  }

  @Handles(settingsOps.updateSettings)
  updateSettings(change: UpdateSettingsInput) {
    return this.settings.update(change);
  }
}
