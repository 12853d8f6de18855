/**
 * The charity's settings: one row in orders.settings, read where a rule needs it (placing a
 * request, counting a student's requests, the retention job) so a change made through any replica
 * applies at once everywhere. Fields the row lacks take their defaults, so the record always has
 * every field of `settingsSchema`.
 */
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import {
  DEFAULT_SETTINGS,
  settingsSchema,
  type SchoolYearStart,
  type Settings,
  type UpdateSettingsInput,
} from '@lr/contracts';
import { DATABASE, type Database } from '@lr/nest-kit';

const ROW_ID = 'settings';

@Injectable()
export class SettingsService {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async get(): Promise<Settings> {
    const { rows } = await this.db.execute<{ value: Record<string, unknown>; updated_at: Date }>(
      sql`SELECT value, updated_at FROM orders.settings WHERE id = ${ROW_ID}`,
    );
    const row = rows[0];
    if (!row) return DEFAULT_SETTINGS;
    return this.parse(row.value, row.updated_at);
  }

  /** Sets the fields given (one statement: concurrent changes of other fields both stay). */
  async update(change: UpdateSettingsInput): Promise<Settings> {
    const patch: Record<string, unknown> = { ...change };
    if (change.closedDates) patch.closedDates = [...new Set(change.closedDates)].sort();
    const { rows } = await this.db.execute<{ value: Record<string, unknown>; updated_at: Date }>(
      sql`INSERT INTO orders.settings (id, value, updated_at)
          VALUES (${ROW_ID}, ${JSON.stringify(patch)}::jsonb, now())
          ON CONFLICT (id) DO UPDATE
            SET value = orders.settings.value || excluded.value, updated_at = now()
          RETURNING value, updated_at`,
    );
    const row = rows[0]!;
    return this.parse(row.value, row.updated_at);
  }

  async schoolYearStart(): Promise<SchoolYearStart> {
    return startOf(await this.get());
  }

  private parse(value: Record<string, unknown>, updatedAt: Date | string): Settings {
    const { updatedAt: _, ...defaults } = DEFAULT_SETTINGS;
    return settingsSchema.parse({
      ...defaults,
      ...value,
      updatedAt: new Date(updatedAt).toISOString(),
    });
  }
}

export function startOf(settings: Settings): SchoolYearStart {
  return { month: settings.schoolYearStartMonth, day: settings.schoolYearStartDay };
}
