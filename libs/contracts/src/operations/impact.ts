/** The impact report's request-reply operations (reporting): the record and its CSV. */
import { defineOperations } from '../operation.js';
import { impactRangeSchema, impactSchema } from '../impact.js';
import { csvFileSchema } from '../reporting.js';

/** Like the LR345 report: admins only. */
const ADMINS = ['admin'] as const;

export const impactOps = defineOperations('reporting', {
  impact: { input: impactRangeSchema, output: impactSchema, callers: ADMINS, resend: 'read' },
  impactCsv: { input: impactRangeSchema, output: csvFileSchema, callers: ADMINS, resend: 'read' },
});
