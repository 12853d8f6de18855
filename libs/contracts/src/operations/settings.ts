/** The charity's settings, kept by the orders service (see settings.ts). */
import { z } from 'zod';
import { defineOperations } from '../operation.js';
import { settingsSchema, updateSettingsInputSchema } from '../settings.js';

export const settingsOps = defineOperations('orders', {
  // Nothing in it is secret (schools are told the limit and the closed dates), and the public
  // "most needed" list asks whether it may show.
  getSettings: { input: z.unknown(), output: settingsSchema, callers: 'anyone', resend: 'read' },
  // Sets the fields sent to the values sent: a second run leaves the same record.
  updateSettings: {
    input: updateSettingsInputSchema,
    output: settingsSchema,
    callers: ['admin'],
    resend: 'idempotent',
  },
});
