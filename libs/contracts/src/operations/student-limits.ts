/** The per-student limit and requests entered by staff, kept by the orders service. */
import { defineOperations } from '../operation.js';
import { orderSnapshotSchema } from '../events.js';
import {
  orderFlagsInputSchema,
  orderFlagsSchema,
  placeForSchoolInputSchema,
  studentCheckInputSchema,
  studentCheckSchema,
} from '../student-limits.js';

export const studentLimitOps = defineOperations('orders', {
  // A school asks about its own students only (the school is the caller); staff use placeForSchool.
  checkStudent: {
    input: studentCheckInputSchema,
    output: studentCheckSchema,
    callers: ['user', 'admin'],
    resend: 'read',
  },
  // The console's flags for orders it lists (no student details in the answer).
  orderFlags: {
    input: orderFlagsInputSchema,
    output: orderFlagsSchema,
    callers: ['admin', 'volunteer'],
    resend: 'read',
  },
  // A resend (same request id, the order's idempotency key) finds the order of the first run.
  placeForSchool: {
    input: placeForSchoolInputSchema,
    output: orderSnapshotSchema,
    callers: ['admin', 'volunteer'],
    resend: 'idempotent',
  },
});
