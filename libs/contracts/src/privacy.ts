/**
 * Erasure and export of personal data on request (admins only): the orders service's messages
 * (`ordersOps.privacyErase`, `ordersOps.privacyExport`) and the console's HTTP bodies.
 */
import { z } from 'zod';
import { orderSnapshotSchema } from './events.js';
import { FORM_LIMITS } from './form-limits.js';
import { textSchema } from './text.js';

const studentIdSchema = textSchema().trim().min(1).max(FORM_LIMITS.studentIdMax);
/** An id; text first, so a control character is refused as such (not as a malformed id). */
const idSchema = textSchema().pipe(z.uuid());

/** One order's personal data, or every order of one school whose student id matches. */
export const privacyEraseInputSchema = z.union([
  z.strictObject({ orderId: idSchema }),
  z.strictObject({ school: idSchema, studentId: studentIdSchema }),
]);
export type PrivacyEraseInput = z.infer<typeof privacyEraseInputSchema>;

export const privacyEraseResultSchema = z.object({
  /** Id of this erasure (a new one per request), as ra-data-simple-rest's create expects. */
  id: z.uuid(),
  at: z.iso.datetime({ offset: true }),
  /** Ids of the orders whose personal data was erased now (already erased ones are not listed). */
  erasedOrderIds: z.array(z.uuid()),
});
export type PrivacyEraseResult = z.infer<typeof privacyEraseResultSchema>;

export const privacyExportInputSchema = z.strictObject({
  school: idSchema,
  /** Without it: everything held about the school. */
  studentId: studentIdSchema.optional(),
});
export type PrivacyExportInput = z.infer<typeof privacyExportInputSchema>;

export const privacyExportQuerySchema = privacyExportInputSchema.extend({
  format: textSchema()
    .pipe(z.enum(['json', 'csv']))
    .default('json'),
});

/** Everything orders holds about one student or one school. */
export const privacyExportSchema = z.object({
  generatedAt: z.iso.datetime({ offset: true }),
  school: z.object({ id: z.uuid(), name: z.string() }),
  studentId: z.string().nullable(),
  retentionDays: z.number().int().nonnegative(),
  orders: z.array(
    orderSnapshotSchema.extend({
      /** When its personal data was erased; null while it is held. */
      personalDataErasedAt: z.string().nullable(),
    }),
  ),
});
export type PrivacyExport = z.infer<typeof privacyExportSchema>;
