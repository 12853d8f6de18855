/**
 * Who saw which student's details: the access log the orders service keeps of every time staff
 * (volunteers, admins) were shown student details, the contact details volunteers only see on
 * request, and the public privacy terms the store's Privacy Policy page states.
 *
 * The log names people and orders, never a student: no student id, age, gender, teacher, phone,
 * e-mail or comment is ever written to it.
 */
import { z } from 'zod';
import { roleSchema } from './domain.js';
import { orderSnapshotSchema } from './events.js';
import { pageRangeSchema } from './paging.js';
import { textSchema } from './text.js';

/** What a staff member did that showed them student details. */
export const STUDENT_DATA_ACTIONS = [
  /** A list of orders with their students (console list, `/api/v1/admin/orders`). */
  'order-list',
  /** One order opened (console order page and its printable pick list, `/api/v1/order/:id`). */
  'order-detail',
  /** Several orders' pick lists opened together for printing. */
  'pick-lists',
  /** The teacher's phone and e-mail, asked for on purpose. */
  'contact-details',
  /** The order as it is after a status or quantity change (the change's answer shows it). */
  'order-update',
  /** The order as it was when deleted (the deletion's answer shows it). */
  'order-delete',
  /** A student's details erased on request. */
  'erase',
  /** Everything held about a student or a school exported on request. */
  'export',
] as const;
export const studentDataActionSchema = z.enum(STUDENT_DATA_ACTIONS);
export type StudentDataAction = z.infer<typeof studentDataActionSchema>;

/**
 * What the gateway adds to a request-reply call that may show student details (`RpcRequest.access`):
 * one `accessId` per HTTP request (every page and every resend of it lands in the same log row), what
 * the person is doing and the client address the gateway saw. `count` asks only for a total (the
 * dashboard): the answer then carries no order, so nothing is shown and nothing is logged.
 */
export const accessContextSchema = z.object({
  accessId: z.uuid(),
  action: z.union([studentDataActionSchema, z.literal('count')]),
  clientAddress: textSchema().max(100).nullable(),
});
export type AccessContext = z.infer<typeof accessContextSchema>;

/** A date the database can hold (years 1970 to 9999). */
const logDateSchema = textSchema()
  .max(40)
  .refine((text) => {
    const time = Date.parse(text);
    return !Number.isNaN(time) && time >= 0 && time < Date.UTC(10000, 0, 1);
  }, 'must be a date');

export const accessLogFilterSchema = z.object({
  /** The staff member (user id). */
  actorId: z.uuid().optional(),
  /** Part of the staff member's login id. */
  person: textSchema().trim().max(100).optional(),
  /** An order: its id or its number (`LR-000123` or `123`). */
  order: textSchema().trim().max(100).optional(),
  /** The school whose orders were shown (user id). */
  schoolId: z.uuid().optional(),
  action: studentDataActionSchema.optional(),
  /** From this moment (a date alone: its start, UTC). */
  from: logDateSchema.optional(),
  /** Up to this moment (a date alone: the end of that day, UTC). */
  to: logDateSchema.optional(),
  /** Only rows older than this row (the CSV export walks the log newest first with it). */
  beforeId: z.coerce.number().int().positive().optional(),
});
export type AccessLogFilter = z.infer<typeof accessLogFilterSchema>;

/** `rpc.orders.access-log`: newest first. */
export const accessLogListInputSchema = z.object({
  range: pageRangeSchema,
  filter: accessLogFilterSchema.optional().default({}),
});
export type AccessLogListInput = z.infer<typeof accessLogListInputSchema>;

/**
 * Most orders and schools one entry of the log's list names; the rest are counted. A read of every
 * order (the old all-orders route) names a hundred thousand, more than a reply may carry; all of
 * them are one `accessLogNames` walk away (the CSV export takes it).
 */
export const ACCESS_LOG_SAMPLE = 20;

export const accessLogEntrySchema = z.strictObject({
  id: z.string(),
  at: z.string(),
  actorId: z.string(),
  actorLoginId: z.string(),
  actorRole: roleSchema,
  action: studentDataActionSchema,
  /** The first `ACCESS_LOG_SAMPLE` orders the read showed, in the order it showed them. */
  orderIds: z.array(z.string()),
  orderNumbers: z.array(z.string()),
  /** How many orders the read showed in all. */
  orderCount: z.number().int().nonnegative(),
  /** The first `ACCESS_LOG_SAMPLE` schools whose orders the read showed. */
  schoolIds: z.array(z.string()),
  schoolNames: z.array(z.string()),
  /** How many schools' orders the read showed in all. */
  schoolCount: z.number().int().nonnegative(),
  /** What was read when it is not a list of orders (the CSV export's date range). */
  scope: z.string().nullable(),
  clientAddress: z.string().nullable(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;
export const accessLogListSchema = z.array(accessLogEntrySchema);

/** Most names one `accessLogNames` reply asks for (a reply is cut sooner by its size). */
export const ACCESS_LOG_NAMES_PAGE_MAX = 10_000;

/**
 * `rpc.orders.access-log-names`: the order numbers or school names of one read, each once, in the
 * order the read showed them, a page at a time: all of them, where the list names a sample.
 */
export const accessLogNamesInputSchema = z.object({
  /** The entry's `id`. */
  id: z.coerce.number().int().positive(),
  of: z.enum(['orderNumbers', 'schoolNames']),
  start: z.number().int().min(0).max(1_000_000_000),
  limit: z.number().int().min(1).max(ACCESS_LOG_NAMES_PAGE_MAX),
});
export type AccessLogNamesInput = z.infer<typeof accessLogNamesInputSchema>;

/** Fewer `names` than asked for when the reply's size cut them; `total` counts them all. */
export const accessLogNamesSchema = z.object({
  names: z.array(z.string()),
  total: z.number().int().nonnegative(),
});
export type AccessLogNames = z.infer<typeof accessLogNamesSchema>;

/** `rpc.orders.contact` / `GET /api/console/orders/:id/contact`: the teacher's phone and e-mail. */
export const orderContactSchema = z.strictObject({
  id: z.string(),
  orderId: z.string(),
  phoneNo: z.string(),
  Email: z.string(),
});
export type OrderContact = z.infer<typeof orderContactSchema>;

/** Whether the school confirmed at checkout that it may share the student's details. */
export const sharingConsentSchema = z.enum(['given', 'not-asked']);
export type SharingConsent = z.infer<typeof sharingConsentSchema>;

/**
 * An order as the orders service answers a reader (never in an event): for a volunteer without the
 * teacher's phone and e-mail (`contactWithheld`), and, on one order read by staff, its consent.
 */
export const orderReadViewSchema = orderSnapshotSchema.extend({
  contactWithheld: z.literal(true).optional(),
  sharingConsent: sharingConsentSchema.optional(),
  sharingConsentAt: z.string().nullable().optional(),
});
export type OrderReadView = z.infer<typeof orderReadViewSchema>;

/** `GET /api/v1/privacy`: what the Privacy Policy page states, from the server's configuration. */
export const privacyTermsSchema = z.strictObject({
  /** Days after an order is finished (delivered, cancelled or deleted) that its student details stay. */
  studentDataRetentionDays: z.number().int().nonnegative(),
  /** Days a row of the access log is kept. */
  accessLogRetentionDays: z.number().int().nonnegative(),
  /** Where to ask for a copy or the erasure of a student's details. */
  contactEmail: z.string(),
});
export type PrivacyTerms = z.infer<typeof privacyTermsSchema>;
export const privacyTermsResponseSchema = z.strictObject({
  success: z.literal(true),
  privacy: privacyTermsSchema,
});
