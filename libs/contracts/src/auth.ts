/**
 * Messages of the auth service (inputs and outputs of `authOps`, operations/auth.ts). The gateway
 * maps the neutral `AuthUser` to the old API's `_id`/`email` shape on /api/v1 and to `id` records on
 * /api/console.
 */
import { z } from 'zod';
import { LIMITS, roleSchema } from './domain.js';
import { FORM_LIMITS } from './form-limits.js';
import { textSchema } from './text.js';
import { idListSchema, pageLimitSchema } from './paging.js';
import { actorSchema } from './rpc.js';

const text = (max: number) => textSchema().trim().max(max);
/** Messages read after the field's name, on the server's 400 and beside the store's fields. */
const atMost = (max: number) => `must be at most ${max} characters`;

/** A login id ("email" in the old API): a school's id, not necessarily an email address. */
export const loginIdSchema = textSchema()
  .trim()
  .min(1, 'is required')
  .max(FORM_LIMITS.loginIdMax, atMost(FORM_LIMITS.loginIdMax));
/** A new password or code: 6 to 128 characters, never truncated. */
export const newPasswordSchema = textSchema()
  .min(LIMITS.passwordMinLength, `must be at least ${LIMITS.passwordMinLength} characters`)
  .max(LIMITS.passwordMaxLength, `must be at most ${LIMITS.passwordMaxLength} characters`);
/** A password typed at login: only bounded, so old short codes still get the generic answer. */
const enteredPasswordSchema = textSchema()
  .min(1, 'is required')
  .max(LIMITS.passwordMaxLength, atMost(LIMITS.passwordMaxLength));
const nameSchema = textSchema()
  .trim()
  .min(1, 'is required')
  .max(FORM_LIMITS.nameMax, atMost(FORM_LIMITS.nameMax));
/** The new code typed a second time. */
const confirmationSchema = textSchema()
  .min(1, 'is required')
  .max(LIMITS.passwordMaxLength, atMost(LIMITS.passwordMaxLength));
const avatarSchema = z.object({ url: textSchema().min(1).max(500) });

export const authUserSchema = z.object({
  id: z.uuid(),
  loginId: z.string(),
  name: z.string(),
  role: roleSchema,
  address: z.string(),
  district: z.string(),
  avatar: z.object({ url: z.string() }),
  /**
   * May request more than the per-line cap (5) of an item: set by an admin on the account, never
   * derived from a name (demo data sets it on TEST USER).
   */
  exemptFromLineCap: z.boolean(),
  createdAt: z.string(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/** Only what the login dropdown needs. */
export const publicUserEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  loginId: z.string(),
});
export type PublicUserEntry = z.infer<typeof publicUserEntrySchema>;

/** A page of the login dropdown (a keyset walk); `next` is null on the last page. */
export const publicUserPageSchema = z.object({
  items: z.array(publicUserEntrySchema),
  next: z.string().nullable(),
});

/** The answer of a change that answers nothing else (logout, a reset). */
export const successReplySchema = z.object({ success: z.literal(true) });

// ---- sessions -----------------------------------------------------------------------------------

export const loginInputSchema = z.object({
  loginId: loginIdSchema,
  password: enteredPasswordSchema,
  /** The caller's address, for per-address throttling. */
  ip: textSchema().max(100).default('unknown'),
});
export type LoginInput = z.input<typeof loginInputSchema>;

export const sessionGrantSchema = z.object({
  user: authUserSchema,
  token: z.string(),
  /** ISO date the token (and cookie) expire. */
  expiresAt: z.string(),
});
export type SessionGrant = z.infer<typeof sessionGrantSchema>;

/** Longer than any token auth issues; the gateway treats a longer one as no session at all. */
export const SESSION_TOKEN_MAX_LENGTH = 4096;
export const sessionCheckInputSchema = z.object({
  token: textSchema().min(1).max(SESSION_TOKEN_MAX_LENGTH),
});
export const logoutInputSchema = z.object({
  token: textSchema().min(1).max(SESSION_TOKEN_MAX_LENGTH),
});

export const sessionCheckReplySchema = z.object({
  actor: actorSchema,
  /** The session the token belongs to (the JWT's `sid`; not a secret), for cache eviction. */
  sessionId: z.string(),
  /** A fresh token when the old one is past half its life (sliding session), with its expiry. */
  refreshedToken: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /**
   * ISO time until which the gateway may reuse this answer for the same token without asking again:
   * the moment the token passes half its life (from then on each check refreshes it) or the
   * session ends, whichever is first. Null when this reply carries a refreshed token: do not cache.
   */
  cacheUntil: z.string().nullable(),
});
export type SessionCheckReply = z.infer<typeof sessionCheckReplySchema>;

/**
 * Payload of HINTS.authSessionsChanged: one session ended (logout), or everything cached about a
 * user is stale (role, name, login id or code changed, sessions revoked, account deleted).
 */
export const sessionsChangedHintSchema = z.union([
  z.object({ sessionId: z.uuid() }),
  z.object({ userId: z.uuid() }),
]);
export type SessionsChangedHint = z.infer<typeof sessionsChangedHintSchema>;

// ---- own account --------------------------------------------------------------------------------

/** The client's address, which the gateway adds to RPCs that auth limits per address. */
export const clientAddressSchema = z.object({ ip: z.string().min(1).max(100).optional() });
/** The caller's session, which the gateway adds to a change that ends the account's other sessions. */
export const callerSessionSchema = z.object({ sessionId: z.uuid().optional() });

export const updateProfileInputSchema = z.object({
  name: nameSchema,
  email: loginIdSchema,
  /**
   * The account's current code: required when `email` (the login id) changes, so a session alone
   * cannot move the account (and its reset links) to another address.
   */
  currentPassword: enteredPasswordSchema.optional(),
  /** Set by the gateway after storing an uploaded avatar; absent keeps the current one. */
  avatar: avatarSchema.optional(),
});

export const updatePasswordInputSchema = z
  .object({
    oldPassword: enteredPasswordSchema,
    newPassword: newPasswordSchema,
    confirmPassword: confirmationSchema,
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'does not match the new code',
  });

/** What the gateway sends auth: the profile form plus the client's address and session. */
export const updateProfileRequestSchema = updateProfileInputSchema.extend({
  ...clientAddressSchema.shape,
  ...callerSessionSchema.shape,
});
/** What the gateway sends auth: the form plus the client's address (wrong old codes are throttled). */
export const updatePasswordRequestSchema = updatePasswordInputSchema.safeExtend(
  clientAddressSchema.shape,
);

export const forgotPasswordInputSchema = z.object({ email: loginIdSchema });
/** What the gateway sends auth: the form plus the client's address (for the per-address limit). */
export const forgotPasswordRequestSchema = forgotPasswordInputSchema.extend({
  ip: textSchema().min(1).max(100).optional(),
});

const resetPasswordFields = z.object({
  password: newPasswordSchema,
  confirmPassword: confirmationSchema,
});
const sameCodeTwice = (v: { password: string; confirmPassword: string }) =>
  v.password === v.confirmPassword;
const notTheSameCode = { path: ['confirmPassword'], message: 'does not match the new code' };

/** `PUT /api/v1/password/reset/:token`: the new code twice (the token is in the path). */
export const resetPasswordBodySchema = resetPasswordFields.refine(sameCodeTwice, notTheSameCode);

export const resetPasswordInputSchema = resetPasswordFields
  .extend({ token: textSchema().min(20).max(200) })
  .refine(sameCodeTwice, notTheSameCode);
/** What the gateway sends auth: the token and form plus the client's address (uses are limited). */
export const resetPasswordRequestSchema = resetPasswordInputSchema.safeExtend(
  clientAddressSchema.shape,
);

// ---- user management (admin) --------------------------------------------------------------------

export const USER_SORT_FIELDS = ['loginId', 'name', 'district', 'role', 'createdAt'] as const;

export const listUsersInputSchema = z.object({
  sort: z
    .object({ field: z.enum(USER_SORT_FIELDS), order: z.enum(['ASC', 'DESC']) })
    .default({ field: 'loginId', order: 'ASC' }),
  offset: z.number().int().min(0).default(0),
  limit: pageLimitSchema.default(LIMITS.tablePageSize),
  /** A keyset walk: the previous page's `next`; only in the default order and without offset. */
  after: textSchema().min(1).max(1000).nullish(),
  q: text(100).optional(),
  role: roleSchema.optional(),
});
export type ListUsersInput = z.input<typeof listUsersInputSchema>;

export const userListSchema = z.object({
  items: z.array(authUserSchema),
  total: z.number().int(),
  /** In the default order (login id, ascending): where the next page starts; null on the last. */
  next: z.string().nullable().optional(),
});
export type UserList = z.infer<typeof userListSchema>;

export const userIdInputSchema = z.object({ id: textSchema().max(100) });
export const userIdsInputSchema = z.object({ ids: idListSchema(textSchema().max(100)) });

export const registerUserInputSchema = z.object({
  name: nameSchema,
  email: loginIdSchema,
  password: newPasswordSchema,
  role: roleSchema.default('user'),
  address: text(300).default(''),
  district: text(120).default(''),
  avatar: avatarSchema.optional(),
});
export type RegisterUserInput = z.input<typeof registerUserInputSchema>;

export const updateUserInputSchema = z.object({
  id: textSchema().max(100),
  name: nameSchema,
  email: loginIdSchema,
  /** Update User sets admin or user; volunteer is accepted only when it is the current role. */
  role: roleSchema,
  address: text(300).optional(),
  district: text(120).optional(),
  /** Admin-set: may request more than the per-line cap; absent keeps the current setting. */
  exemptFromLineCap: z.boolean().optional(),
});
export type UpdateUserInput = z.input<typeof updateUserInputSchema>;

export const setUserCodeReplySchema = z.object({
  id: z.string(),
  /** The new code, shown once; only its hash is stored. */
  code: z.string(),
});
export type SetUserCodeReply = z.infer<typeof setUserCodeReplySchema>;

export const forgotPasswordReplySchema = z.object({ message: z.string() });
export type ForgotPasswordReply = z.infer<typeof forgotPasswordReplySchema>;

// ---- HTTP bodies the gateway validates on /api/v1; the store types its requests from them and its
// forms validate with them (the messages follow the field's name) --------------------------------

export const loginBodySchema = z.object({
  /** The login id (the old API's `email`). */
  email: loginIdSchema,
  password: enteredPasswordSchema,
});

export const updateUserBodySchema = updateUserInputSchema.omit({ id: true });

export const registerBodySchema = registerUserInputSchema.omit({ avatar: true });

export const updateProfileBodySchema = updateProfileInputSchema.omit({ avatar: true });
