/**
 * Messages of stock counts (audits): start a count of all products or a category, enter counted
 * figures per size, review the differences against the ledger, finalise.
 */
import { z } from 'zod';
import { consoleSortSchema } from './catalog.js';
import { textSchema as text } from './text.js';
import { categorySchema } from './domain.js';
import { intakeRangeSchema } from './donations.js';
import { COUNT_MAX_FIGURE, INTAKE_MAX_PAGE, STOCK_COUNT_STATUSES } from './intake-limits.js';

const idSchema = text().max(100);

export type StockCountStatus = (typeof STOCK_COUNT_STATUSES)[number];

export const STOCK_COUNT_SORT_FIELDS = ['startedAt', 'status', 'scope'] as const;

export const startStockCountInputSchema = z.object({
  /** 'all' or one category; explicit, so an empty request never starts a count of everything. */
  scope: z.union([z.literal('all'), categorySchema], "must be 'all' or a category"),
  note: text({ multiline: true }).trim().max(500).optional().default(''),
});
export type StartStockCountInput = z.input<typeof startStockCountInputSchema>;

export const stockCountIdInputSchema = z.object({ id: idSchema });

export const listStockCountsInputSchema = z.object({
  sort: consoleSortSchema.optional().default(null),
  range: intakeRangeSchema,
  filter: z
    .object({
      status: z.enum(STOCK_COUNT_STATUSES).optional(),
      id: z.union([z.array(idSchema).max(INTAKE_MAX_PAGE), idSchema]).optional(),
    })
    .optional()
    .default({}),
});
export type ListStockCountsInput = z.input<typeof listStockCountsInputSchema>;

export const listStockCountLinesInputSchema = z.object({
  id: idSchema,
  range: intakeRangeSchema,
});

export const enterStockCountsInputSchema = z.object({
  id: idSchema,
  lines: z
    .array(
      z.object({
        sizeId: idSchema,
        /** null clears a figure entered by mistake (the size is then not counted). */
        counted: z
          .number()
          .int('must be a whole number')
          .min(0, 'must not be negative')
          .max(COUNT_MAX_FIGURE, `must be at most ${COUNT_MAX_FIGURE}`)
          .nullable(),
      }),
    )
    .min(1, 'at least one line is required')
    .max(INTAKE_MAX_PAGE),
});
export type EnterStockCountsInput = z.input<typeof enterStockCountsInputSchema>;

export const finaliseStockCountInputSchema = z.object({
  id: idSchema,
  /**
   * The books' figures the admin confirmed on the review screen. When the stock of one of them has
   * moved since, nothing is written and the admin reviews again (409 naming the sizes).
   */
  confirmedBooks: z
    .array(z.object({ sizeId: idSchema, books: z.number().int().min(0) }))
    .max(20_000)
    .optional(),
});
export type FinaliseStockCountInput = z.input<typeof finaliseStockCountInputSchema>;

// ---- outputs ----------------------------------------------------------------------------------

export const stockCountSchema = z.object({
  id: z.string(),
  /** 'all' or a category. */
  scope: z.string(),
  status: z.enum(STOCK_COUNT_STATUSES),
  note: z.string(),
  sizes: z.number().int(),
  countedSizes: z.number().int(),
  startedAt: z.string(),
  startedBy: z.string().nullable(),
  finalisedAt: z.string().nullable(),
  finalisedBy: z.string().nullable(),
  /** After finalising: the sizes adjusted and the sum of the differences (net and absolute). */
  adjustedSizes: z.number().int(),
  netAdjustment: z.number().int(),
  absoluteAdjustment: z.number().int(),
});
export type StockCountDto = z.infer<typeof stockCountSchema>;

/** One size on the count sheet, in sheet order (category, product, size position). */
export const stockCountLineSchema = z.object({
  id: z.string(),
  sizeId: z.string(),
  productId: z.string(),
  productName: z.string(),
  category: z.string(),
  subCategory: z.string(),
  size: z.string(),
  counted: z.number().int().nullable(),
  /** Whether the size still exists (deleted sizes cannot be counted or adjusted). */
  sizeExists: z.boolean(),
  /** Only once finalised: the books at that moment and the difference written. */
  books: z.number().int().nullable(),
  difference: z.number().int().nullable(),
});
export type StockCountLineDto = z.infer<typeof stockCountLineSchema>;

export const stockCountDifferenceSchema = z.object({
  sizeId: z.string(),
  productId: z.string(),
  productName: z.string(),
  category: z.string(),
  size: z.string(),
  books: z.number().int(),
  counted: z.number().int(),
  difference: z.number().int(),
});
export type StockCountDifferenceDto = z.infer<typeof stockCountDifferenceSchema>;

export const stockCountMovementSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  size: z.string(),
  delta: z.number().int(),
  reason: z.string(),
  orderId: z.string().nullable(),
  createdAt: z.string(),
});
export type StockCountMovementDto = z.infer<typeof stockCountMovementSchema>;

/** The review before finalising (and the result after it). */
export const stockCountReviewSchema = z.object({
  count: stockCountSchema,
  /** Every counted size whose figure differs from the books now. */
  differences: z.array(stockCountDifferenceSchema),
  /** Counted sizes that agree with the books. */
  matching: z.number().int(),
  /** Sizes left without a figure: they are not adjusted. */
  uncounted: z.number().int(),
  /** Sizes deleted since the count started: skipped. */
  deletedSizes: z.array(z.object({ productName: z.string(), size: z.string() })),
  /** Stock movements of the counted sizes since the count started (orders kept flowing). */
  movementsSinceStart: z.array(stockCountMovementSchema),
  movementsSinceStartTotal: z.number().int(),
});
export type StockCountReviewDto = z.infer<typeof stockCountReviewSchema>;
