/** Orders service configuration, parsed once at boot (convention 5). */
import { z } from 'zod';
import { DEFAULT_STUDENT_DATA_RETENTION_DAYS } from '@lr/contracts';
import { baseConfigSchema, booleanFromEnv, charityTimeZoneSetting } from '@lr/nest-kit';

export const ordersConfigSchema = baseConfigSchema.extend({
  /** Where the daily summary of new orders goes (the old app hard-coded it). */
  CHARITY_EMAIL: z.email().default('orders@lockerroom.local'),
  /** Hour of the day (0-23, in CHARITY_TIME_ZONE) from which the daily summary is sent. */
  DAILY_SUMMARY_HOUR: z.coerce.number().int().min(0).max(23).default(17),
  /** Turns the daily summary timer off (e.g. in tests or a replica that should never send it). */
  DAILY_SUMMARY_ENABLED: booleanFromEnv.default(true),
  /**
   * How long a school's profile is reused when it places orders (ms; 0: ask auth every time). Auth's
   * change hint empties the entry at once; this bounds staleness if a hint is lost.
   */
  PROFILE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  /**
   * How long the products an order names are reused (ms; 0: ask catalog every time). Emptied by every
   * `catalog.>` event and by catalog's product hint; their stock is only a fail-fast check, catalog
   * takes stock when an order is committed.
   */
  PRODUCT_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  /**
   * Days a student's and teacher's details are kept after their order is Delivered (or deleted,
   * which removes them at once); 0 erases them at the next run of the retention job.
   */
  STUDENT_DATA_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3650)
    .default(DEFAULT_STUDENT_DATA_RETENTION_DAYS),
  /** Turns the retention job's timer off (tests run it with their own clock). */
  STUDENT_DATA_RETENTION_ENABLED: booleanFromEnv.default(true),
  /**
   * Days a row of the access log of student details is kept. At least 1: a log emptied at once
   * would answer nobody's question of who saw what.
   */
  ACCESS_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  /** Where schools ask for a copy or the erasure of a student's details (default CHARITY_EMAIL). */
  PRIVACY_CONTACT_EMAIL: z.email().optional(),
  /**
   * The charity's IANA time zone: pickup slots are wall-clock times there, and "today" (notices,
   * reminders, the dashboard, the daily summary) is its day. Feeds and replies carry instants with
   * their offset.
   */
  CHARITY_TIME_ZONE: charityTimeZoneSetting,
  /** Turns the day-before pickup reminder's timer off (tests run it with their own clock). */
  PICKUP_REMINDERS_ENABLED: booleanFromEnv.default(true),
  /**
   * Orders one school may place in a clock hour (then 429 with Retry-After); 0: no limit. Each order
   * mails the address the school wrote in it, so this bounds the mail one account can send.
   */
  ORDERS_PER_SCHOOL_PER_HOUR: z.coerce.number().int().min(0).max(10_000).default(30),
  /**
   * How long a status change that commits stock waits for catalog's decision before it answers
   * (ms); past it the answer says `pending` and the console waits on. Below the gateway's RPC
   * deadline (10 s) with room for the rest of the change; shortened to what the caller still
   * waits when that is less (a resent change arrives late).
   */
  STOCK_DECISION_WAIT_MS: z.coerce.number().int().min(0).max(8000).default(4000),
});
export type OrdersConfig = z.infer<typeof ordersConfigSchema>;
