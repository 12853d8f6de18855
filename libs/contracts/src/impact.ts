/**
 * The impact report (grant applications, board meetings): what was given and received in a date
 * range, valued at each product's fair-market value in force on the day. Money is "12.50".
 */
import { z } from 'zod';
import { categorySchema } from './domain.js';
import { moneySchema } from './money.js';

const isoDaySchema = z.iso.date();

/** Both days are required and included (days in the report's time zone). */
export const impactRangeSchema = z
  .object({ from: isoDaySchema, to: isoDaySchema })
  .refine((r) => r.from <= r.to, { message: 'must not be after to', path: ['from'] });
export type ImpactRange = z.infer<typeof impactRangeSchema>;

export const impactCategorySchema = z.object({
  category: categorySchema,
  items: z.number().int().nonnegative(),
  value: moneySchema,
});

export const impactSchoolSchema = z.object({
  /** The school's name at the time of its orders. */
  school: z.string(),
  orders: z.number().int().nonnegative(),
  studentsHelped: z.number().int().nonnegative(),
  items: z.number().int().nonnegative(),
  value: moneySchema,
});
export type ImpactSchool = z.infer<typeof impactSchoolSchema>;

export const impactDonationKindSchema = z.object({
  kind: z.string(),
  donations: z.number().int().nonnegative(),
  items: z.number().int().nonnegative(),
  value: moneySchema,
});

export const impactSchema = z.object({
  from: isoDaySchema,
  to: isoDaySchema,
  /** Given: orders delivered in the range (by their delivery day). */
  ordersDelivered: z.number().int().nonnegative(),
  studentsHelped: z.number().int().nonnegative(),
  schoolsServed: z.number().int().nonnegative(),
  itemsGiven: z.number().int().nonnegative(),
  valueGiven: moneySchema,
  /** Items given whose product had no value on the day (they count, at no value). */
  itemsGivenWithoutValue: z.number().int().nonnegative(),
  itemsGivenByCategory: z.array(impactCategorySchema),
  /** Received: donations by the day the goods arrived. */
  donationsReceived: z.number().int().nonnegative(),
  itemsReceived: z.number().int().nonnegative(),
  valueReceived: moneySchema,
  receivedByKind: z.array(impactDonationKindSchema),
  /** Every school served, most items first (the page shows the first IMPACT_TOP_SCHOOLS). */
  schools: z.array(impactSchoolSchema),
});
export type Impact = z.infer<typeof impactSchema>;

export const IMPACT_TOP_SCHOOLS = 5;

/** The charity as the printed page names it (gateway configuration). */
export const charitySchema = z.object({ name: z.string(), logoUrl: z.string().nullable() });

/** `GET /api/console/impact`: the impact record and the charity it is about. */
export const consoleImpactSchema = impactSchema.extend({ charity: charitySchema });
export type ConsoleImpact = z.infer<typeof consoleImpactSchema>;
