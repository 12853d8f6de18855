/** Notices to schools (orders): admins keep them; schools read the active ones and dismiss them. */
import { z } from 'zod';
import { defineOperations } from '../operation.js';
import {
  noticeIdInputSchema,
  noticeInputSchema,
  noticeSchema,
  updateNoticeInputSchema,
} from '../notices.js';

export const noticesOps = defineOperations('orders', {
  listNotices: {
    input: z.unknown(),
    output: z.array(noticeSchema),
    callers: ['admin'],
    resend: 'read',
  },
  getNotice: {
    input: noticeIdInputSchema,
    output: noticeSchema,
    callers: ['admin'],
    resend: 'read',
  },
  createNotice: {
    input: noticeInputSchema,
    output: noticeSchema,
    callers: ['admin'],
    resend: 'once',
  },
  updateNotice: {
    input: updateNoticeInputSchema,
    output: noticeSchema,
    callers: ['admin'],
    resend: 'idempotent',
  },
  deleteNotice: {
    input: noticeIdInputSchema,
    output: noticeSchema,
    callers: ['admin'],
    resend: 'once',
  },
  // Today's notices the caller has not dismissed.
  activeNotices: {
    input: z.unknown(),
    output: z.array(noticeSchema),
    callers: 'signed-in',
    resend: 'read',
  },
  dismissNotice: {
    input: noticeIdInputSchema,
    output: z.null(),
    callers: 'signed-in',
    resend: 'idempotent',
  },
});
