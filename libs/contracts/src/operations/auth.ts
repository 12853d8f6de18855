/**
 * The auth service's request-reply operations: sessions, the caller's own account, forgotten codes
 * and user management. Rules that depend on the record (a user may read only themselves unless an
 * admin) stay in the handler; `callers` says who may call at all.
 */
import { z } from 'zod';
import {
  authUserSchema,
  forgotPasswordReplySchema,
  forgotPasswordRequestSchema,
  listUsersInputSchema,
  loginInputSchema,
  logoutInputSchema,
  publicUserPageSchema,
  registerUserInputSchema,
  resetPasswordRequestSchema,
  sessionCheckInputSchema,
  sessionCheckReplySchema,
  sessionGrantSchema,
  setUserCodeReplySchema,
  successReplySchema,
  updatePasswordRequestSchema,
  updateProfileRequestSchema,
  updateUserInputSchema,
  userIdInputSchema,
  userIdsInputSchema,
  userListSchema,
} from '../auth.js';
import { defineOperations, healthOperation } from '../operation.js';
import { keysetPageInputSchema } from '../paging.js';

/** User management is the admins' (volunteers fulfil orders; they do not manage accounts). */
const ADMINS = ['admin'] as const;

export const authOps = defineOperations('auth', {
  health: healthOperation,
  // A resend would open a second session and count a refused code twice towards the throttle; the
  // reply is a session token, which is kept nowhere in clear to be given again.
  login: { input: loginInputSchema, output: sessionGrantSchema, callers: 'anyone', resend: 'once' },
  // Past half-life it signs a fresh token for the same session and extends it: twice is the same.
  sessionCheck: {
    input: sessionCheckInputSchema,
    output: sessionCheckReplySchema,
    callers: 'anyone',
    resend: 'idempotent',
  },
  logout: {
    input: logoutInputSchema,
    output: successReplySchema,
    callers: 'anyone',
    resend: 'idempotent',
  },
  me: { input: z.unknown(), output: authUserSchema, callers: 'signed-in', resend: 'read' },
  updateProfile: {
    input: updateProfileRequestSchema,
    output: authUserSchema,
    callers: 'signed-in',
    resend: 'deduped',
  },
  // Checks the old code (throttled), ends every session and answers with a new session's token.
  updatePassword: {
    input: updatePasswordRequestSchema,
    output: sessionGrantSchema,
    callers: 'signed-in',
    resend: 'once',
  },
  // Mails a link and counts towards the per-address limit; the user may simply ask again.
  forgotPassword: {
    input: forgotPasswordRequestSchema,
    output: forgotPasswordReplySchema,
    callers: 'anyone',
    resend: 'once',
  },
  resetPassword: {
    input: resetPasswordRequestSchema,
    output: successReplySchema,
    callers: 'anyone',
    resend: 'deduped',
  },
  // The login dropdown: ids and names of the schools, before anyone is signed in.
  publicUserList: {
    input: keysetPageInputSchema.default({}),
    output: publicUserPageSchema,
    callers: 'anyone',
    resend: 'read',
  },
  listUsers: {
    input: listUsersInputSchema.prefault({}),
    output: userListSchema,
    callers: ADMINS,
    resend: 'read',
  },
  // Anyone signed in asks, but only an admin reads another account (checked in the handler); the
  // orders service reads the school's profile when an order is placed.
  getUser: {
    input: userIdInputSchema,
    output: authUserSchema,
    callers: 'signed-in',
    resend: 'read',
    calledBy: ['orders'],
  },
  getUsers: {
    input: userIdsInputSchema,
    output: z.array(authUserSchema),
    callers: ADMINS,
    resend: 'read',
  },
  updateUser: {
    input: updateUserInputSchema,
    output: authUserSchema,
    callers: ADMINS,
    resend: 'deduped',
  },
  deleteUser: {
    input: userIdInputSchema,
    output: authUserSchema,
    callers: ADMINS,
    resend: 'deduped',
  },
  registerUser: {
    input: registerUserInputSchema,
    output: authUserSchema,
    callers: ADMINS,
    resend: 'deduped',
  },
  // The reply is the new code in clear, shown once and stored only as a hash.
  setUserCode: {
    input: userIdInputSchema,
    output: setUserCodeReplySchema,
    callers: ADMINS,
    resend: 'once',
  },
});
