/**
 * Messages of the orders service (operations in operations/orders.ts) and the HTTP bodies of its /api/v1 calls.
 * The service answers with the order snapshot of events.ts (`OrderSnapshot`); the gateway maps it to
 * the old API's `_id`/`orderId` shape for /api/v1 and to `id` records for /api/console.
 */
import { z } from 'zod';
import { pickupChoiceSchema } from './pickups.js';
import { genderSchema, orderStatusSchema } from './domain.js';
import { shortLineSchema } from './events.js';
import { FORM_LIMITS } from './form-limits.js';
import { textSchema } from './text.js';
import { PAGE_SIZE_MAX, idListSchema } from './paging.js';

/** Highest quantity any line may carry in the schema (the 5 cap is a business rule in the service). */
export const ORDER_LINE_HARD_MAX = 1000;
export const ORDER_LINES_MAX = 100;

// ---- shipping info ------------------------------------------------------------------------------

/** A student's age as typed: a whole number of one to three digits (the store's form and the server). */
export const STUDENT_AGE_PATTERN = /^\d{1,3}$/;

/** `<student id>_<age>_<gender>`: the student id may itself hold underscores, age and gender may not. */
export const RECEIVING_PERSON_PATTERN = new RegExp(
  `^(.+)_(${STUDENT_AGE_PATTERN.source.slice(1, -1)})_(Male|Female|NA)$`,
);

export function joinReceivingPersonName(
  studentId: string,
  age: number | string,
  gender: string,
): string {
  return `${studentId.trim()}_${String(age).trim()}_${gender}`;
}

export function splitReceivingPersonName(
  value: string,
): { studentId: string; age: number; gender: z.infer<typeof genderSchema> } | null {
  const match = RECEIVING_PERSON_PATTERN.exec(value);
  if (!match) return null;
  return {
    studentId: match[1] ?? '',
    age: Number(match[2]),
    gender: match[3] as z.infer<typeof genderSchema>,
  };
}

/**
 * What the school sends. `userName`, `userAddress` and `orderDate` are set by the server (from the
 * profile and the clock), so they are accepted but ignored.
 */
export const shippingInfoInputSchema = z.object({
  receivingPersonName: textSchema()
    .trim()
    .max(FORM_LIMITS.receivingPersonNameMax)
    .regex(
      RECEIVING_PERSON_PATTERN,
      'must be the student id, age and gender (Male, Female or NA) joined by underscores',
    ),
  additionalComments: textSchema({ multiline: true })
    .trim()
    .max(FORM_LIMITS.additionalCommentsMax)
    .optional()
    .default(''),
  userLoggedInDesignation: textSchema()
    .trim()
    .max(FORM_LIMITS.teacherNameMax)
    .optional()
    .default(''),
  phoneNo: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(textSchema().trim().max(FORM_LIMITS.phoneNoMax))
    .optional()
    .default(''),
  Email: z.email().max(FORM_LIMITS.emailMax),
  userName: textSchema().max(500).optional(),
  userAddress: textSchema({ multiline: true }).max(1000).optional(),
  orderDate: textSchema().max(100).optional(),
});
export type ShippingInfoInput = z.infer<typeof shippingInfoInputSchema>;

// ---- rpc.orders.place ---------------------------------------------------------------------------

/**
 * The store's checkout asks the school to confirm it may share the student's details for this
 * request; only `true` means anything. The original client never sends it (recorded as not asked).
 */
export const sharingConsentGivenSchema = z.literal(true, {
  error: "must be true: the school confirms it may share the student's details",
});

/**
 * An Idempotency-Key: any opaque string of 1 to 255 visible ASCII characters (0x21-0x7e), as the
 * header's draft standard and payment APIs accept; the store sends a uuid. Scoped per account.
 */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
export const idempotencyKeySchema = z
  .string()
  .regex(IDEMPOTENCY_KEY_PATTERN, 'must be 1 to 255 visible ASCII characters (no spaces)');

/** The school's reason for a request over the student's yearly limit (personal-data.ts). */
export const studentLimitReasonSchema = textSchema({ multiline: true })
  .trim()
  .min(1, 'give a reason')
  .max(FORM_LIMITS.studentLimitReasonMax);

export const orderLineInputSchema = z.object({
  productId: z.uuid(),
  size: textSchema().trim().min(1).max(100),
  quantity: z.number().int().min(1).max(ORDER_LINE_HARD_MAX),
});
export type OrderLineInput = z.infer<typeof orderLineInputSchema>;

export const placeOrderInputSchema = z.object({
  shippingInfo: shippingInfoInputSchema,
  lines: z.array(orderLineInputSchema).min(1, 'at least one item is needed').max(ORDER_LINES_MAX),
  /** Made once per checkout by the store; the same key (per user) returns the first order. */
  idempotencyKey: idempotencyKeySchema.nullable().optional(),
  /** The school confirmed it may share the student's details for this request (absent: not asked). */
  sharingConsent: sharingConsentGivenSchema.optional(),
  /** Why the student needs a request over the school year's limit (required then in warn mode). */
  studentLimitReason: studentLimitReasonSchema.optional(),
});
export type PlaceOrderInput = z.infer<typeof placeOrderInputSchema>;

/** A line the server refused, in the 409's `details.lines`. */
export const refusedLineSchema = z.object({
  index: z.number().int(),
  productId: z.string(),
  size: z.string(),
  name: z.string().nullable(),
  reason: z.enum(['not-found', 'hidden', 'no-such-size', 'over-limit', 'short']),
  requested: z.number().int(),
  available: z.number().int().nullable(),
});
export type RefusedLine = z.infer<typeof refusedLineSchema>;

// ---- reads --------------------------------------------------------------------------------------

export const orderIdInputSchema = z.object({ id: textSchema().min(1).max(100) });

/** Product images that were removed: order lines naming one show their placeholder instead. */
export const forgetImagesInputSchema = z.object({
  urls: z.array(textSchema().min(1).max(500)).min(1).max(100),
});
export const orderIdsInputSchema = z.object({ ids: idListSchema(textSchema().min(1).max(100)) });

/** A date the database can hold and a person would mean (years 1970 to 9999). */
const filterDateSchema = textSchema()
  .max(40)
  .refine((text) => {
    const time = Date.parse(text);
    return !Number.isNaN(time) && time >= 0 && time < Date.UTC(10000, 0, 1);
  }, 'must be a date');

const MAX_ROW = 1_000_000_000;

export const ORDER_CONSOLE_SORT_FIELDS = [
  'createdAt',
  'orderNumber',
  'orderId',
  'status',
  'orderStatus',
  'userName',
  'deliveredAt',
] as const;

export const orderConsoleFilterSchema = z.object({
  status: z.union([orderStatusSchema, z.array(orderStatusSchema)]).optional(),
  /** The school (user id). */
  userId: z.uuid().optional(),
  createdAt_gte: filterDateSchema.optional(),
  /** A date without a time means the end of that day. */
  createdAt_lte: filterDateSchema.optional(),
  /** Part of the school's name or login id (the console's free-text School filter). */
  school: textSchema().trim().max(100).optional(),
  /** Aliases of createdAt_gte / createdAt_lte (the console's From and To dates). */
  from: filterDateSchema.optional(),
  to: filterDateSchema.optional(),
  /** Order number (`LR-000123` or `123`) or student id. */
  q: textSchema().trim().max(100).optional(),
  id: z.array(textSchema().max(100)).max(1000).optional(),
});
export type OrderConsoleFilter = z.infer<typeof orderConsoleFilterSchema>;

export const orderConsoleListInputSchema = z.object({
  sort: z
    .object({ field: z.enum(ORDER_CONSOLE_SORT_FIELDS), order: z.enum(['ASC', 'DESC']) })
    .nullable()
    .optional(),
  /** `{ start, end }` or the console's `[start, end]`, both inclusive; at most PAGE_SIZE_MAX rows. */
  range: z
    .union([
      z.object({
        start: z.number().int().min(0).max(MAX_ROW),
        end: z.number().int().min(0).max(MAX_ROW),
      }),
      z
        .tuple([z.number().int().min(0).max(MAX_ROW), z.number().int().min(0).max(MAX_ROW)])
        .transform(([start, end]) => ({ start, end })),
    ])
    .refine((r) => r.end >= r.start, 'end before start')
    .refine(
      (r) => r.end - r.start + 1 <= PAGE_SIZE_MAX,
      `must be at most ${PAGE_SIZE_MAX} rows per page`,
    ),
  filter: orderConsoleFilterSchema.optional().default({}),
});
export type OrderConsoleListInput = z.infer<typeof orderConsoleListInputSchema>;

// ---- rpc.orders.update --------------------------------------------------------------------------

export const updateOrderInputSchema = z.object({
  id: textSchema().min(1).max(100),
  status: orderStatusSchema,
  /** One given quantity per line, in line order; only while the order is Processing. */
  newQuantity: z.array(z.number().int()).max(ORDER_LINES_MAX).nullable().optional(),
  /** At Ready for Pickup: the time given; without it, the next open slot. */
  pickup: pickupChoiceSchema.optional(),
});
export type UpdateOrderInput = z.infer<typeof updateOrderInputSchema>;

/**
 * What a change did to stock, as catalog decided it (docs/adr/0221-status-change-answers-stock-outcome.md).
 * Catalog's decision is the one shown: a stock figure read before the change is only a hint.
 * - `committed`: catalog took the order's stock;
 * - `refused`: catalog had too little (`shortLines`), took nothing, and the order is back in
 *   Processing (the order answered is as that left it);
 * - `pending`: catalog did not decide within the orders service's wait; the console waits for it
 *   (`ordersOps.stockOutcome`);
 * - `none`: the change takes no stock (no commit, or nothing given); a release is never refused, so
 *   it is not waited for.
 */
export const STOCK_OUTCOMES = ['committed', 'refused', 'pending', 'none'] as const;
export const stockOutcomeSchema = z.object({
  outcome: z.enum(STOCK_OUTCOMES),
  /** The order version whose commit this is about (the version the change left). */
  version: z.number().int().positive(),
  /** When refused: the lines catalog could not cover. */
  shortLines: z.array(shortLineSchema).optional(),
});
export type StockOutcome = z.infer<typeof stockOutcomeSchema>;

/** `rpc.orders.stock-outcome`: catalog's decision on the commit of one order version, waited for. */
export const stockOutcomeInputSchema = z.object({
  id: z.uuid(),
  version: z.number().int().positive(),
});
export type StockOutcomeInput = z.infer<typeof stockOutcomeInputSchema>;

// ---- status history -----------------------------------------------------------------------------

export const orderHistoryEntrySchema = z.object({
  at: z.string(),
  /** Who made the change; null when the system did (e.g. catalog rejected a commit). */
  by: z.object({ id: z.string(), name: z.string() }).nullable(),
  from: orderStatusSchema.nullable(),
  to: orderStatusSchema,
  /** Given quantities per line (line order) after the change. */
  quantities: z.array(z.number().int()),
  reason: z.string().nullable(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

// ---- HTTP bodies (/api/v1), as the old client sends them ---------------------------------------

/** `POST /api/v1/payment/process`: no money changes hands. */
export const paymentProcessBodySchema = z.object({
  amount: z.coerce.number().refine((n) => n === 0, 'must be 0: requests are free'),
});

const zeroPrice = z.coerce
  .number()
  .refine((n) => n === 0, 'must be 0')
  .optional();

export const newOrderItemBodySchema = z.object({
  product: z.uuid(),
  name: textSchema().max(500).optional(),
  SubCategory: textSchema().max(100).optional(),
  ProductSize: textSchema().trim().min(1).max(100),
  quantity: z.coerce.number().int().min(1).max(ORDER_LINE_HARD_MAX),
  image: textSchema().max(2000).optional(),
  price: zeroPrice,
});

/** `POST /api/v1/order/new`. */
export const newOrderBodySchema = z.object({
  shippingInfo: shippingInfoInputSchema,
  orderItems: z
    .array(newOrderItemBodySchema)
    .min(1, 'at least one item is needed')
    .max(ORDER_LINES_MAX),
  itemsPrice: zeroPrice,
  taxPrice: zeroPrice,
  shippingPrice: zeroPrice,
  totalPrice: zeroPrice,
  /** The store's consent box (its clients since the question exists); the original client omits it. */
  sharingConsent: sharingConsentGivenSchema.optional(),
  /** Why the student needs a request over the school year's limit (required then in warn mode). */
  studentLimitReason: studentLimitReasonSchema.optional(),
});
export type NewOrderBody = z.infer<typeof newOrderBodySchema>;

/** `PUT /api/v1/admin/order/:id`: JSON, or the old client's form with a comma-joined newQuantity. */
export const updateOrderBodySchema = z.object({
  status: orderStatusSchema,
  newQuantity: z
    .union([
      z.array(z.coerce.number().int()),
      textSchema()
        .max(1000)
        .transform((s) => (s.trim() === '' ? [] : s.split(',').map((part) => Number(part.trim()))))
        .pipe(z.array(z.number().int())),
    ])
    .nullable()
    .optional(),
  /** At Ready for Pickup: the time given; without it, the next open slot. */
  pickup: pickupChoiceSchema.optional(),
});
export type UpdateOrderBody = z.infer<typeof updateOrderBodySchema>;
