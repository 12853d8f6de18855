/**
 * Messages of the catalog's donation intake (`catalogOps`): donation sources, donations and their
 * lines. Every text field refuses control characters (text.ts); notes may span lines.
 */
import { z } from 'zod';
import { consoleSortSchema, productIdSchema, sizeNameSchema } from './catalog.js';
import { categorySchema } from './domain.js';
import { donationSourceKindSchema } from './events.js';
import {
  DONATION_LINE_MAX_QUANTITY,
  DONATION_MAX_LINES,
  INTAKE_MAX_PAGE,
} from './intake-limits.js';
import { textSchema as text } from './text.js';

export const DONATION_SOURCE_SORT_FIELDS = ['name', 'kind', 'createdAt'] as const;
export const DONATION_SORT_FIELDS = ['receivedOn', 'sourceName', 'items', 'createdAt'] as const;

/** A console range whose page is at most INTAKE_MAX_PAGE rows. */
export const intakeRangeSchema = z
  .object({ start: z.number().int().min(0), end: z.number().int().min(0) })
  .refine((r) => r.end >= r.start, 'end before start')
  .refine((r) => r.end - r.start < INTAKE_MAX_PAGE, `at most ${INTAKE_MAX_PAGE} rows per page`);

const idSchema = text().max(100);
/** A calendar day, YYYY-MM-DD, that really exists. */
export const isoDaySchema = z.iso.date('must be a date (YYYY-MM-DD)');

// ---- sources ----------------------------------------------------------------------------------

export const donationSourceInputSchema = z.object({
  name: text().trim().min(1, 'is required').max(120),
  kind: donationSourceKindSchema,
  contact: text().trim().max(300).optional().default(''),
});
export type DonationSourceInput = z.input<typeof donationSourceInputSchema>;

/** An admin's change of a source: its name and kind as they should be (contact kept when omitted). */
export const updateDonationSourceInputSchema = z.object({
  id: idSchema,
  name: text().trim().min(1, 'is required').max(120),
  kind: donationSourceKindSchema,
  contact: text().trim().max(300).optional(),
});
export type UpdateDonationSourceInput = z.input<typeof updateDonationSourceInputSchema>;

export const listDonationSourcesInputSchema = z.object({
  sort: consoleSortSchema.optional().default(null),
  range: intakeRangeSchema,
  filter: z
    .object({
      q: text().max(100).optional(),
      kind: donationSourceKindSchema.optional(),
      id: z.union([z.array(idSchema).max(INTAKE_MAX_PAGE), idSchema]).optional(),
    })
    .optional()
    .default({}),
});
export type ListDonationSourcesInput = z.input<typeof listDonationSourcesInputSchema>;

// ---- donations --------------------------------------------------------------------------------

export const donationLineInputSchema = z.object({
  productId: productIdSchema,
  size: sizeNameSchema,
  quantity: z
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(DONATION_LINE_MAX_QUANTITY, `must be at most ${DONATION_LINE_MAX_QUANTITY}`),
  /** The size does not exist yet and is to be created (a typo never creates a size silently). */
  newSize: z.boolean().optional().default(false),
});

export const recordDonationInputSchema = z.object({
  /** Defaults to today (the service's calendar day in UTC). */
  receivedOn: isoDaySchema.optional(),
  sourceId: idSchema,
  note: text({ multiline: true }).trim().max(2000).optional().default(''),
  lines: z
    .array(donationLineInputSchema)
    .min(1, 'at least one line is required')
    .max(DONATION_MAX_LINES),
});
export type RecordDonationInput = z.input<typeof recordDonationInputSchema>;

/** A correction sends the donation as it should have been; the differences become movements. */
export const correctDonationInputSchema = recordDonationInputSchema.extend({
  id: idSchema,
  receivedOn: isoDaySchema,
  /** The version the editor saw: a correction made meanwhile by someone else is not overwritten. */
  version: z.number().int().positive().optional(),
});
export type CorrectDonationInput = z.input<typeof correctDonationInputSchema>;

export const donationIdInputSchema = z.object({ id: idSchema });

export const listDonationsInputSchema = z.object({
  sort: consoleSortSchema.optional().default(null),
  range: intakeRangeSchema,
  filter: z
    .object({
      from: isoDaySchema.optional(),
      to: isoDaySchema.optional(),
      sourceId: idSchema.optional(),
      kind: donationSourceKindSchema.optional(),
      id: z.union([z.array(idSchema).max(INTAKE_MAX_PAGE), idSchema]).optional(),
    })
    .optional()
    .default({}),
});
export type ListDonationsInput = z.input<typeof listDonationsInputSchema>;

/** Products to pick from when recording a donation (volunteers may not list products with stock). */
export const productChoicesInputSchema = z.object({
  range: intakeRangeSchema,
  filter: z
    .object({
      q: text().max(100).optional(),
      category: categorySchema.optional(),
      id: z.union([z.array(idSchema).max(INTAKE_MAX_PAGE), idSchema]).optional(),
    })
    .optional()
    .default({}),
});
export type ProductChoicesInput = z.input<typeof productChoicesInputSchema>;

// ---- outputs ----------------------------------------------------------------------------------

export const donationSourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: donationSourceKindSchema,
  contact: z.string(),
  createdAt: z.string(),
});
export type DonationSourceDto = z.infer<typeof donationSourceSchema>;

export const donationLineSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  category: z.string(),
  subCategory: z.string(),
  sizeId: z.string(),
  size: z.string(),
  quantity: z.number().int(),
});
export type DonationLineDto = z.infer<typeof donationLineSchema>;

export const donationSchema = z.object({
  id: z.string(),
  receivedOn: z.string(),
  sourceId: z.string(),
  sourceName: z.string(),
  sourceKind: donationSourceKindSchema,
  note: z.string(),
  /** Sum of the lines' quantities. */
  items: z.number().int(),
  lines: z.array(donationLineSchema),
  version: z.number().int(),
  recordedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DonationDto = z.infer<typeof donationSchema>;

export const productChoiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  subCategory: z.string(),
  isShow: z.boolean(),
  /** Size names in the product's order; no stock figures (counting stays blind). */
  sizes: z.array(z.string()),
});
export type ProductChoiceDto = z.infer<typeof productChoiceSchema>;
