/**
 * Demand against stock: per product and size, what open orders ask for, what is on the shelf and
 * what is missing (reporting's read model, kept from the ORDERS and CATALOG streams), and the public
 * "most needed" list drawn from it.
 */
import { z } from 'zod';
import { categorySchema } from './domain.js';
import { pageRangeSchema } from './paging.js';

/**
 * The order statuses whose lines count as demand. Processing has not taken its stock yet; CheckEmail,
 * Printed and Packing have (`isCommittedStatus`), and so has Ready for Pickup, shown apart.
 */
export const DEMAND_PROCESSING_STATUSES = ['Processing'] as const;
export const DEMAND_PACKING_STATUSES = ['CheckEmail', 'Printed', 'Packing'] as const;
export const DEMAND_READY_STATUSES = ['Ready for Pickup'] as const;

export const demandRowSchema = z.object({
  /** `<productId>:<size>`: one row per product and size. */
  id: z.string(),
  productId: z.uuid(),
  name: z.string(),
  category: z.string(),
  subCategory: z.string().nullable(),
  size: z.string(),
  /** Items in Processing orders: not yet taken from stock. */
  processing: z.number().int(),
  /** Items in CheckEmail, Printed and Packing orders: already taken from stock. */
  packing: z.number().int(),
  /** processing + packing: what open orders ask for. */
  requested: z.number().int(),
  /** Items in orders Ready for Pickup (taken from stock, waiting at the door). */
  readyForPickup: z.number().int(),
  /** The catalog's stock now (what is on the shelf, after committed orders took theirs). */
  onHand: z.number().int(),
  /** max(0, processing - onHand): what must come in before the waiting orders can be packed. */
  shortfall: z.number().int(),
});
export type DemandRow = z.infer<typeof demandRowSchema>;

export const DEMAND_SORT_FIELDS = [
  'name',
  'category',
  'size',
  'processing',
  'packing',
  'requested',
  'readyForPickup',
  'onHand',
  'shortfall',
] as const;
export type DemandSortField = (typeof DEMAND_SORT_FIELDS)[number];

export const demandFilterSchema = z
  .object({
    category: categorySchema.optional(),
    /** Only the rows with a shortfall (the dashboard's tile). */
    short: z.boolean().optional(),
  })
  .strict();
export type DemandFilter = z.infer<typeof demandFilterSchema>;

export const demandListInputSchema = z.object({
  sort: z.object({ field: z.enum(DEMAND_SORT_FIELDS), order: z.enum(['ASC', 'DESC']) }).nullish(),
  range: pageRangeSchema.default({ start: 0, end: 24 }),
  filter: demandFilterSchema.default({}),
});
export type DemandListInput = z.input<typeof demandListInputSchema>;

export const demandListSchema = z.object({
  items: z.array(demandRowSchema),
  total: z.number().int(),
});

export const demandCsvInputSchema = z.object({ filter: demandFilterSchema.default({}) });

/** One group of the public list: a category (and its sizing) with its sizes most needed first. */
export const mostNeededGroupSchema = z.object({
  category: z.string(),
  subCategory: z.string().nullable(),
  sizes: z.array(z.string()),
});

/** The public list as reporting computes it: kinds and sizes only, no counts of anything. */
export const mostNeededListSchema = z.object({
  groups: z.array(mostNeededGroupSchema),
  computedAt: z.iso.datetime({ offset: true }),
});
export type MostNeededList = z.infer<typeof mostNeededListSchema>;

/** `GET /api/v1/most-needed`: `published` is false when the charity has turned the list off. */
export const mostNeededResponseSchema = mostNeededListSchema.extend({ published: z.boolean() });
export type MostNeededResponse = z.infer<typeof mostNeededResponseSchema>;

/** Groups (category and sizing) and sizes per group the public list shows at most. */
export const MOST_NEEDED_MAX_GROUPS = 8;
export const MOST_NEEDED_MAX_SIZES = 8;
