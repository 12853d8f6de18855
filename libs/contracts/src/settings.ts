/**
 * The charity's settings, one record kept by the orders service and edited by admins in the
 * console's Settings page: how often one student may be served per school year, when the school
 * year starts, the dates the charity is closed, and whether the public "most needed" list shows.
 */
import { z } from 'zod';
import { isoDaySchema } from './donations.js';

export const STUDENT_LIMIT_MODES = ['warn', 'block'] as const;
export const studentLimitModeSchema = z.enum(STUDENT_LIMIT_MODES);
export type StudentLimitMode = z.infer<typeof studentLimitModeSchema>;

/** Days in each month of a leap year: 29 February is a valid start (used in leap years only). */
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

const settingsShape = {
  /** Requests one student may receive per school year; 0 means no limit. */
  studentRequestLimit: z.number().int().min(0).max(50),
  /** At the limit, the store warns (and asks a reason) or refuses the request. */
  studentLimitMode: studentLimitModeSchema,
  /** The school year starts on this month (1-12) and day, in UTC. */
  schoolYearStartMonth: z.number().int().min(1).max(12),
  schoolYearStartDay: z.number().int().min(1).max(31),
  /** Days without pickups (holidays, closures), `YYYY-MM-DD`, ascending, no repeats. */
  closedDates: z.array(isoDaySchema).max(366),
  /** Whether the public "most needed" list (Donate page, GET /api/v1/most-needed) is shown. */
  mostNeededPublic: z.boolean(),
};

function startDayExists(s: { schoolYearStartMonth?: number; schoolYearStartDay?: number }) {
  if (s.schoolYearStartMonth === undefined || s.schoolYearStartDay === undefined) return true;
  return s.schoolYearStartDay <= DAYS_IN_MONTH[s.schoolYearStartMonth - 1]!;
}
const startDayIssue = { message: 'is past the end of that month', path: ['schoolYearStartDay'] };

export const settingsSchema = z.object({ ...settingsShape, updatedAt: z.string().nullable() });
export type Settings = z.infer<typeof settingsSchema>;

/** What a fresh installation starts with: 2 requests per student per year, warn, 1 August. */
export const DEFAULT_SETTINGS: Settings = {
  studentRequestLimit: 2,
  studentLimitMode: 'warn',
  schoolYearStartMonth: 8,
  schoolYearStartDay: 1,
  closedDates: [],
  mostNeededPublic: true,
  updatedAt: null,
};

/** An admin's change: any subset of the fields; the month and day are checked together. */
export const updateSettingsInputSchema = z
  .object(settingsShape)
  .partial()
  .strict()
  .refine(startDayExists, startDayIssue);
export type UpdateSettingsInput = z.infer<typeof updateSettingsInputSchema>;
