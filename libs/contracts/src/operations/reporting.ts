/** The reporting service's request-reply operations: the report, its CSV exports and the rebuild. */
import { z } from 'zod';
import { defineOperations, healthOperation } from '../operation.js';
import {
  csvFileSchema,
  ordersCsvPageInputSchema,
  ordersCsvPageSchema,
  rebuildResultSchema,
  rebuildStatusSchema,
  reportRangeSchema,
  reportSchema,
} from '../reporting.js';

/** Reports and exports are for admins only (volunteers see the orders tile, not the report). */
const ADMINS = ['admin'] as const;

export const reportingOps = defineOperations('reporting', {
  health: healthOperation,
  report: {
    input: reportRangeSchema.default({}),
    output: reportSchema,
    callers: ADMINS,
    resend: 'read',
  },
  reportCsv: {
    input: reportRangeSchema.default({}),
    output: csvFileSchema,
    callers: ADMINS,
    resend: 'read',
  },
  ordersCsv: {
    input: ordersCsvPageInputSchema.default({}),
    output: ordersCsvPageSchema,
    callers: ADMINS,
    resend: 'read',
  },
  // A replay of every stream that takes long: a resend would start a second one beside the first.
  // The console shows its progress (rebuild-status) and the admin can start it again.
  rebuild: { input: z.unknown(), output: rebuildResultSchema, callers: ADMINS, resend: 'once' },
  rebuildStatus: {
    input: z.unknown(),
    output: rebuildStatusSchema,
    callers: ADMINS,
    resend: 'read',
  },
});
