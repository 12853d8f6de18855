/**
 * The orders service's request-reply operations: placing, reading and processing orders, the
 * access log, and privacy requests. Rules that depend on the order itself (a school sees and deletes
 * only its own; a volunteer may not place or delete) stay in the handlers.
 */
import { z } from 'zod';
import { orderSnapshotSchema } from '../events.js';
import { defineOperations, healthOperation } from '../operation.js';
import {
  forgetImagesInputSchema,
  orderConsoleListInputSchema,
  orderHistoryEntrySchema,
  orderIdInputSchema,
  orderIdsInputSchema,
  placeOrderInputSchema,
  stockOutcomeInputSchema,
  stockOutcomeSchema,
  updateOrderInputSchema,
} from '../orders.js';
import { keysetPageInputSchema } from '../paging.js';
import {
  privacyEraseInputSchema,
  privacyEraseResultSchema,
  privacyExportInputSchema,
  privacyExportSchema,
} from '../privacy.js';
import {
  accessLogEntrySchema,
  accessLogListInputSchema,
  accessLogNamesInputSchema,
  accessLogNamesSchema,
  orderContactSchema,
  orderReadViewSchema,
  privacyTermsSchema,
} from '../student-data-access.js';

const STAFF = ['admin', 'volunteer'] as const;
const ADMINS = ['admin'] as const;

/** A step of a keyset walk (`next` is null on the last page). */
function keysetPageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), next: z.string().nullable() });
}

/** A page of a range list with the total the filter matches. */
function totalPageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int().nonnegative() });
}

/** The order as a change left it, with what the change did to stock (catalog's decision). */
export const updatedOrderSchema = orderReadViewSchema.extend({ stock: stockOutcomeSchema });
export type UpdatedOrder = z.infer<typeof updatedOrderSchema>;

export const ordersOps = defineOperations('orders', {
  health: healthOperation,
  // Schools place requests; an admin may too (on a school's behalf). Volunteers are refused in the
  // handler (docs/adr/0032-placing-orders.md). Deduped under its Idempotency-Key or request id.
  place: {
    input: placeOrderInputSchema,
    output: orderSnapshotSchema,
    callers: 'signed-in',
    resend: 'deduped',
  },
  listMine: {
    input: keysetPageInputSchema.default({}),
    output: keysetPageOf(orderSnapshotSchema),
    callers: 'signed-in',
    resend: 'read',
  },
  // Reads that show student details to staff also add to the access log, under the gateway's
  // access id: a resend merges into the same row, so they stay safe to send again.
  // A school reads its own orders only (checked in the handler).
  get: {
    input: orderIdInputSchema,
    output: orderReadViewSchema,
    callers: 'signed-in',
    resend: 'read',
  },
  listAll: {
    input: keysetPageInputSchema.default({}),
    output: keysetPageOf(orderReadViewSchema),
    callers: STAFF,
    resend: 'read',
  },
  consoleList: {
    input: orderConsoleListInputSchema,
    output: totalPageOf(orderReadViewSchema),
    callers: STAFF,
    resend: 'read',
  },
  getMany: {
    input: orderIdsInputSchema,
    output: z.array(orderReadViewSchema),
    callers: STAFF,
    resend: 'read',
  },
  // Answers once catalog decided the change's stock, or its wait ran out (`stock.outcome`).
  update: {
    input: updateOrderInputSchema,
    output: updatedOrderSchema,
    callers: STAFF,
    resend: 'deduped',
  },
  // Schools delete their own orders before they are committed; volunteers are refused (handler).
  delete: {
    input: orderIdInputSchema,
    output: orderReadViewSchema,
    callers: 'signed-in',
    resend: 'deduped',
  },
  history: {
    input: orderIdInputSchema,
    output: z.array(orderHistoryEntrySchema),
    callers: STAFF,
    resend: 'read',
  },
  contact: {
    input: orderIdInputSchema,
    output: orderContactSchema,
    callers: STAFF,
    resend: 'read',
  },
  accessLog: {
    input: accessLogListInputSchema,
    output: totalPageOf(accessLogEntrySchema),
    callers: ADMINS,
    resend: 'read',
  },
  accessLogNames: {
    input: accessLogNamesInputSchema,
    output: accessLogNamesSchema,
    callers: ADMINS,
    resend: 'read',
  },
  // The store's Privacy Policy page states them to anyone, signed in or not.
  privacyTerms: {
    input: z.unknown(),
    output: privacyTermsSchema,
    callers: 'anyone',
    resend: 'read',
  },
  // Erasing what is already erased changes nothing; a resend answers with no order ids.
  privacyErase: {
    input: privacyEraseInputSchema,
    output: privacyEraseResultSchema,
    callers: ADMINS,
    resend: 'idempotent',
  },
  privacyExport: {
    input: privacyExportInputSchema,
    output: privacyExportSchema,
    callers: ADMINS,
    resend: 'read',
  },
  // The gateway removed these product images; points the lines naming them at their placeholder:
  // a second run finds none left.
  forgetImages: {
    input: forgetImagesInputSchema,
    output: z.object({ lines: z.number().int().nonnegative() }),
    callers: ADMINS,
    resend: 'idempotent',
  },
  // Waits (bounded) for catalog's decision on the commit of one order version: how the console
  // follows a change answered `pending`. Changes nothing.
  stockOutcome: {
    input: stockOutcomeInputSchema,
    output: stockOutcomeSchema,
    callers: STAFF,
    resend: 'read',
  },
});
