/** Reporting service configuration, parsed once at boot (convention 5). */
import { z } from 'zod';
import { baseConfigSchema } from '@lr/nest-kit';

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const reportingConfigSchema = baseConfigSchema.extend({
  /**
   * The charity's time zone: report date ranges cover whole days and weeks start on Monday in this
   * zone (an order placed at 23:30 local time belongs to that local day).
   */
  REPORT_TIME_ZONE: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone, e.g. Europe/London')
    .default('UTC'),
  /**
   * How long the read model's consumer lets a batch of order events gather before applying it (ms;
   * 0: at once). The report is then that much later, and under load it writes in fewer, larger
   * transactions.
   */
  READ_MODEL_BATCH_WINDOW_MS: z.coerce.number().int().min(0).max(5_000).default(100),
});
export type ReportingConfig = z.infer<typeof reportingConfigSchema>;
