/**
 * The charity's settings: one row in orders.settings, read where a rule needs it (placing a
 * request, counting a student's requests, the retention job). Fields the row lacks take their
 * defaults, so the record always has every field of `settingsSchema`.
 *
 * Rules applied on every request read `recent()`: the row as read at most a second ago in this
 * process, so a burst of orders reads it once, not once per order and rule. A change made through
 * this replica applies here at once, through another within that second. The console and the
 * retention job read the row itself (`get()`).
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
import { DATABASE, ExpiringCache, KIT_CONFIG, type Database } from '@lr/nest-kit';
import type { OrdersConfig } from '../config.js';

const ROW_ID = 'settings';
/** How old the settings that per-request rules apply may be (see `recent`). */
const RECENT_MS = 1000;

@Injectable()
export class SettingsService {
  private readonly recentRead = new ExpiringCache<Settings>({ ttlMs: RECENT_MS, maxEntries: 1 });

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(KIT_CONFIG) private readonly config: Pick<OrdersConfig, 'CHARITY_TIME_ZONE'>,
  ) {}

  /** The settings as read at most a second ago in this process (for rules applied per request). */
  recent(): Promise<Settings> {
    return this.recentRead.get(ROW_ID, () => this.get());
  }

  /** The settings row itself. */
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
    // What this replica read before the change is not applied after it.
    this.recentRead.invalidate();
    const row = rows[0]!;
    return this.parse(row.value, row.updated_at);
  }

  /** The school year's start as the recent settings say (placing an order, the year's key). */
  async schoolYearStart(): Promise<SchoolYearStart> {
    return this.startOf(await this.recent());
  }

  /** The school year's start `settings` name, at midnight in the charity's time zone. */
  startOf(settings: Settings): SchoolYearStart {
    return {
      month: settings.schoolYearStartMonth,
      day: settings.schoolYearStartDay,
      timeZone: this.config.CHARITY_TIME_ZONE,
    };
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
