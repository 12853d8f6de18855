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

export interface StockCountDto {
  id: string;
  /** 'all' or a category. */
  scope: string;
  status: StockCountStatus;
  note: string;
  sizes: number;
  countedSizes: number;
  startedAt: string;
  startedBy: string | null;
  finalisedAt: string | null;
  finalisedBy: string | null;
  /** After finalising: the sizes adjusted and the sum of the differences (net and absolute). */
  adjustedSizes: number;
  netAdjustment: number;
  absoluteAdjustment: number;
}

/** One size on the count sheet, in sheet order (category, product, size position). */
export interface StockCountLineDto {
  id: string;
  sizeId: string;
  productId: string;
  productName: string;
  category: string;
  subCategory: string;
  size: string;
  counted: number | null;
  /** Whether the size still exists (deleted sizes cannot be counted or adjusted). */
  sizeExists: boolean;
  /** Only once finalised: the books at that moment and the difference written. */
  books: number | null;
  difference: number | null;
}

export interface StockCountDifferenceDto {
  sizeId: string;
  productId: string;
  productName: string;
  category: string;
  size: string;
  books: number;
  counted: number;
  difference: number;
}

export interface StockCountMovementDto {
  id: string;
  productId: string;
  productName: string;
  size: string;
  delta: number;
  reason: string;
  orderId: string | null;
  createdAt: string;
}

/** The review before finalising (and the result after it). */
export interface StockCountReviewDto {
  count: StockCountDto;
  /** Every counted size whose figure differs from the books now. */
  differences: StockCountDifferenceDto[];
  /** Counted sizes that agree with the books. */
  matching: number;
  /** Sizes left without a figure: they are not adjusted. */
  uncounted: number;
  /** Sizes deleted since the count started: skipped. */
  deletedSizes: { productName: string; size: string }[];
  /** Stock movements of the counted sizes since the count started (orders kept flowing). */
  movementsSinceStart: StockCountMovementDto[];
  movementsSinceStartTotal: number;
}
