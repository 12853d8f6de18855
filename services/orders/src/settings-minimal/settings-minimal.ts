/**
 * A stand-in for the charity's settings record (libs/contracts settings.ts) until its own storage
 * and Settings page land: it answers `settingsOps` from one row, so closed dates can be set and
 * read. Pickup planning reads closed dates only through `ClosedDates`, which is the one place to
 * point at the real storage when it replaces this module.
 */
import { Controller, Inject, Injectable, Module } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import {
  DEFAULT_SETTINGS,
  settingsOps,
  type Settings,
  type UpdateSettingsInput,
} from '@lr/contracts';
import { DATABASE, Handles, type Database } from '@lr/nest-kit';

@Injectable()
export class SettingsMinimalStore {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async get(): Promise<Settings> {
    const { rows } = await this.db.execute<{ value: Partial<Settings>; updated_at: Date }>(
      sql`SELECT value, updated_at FROM orders.settings_minimal`,
    );
    const row = rows[0];
    if (!row) return DEFAULT_SETTINGS;
    return { ...DEFAULT_SETTINGS, ...row.value, updatedAt: new Date(row.updated_at).toISOString() };
  }

  async update(input: UpdateSettingsInput): Promise<Settings> {
    const change = { ...input };
    if (change.closedDates) change.closedDates = [...new Set(change.closedDates)].sort();
    await this.db.execute(sql`
      INSERT INTO orders.settings_minimal (value) VALUES (${JSON.stringify(change)}::jsonb)
      ON CONFLICT (id) DO UPDATE SET value = orders.settings_minimal.value || EXCLUDED.value,
        updated_at = now()`);
    return this.get();
  }
}

/** The closed dates pickup planning skips (from the settings record). */
@Injectable()
export class ClosedDates {
  constructor(private readonly settings: SettingsMinimalStore) {}

  async list(): Promise<string[]> {
    return (await this.settings.get()).closedDates;
  }
}

@Controller()
export class SettingsMinimalController {
  constructor(private readonly store: SettingsMinimalStore) {}

  @Handles(settingsOps.getSettings)
  get() {
    return this.store.get();
  }

  @Handles(settingsOps.updateSettings)
  update(input: UpdateSettingsInput) {
    return this.store.update(input);
  }
}

@Module({
  controllers: [SettingsMinimalController],
  providers: [SettingsMinimalStore, ClosedDates],
  exports: [ClosedDates],
})
export class SettingsMinimalModule {}
