/**
 * Messages of the reporting service (`reportingOps`): the LR345 report, its CSV exports and the
 * rebuild of the read model from the ORDERS stream.
 */
import { z } from 'zod';
import { categorySchema } from './domain.js';
import { textSchema } from './text.js';

/** A calendar day, `YYYY-MM-DD`; ranges include both end days in the report's time zone. */
const isoDaySchema = z.iso.date();

const rangeShape = {
  from: isoDaySchema.optional(),
  to: isoDaySchema.optional(),
};

function fromNotAfterTo(range: { from?: string | undefined; to?: string | undefined }): boolean {
  return !range.from || !range.to || range.from <= range.to;
}
const fromAfterToIssue = { message: 'must not be after to', path: ['from'] };

export const reportRangeSchema = z.object(rangeShape).refine(fromNotAfterTo, fromAfterToIssue);
export type ReportRange = z.infer<typeof reportRangeSchema>;

export const rankedNameSchema = z.object({
  name: z.string(),
  count: z.number().int().nonnegative(),
});
export type RankedName = z.infer<typeof rankedNameSchema>;

/** `week` is the Monday that starts the ISO week, `YYYY-MM-DD`. */
export const weeklyCountSchema = z.object({
  week: z.string(),
  count: z.number().int().nonnegative(),
});
export const weeklyCategoryQuantitySchema = z.object({
  week: z.string(),
  category: categorySchema,
  quantity: z.number().int().nonnegative(),
});

export const reportSchema = z.object({
  ordersReceived: z.number().int().nonnegative(),
  ordersFulfilled: z.number().int().nonnegative(),
  averageFulfilmentHours: z.number().int().nonnegative(),
  itemsFulfilled: z.number().int().nonnegative(),
  /** Donated items received in the range (latest version of each donation, deleted ones out). */
  itemsReceived: z.number().int().nonnegative(),
  itemsReceivedByKind: z.array(z.object({ kind: z.string(), items: z.number().int() })),
  /** Stock counts finalised in the range: sizes adjusted, net and absolute difference. */
  countAdjustments: z.object({
    counts: z.number().int().nonnegative(),
    adjustedSizes: z.number().int().nonnegative(),
    net: z.number().int(),
    absolute: z.number().int().nonnegative(),
  }),
  studentsHelped: z.number().int().nonnegative(),
  topItems: z.array(rankedNameSchema),
  topSchools: z.array(rankedNameSchema),
  weekly: z.object({
    ordersReceived: z.array(weeklyCountSchema),
    ordersFulfilled: z.array(weeklyCountSchema),
    itemsByCategory: z.array(weeklyCategoryQuantitySchema),
  }),
});
export type Report = z.infer<typeof reportSchema>;

/** One CSV document small enough for one reply (the report tables). */
export const csvFileSchema = z.object({ filename: z.string(), csv: z.string() });
export type CsvFile = z.infer<typeof csvFileSchema>;

/**
 * The orders export is paged so that no reply comes near the NATS message limit: the first page
 * (no cursor) starts with the header row; `nextCursor` is null on the last page.
 */
export const ordersCsvPageInputSchema = z
  .object({
    ...rangeShape,
    cursor: textSchema().max(200).nullish(),
    limit: z.number().int().min(1).max(2000).optional(),
  })
  .refine(fromNotAfterTo, fromAfterToIssue);
export type OrdersCsvPageInput = z.infer<typeof ordersCsvPageInputSchema>;

export const ordersCsvPageSchema = z.object({
  csv: z.string(),
  rows: z.number().int().nonnegative(),
  nextCursor: z.string().nullable(),
});
export type OrdersCsvPage = z.infer<typeof ordersCsvPageSchema>;

export const rebuildResultSchema = z.object({
  /** Events read from the stream and applied (older versions are read but change nothing). */
  eventsApplied: z.number().int().nonnegative(),
  /** Orders counted by the rebuilt read model (deleted ones excluded). */
  ordersApplied: z.number().int().nonnegative(),
  durationMs: z.number().nonnegative(),
});
export type RebuildResult = z.infer<typeof rebuildResultSchema>;

/** Where the rebuild is: `replayed` of `total` stream messages; `running` false when none runs. */
export const rebuildStatusSchema = z.object({
  running: z.boolean(),
  replayed: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  startedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type RebuildStatus = z.infer<typeof rebuildStatusSchema>;
