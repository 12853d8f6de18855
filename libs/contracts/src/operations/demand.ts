/** Demand against stock (reporting's read model): the console's list and CSV, the public list. */
import { z } from 'zod';
import { defineOperations } from '../operation.js';
import { csvFileSchema } from '../reporting.js';
import {
  demandCsvInputSchema,
  demandListInputSchema,
  demandListSchema,
  mostNeededListSchema,
} from '../demand.js';

/** Volunteers pack the orders and take in donations: they see demand as admins do. */
const STAFF = ['admin', 'volunteer'] as const;

export const demandOps = defineOperations('reporting', {
  listDemand: {
    input: demandListInputSchema.prefault({}),
    output: demandListSchema,
    callers: STAFF,
    resend: 'read',
  },
  demandCsv: {
    input: demandCsvInputSchema.prefault({}),
    output: csvFileSchema,
    callers: STAFF,
    resend: 'read',
  },
  // Categories and sizes only, no counts: the Donate page shows it to anyone. Whether it is
  // published is the charity's setting, which the gateway reads from orders.
  mostNeeded: {
    input: z.unknown(),
    output: mostNeededListSchema,
    callers: 'anyone',
    resend: 'read',
  },
});
