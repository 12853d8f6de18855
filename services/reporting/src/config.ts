/** Reporting service configuration, parsed once at boot (convention 5). */
import { z } from 'zod';
import { baseConfigSchema, charityTimeZoneSetting, timeZoneSetting } from '@lr/nest-kit';

const settingsSchema = baseConfigSchema.extend({
  CHARITY_TIME_ZONE: charityTimeZoneSetting,
  /**
   * The report's own zone, only where it should differ from the charity's; unset or empty:
   * CHARITY_TIME_ZONE. Report date ranges cover whole days and weeks start on Monday in this zone
   * (an order placed at 23:30 local time belongs to that local day).
   */
  REPORT_TIME_ZONE: z.preprocess(
    (value) => (value === '' ? undefined : value),
    timeZoneSetting.optional(),
  ),
  /**
   * How long the read model's consumer lets a batch of order events gather before applying it (ms;
   * 0: at once). The report is then that much later, and under load it writes in fewer, larger
   * transactions.
   */
  READ_MODEL_BATCH_WINDOW_MS: z.coerce.number().int().min(0).max(5_000).default(100),
});

/** The settings, with REPORT_TIME_ZONE resolved: the zone every day and week of the report is in. */
export const reportingConfigSchema = settingsSchema.transform(({ REPORT_TIME_ZONE, ...rest }) => ({
  ...rest,
  REPORT_TIME_ZONE: REPORT_TIME_ZONE ?? rest.CHARITY_TIME_ZONE,
}));
export type ReportingConfig = z.infer<typeof reportingConfigSchema>;
