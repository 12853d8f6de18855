/**
 * Notices to schools: a text an admin posts for a range of days (info or warning). Schools see the
 * active ones on the store's home page until they dismiss them or the end date passes; days are
 * the charity's (CHARITY_TIME_ZONE).
 */
import { z } from 'zod';

// Own copy, not donations.ts's: events.ts imports this file, and donations.ts reaches events.ts.
const isoDaySchema = z.iso.date('must be a date (YYYY-MM-DD)');
import { textSchema } from './text.js';

export const NOTICE_LEVELS = ['info', 'warning'] as const;

const noticeShape = {
  text: textSchema({ multiline: true }).trim().min(1, 'must not be empty').max(1000),
  startDate: isoDaySchema,
  endDate: isoDaySchema,
  level: z.enum(NOTICE_LEVELS),
};
const endNotBeforeStart = (n: { startDate?: string; endDate?: string }) =>
  n.startDate === undefined || n.endDate === undefined || n.endDate >= n.startDate;
const endIssue = { message: 'must not be before startDate', path: ['endDate'] };

export const noticeInputSchema = z.strictObject(noticeShape).refine(endNotBeforeStart, endIssue);
export type NoticeInput = z.infer<typeof noticeInputSchema>;

export const noticeSchema = z.object({ id: z.uuid(), ...noticeShape, createdAt: z.string() });
export type Notice = z.infer<typeof noticeSchema>;

export const noticeIdInputSchema = z.strictObject({ id: z.uuid() });
export const updateNoticeInputSchema = z.strictObject({ id: z.uuid(), notice: noticeInputSchema });
