/**
 * How often one student is served per school year (the limit and its mode are in the charity's
 * settings, settings.ts): the checkout's pre-check, the flags the console shows on orders, and a
 * request entered by staff for a school (taken by phone or e-mail).
 */
import { z } from 'zod';
import { FORM_LIMITS } from './form-limits.js';
import {
  ORDER_LINES_MAX,
  idempotencyKeySchema,
  orderLineInputSchema,
  shippingInfoInputSchema,
  studentLimitReasonSchema,
} from './orders.js';
import { studentLimitModeSchema } from './settings.js';
import { textSchema } from './text.js';

/** The student a school is about to request for: its own student id (as typed in the store). */
export const studentCheckInputSchema = z.object({
  studentId: textSchema().trim().min(1, 'is required').max(FORM_LIMITS.studentIdMax),
});
export type StudentCheckInput = z.infer<typeof studentCheckInputSchema>;

/** What the checkout shows before the school confirms. */
export const studentCheckSchema = z.object({
  /** Requests this student received at this school this school year (deleted ones not counted). */
  requests: z.number().int().min(0),
  /** The school year counted, named by the calendar year it starts in, and its first day. */
  schoolYear: z.number().int(),
  schoolYearStart: z.string(),
  /** Requests per student per school year; 0: no limit. */
  limit: z.number().int().min(0),
  mode: studentLimitModeSchema,
  /** One more request would be over the limit. */
  overLimit: z.boolean(),
  /** In block mode over the limit, the request is refused; in warn mode it needs a reason. */
  reasonRequired: z.boolean(),
  blocked: z.boolean(),
  /** "This student has received N requests this school year" (and what follows from it). */
  message: z.string(),
});
export type StudentCheck = z.infer<typeof studentCheckSchema>;

/** `POST /api/v1/order/student-check`. */
export const studentCheckResponseSchema = studentCheckSchema.extend({ success: z.literal(true) });

export const ORDER_FLAGS = ['over-limit', 'duplicate'] as const;
export const orderFlagSchema = z.enum(ORDER_FLAGS);
export type OrderFlag = z.infer<typeof orderFlagSchema>;

export const orderFlagsInputSchema = z.object({
  ids: z.array(z.uuid()).max(1000),
});
/** Per order asked for: its flags (an order without any is listed with an empty list). */
export const orderFlagsSchema = z.array(
  z.object({ id: z.uuid(), flags: z.array(orderFlagSchema) }),
);
export type OrderFlags = z.infer<typeof orderFlagsSchema>;

/** A request entered by staff for a school: the school's own order input plus the school. */
export const placeForSchoolInputSchema = z.object({
  schoolId: z.uuid(),
  shippingInfo: shippingInfoInputSchema,
  lines: z.array(orderLineInputSchema).min(1, 'at least one item is needed').max(ORDER_LINES_MAX),
  idempotencyKey: idempotencyKeySchema.nullable().optional(),
  studentLimitReason: studentLimitReasonSchema.optional(),
});
export type PlaceForSchoolInput = z.infer<typeof placeForSchoolInputSchema>;

/** `POST /api/console/orders`: the same, as the console's form sends it. */
export const consoleNewOrderBodySchema = placeForSchoolInputSchema.omit({ idempotencyKey: true });
