/**
 * The HTTP contract of `/api/console` (react-admin's simple-rest dialect: records carry `id`, a list is
 * a JSON array with its place in `Content-Range`): every answer's schema, and the bodies that are not
 * simply a service's input. The gateway documents its routes with them and, in tests, checks every
 * real answer against them; the console takes its types from here with type-only imports, so none of
 * these schemas (nor zod) reaches the browser.
 */
import { z } from 'zod';
import { moneySchema } from '../money.js';
import { authUserSchema, setUserCodeReplySchema } from '../auth.js';
import { availabilitySchema, updateProductInputSchema } from '../catalog.js';
import { orderStatusSchema } from '../domain.js';
import { stockOutcomeSchema } from '../orders.js';
import { correctDonationInputSchema, updateDonationSourceInputSchema } from '../donations.js';
import { rebuildResultSchema } from '../reporting.js';
import { sharingConsentSchema } from '../student-data-access.js';
import {
  apiOrderItemSchema,
  apiOrderSchema,
  apiProductSchema,
  apiStoredImageSchema,
} from './v1.js';
import { orderFlagSchema } from '../student-limits.js';
import { settingsSchema } from '../settings.js';
import { enterStockCountsInputSchema, finaliseStockCountInputSchema } from '../stock-counts.js';

const count = () => z.number().int().nonnegative();

// ---- orders -----------------------------------------------------------------------------------

/** An order line in the old API's shape, as on /api/v1 (prices always 0). */
export const consoleOrderItemSchema = apiOrderItemSchema;
export type ConsoleOrderItem = z.infer<typeof consoleOrderItemSchema>;

/** An order as on /api/v1, plus the console's `id`, the school's `userId` and its `version`. */
export const consoleOrderSchema = z.strictObject({
  id: z.string(),
  ...apiOrderSchema.shape,
  userId: z.string(),
  version: z.number().int(),
  /** `withheld`: the teacher's phone and e-mail are left out (a volunteer asks for them on purpose). */
  contactDetails: z.enum(['shown', 'withheld']),
  /** On one order: whether the school confirmed at checkout that it may share the student's details. */
  sharingConsent: sharingConsentSchema.optional(),
  sharingConsentAt: z.string().nullable().optional(),
  /** The staff member who entered the request for the school; absent when the school placed it. */
  enteredBy: z.string().optional(),
  /** Over the student's yearly limit; another open request for the same student at the school. */
  flags: z.array(orderFlagSchema).optional(),
});
export type ConsoleOrder = z.infer<typeof consoleOrderSchema>;

/**
 * One order (`GET /api/console/orders/:id`): each line also has its size's current stock, unless
 * the catalog could not tell (the console then says the server checks stock on Process).
 */
export const consoleOrderWithStockSchema = consoleOrderSchema.extend({
  orderItems: z.array(consoleOrderItemSchema.extend({ stock: z.number().int().optional() })),
});
export type ConsoleOrderWithStock = z.infer<typeof consoleOrderWithStockSchema>;

/**
 * `PUT /api/console/orders/:id`: the order as the change left it, with catalog's decision on its
 * stock (`pending`: follow it with `GET /api/console/orders/:id/stock?version=`).
 */
export const consoleOrderUpdateSchema = consoleOrderSchema.extend({ stock: stockOutcomeSchema });
export type ConsoleOrderUpdate = z.infer<typeof consoleOrderUpdateSchema>;

/** `GET /api/console/orders/:id/stock?version=N`: answered once decided, or `pending` after a wait. */
export const consoleStockOutcomeSchema = stockOutcomeSchema;
export type ConsoleStockOutcome = z.infer<typeof consoleStockOutcomeSchema>;

export const consoleOrderHistoryEntrySchema = z.object({
  at: z.string(),
  /** The name of whoever made the change, or 'System' (e.g. the catalog refused a commit). */
  by: z.string(),
  byId: z.string().nullable(),
  from: orderStatusSchema.nullable(),
  to: orderStatusSchema,
  /** Given quantities per line (line order) after the change. */
  quantities: z.array(z.number().int()),
  reason: z.string().nullable(),
});
export type ConsoleOrderHistoryEntry = z.infer<typeof consoleOrderHistoryEntrySchema>;
export const consoleOrderHistorySchema = z.array(consoleOrderHistoryEntrySchema);

// ---- products ---------------------------------------------------------------------------------

/**
 * A product as on /api/v1 plus `id`, first; its images are the uploaded ones only (none is none:
 * the console shows the placeholder itself, from `image`).
 */
export const consoleProductSchema = z.strictObject({
  id: z.string(),
  ...apiProductSchema.shape,
  images: z.array(apiStoredImageSchema),
  /** Fair-market value per unit ("12.50"), null when none; the console only. */
  fairMarketValue: moneySchema.nullable(),
});
export type ConsoleProduct = z.infer<typeof consoleProductSchema>;

/**
 * `PUT /api/console/products/:id`: the catalog's update without what only the gateway sets (the id
 * from the path, stored images); images are added and removed through their own routes.
 */
export const consoleProductUpdateBodySchema = updateProductInputSchema.omit({
  id: true,
  addImages: true,
  replaceImages: true,
});

// ---- users ------------------------------------------------------------------------------------

/** A user as auth knows it, with the login id also as `email` (the console's forms name it so). */
export const consoleUserSchema = authUserSchema.extend({ email: z.string() });
export type ConsoleUser = z.infer<typeof consoleUserSchema>;

/** `POST /api/console/users/:id/code`: the new code, shown once. */
export const consoleUserCodeSchema = setUserCodeReplySchema;
export type ConsoleUserCode = z.infer<typeof consoleUserCodeSchema>;

// ---- dashboard and report ---------------------------------------------------------------------

/** Admins see every figure; volunteers only the Processing orders count. */
export const consoleDashboardSchema = z.union([
  availabilitySchema.extend({ processingOrders: count(), usersCount: count() }),
  z.object({ processingOrders: count() }),
]);
export type ConsoleDashboard = z.infer<typeof consoleDashboardSchema>;

export const consoleRebuildReplySchema = rebuildResultSchema.extend({ success: z.literal(true) });
export type ConsoleRebuildReply = z.infer<typeof consoleRebuildReplySchema>;

// ---- intake bodies (the id is in the path) ----------------------------------------------------

/** `PUT /api/console/donations/:id`: the donation as it should be. */
export const correctDonationBodySchema = correctDonationInputSchema.omit({ id: true });

/** `PUT /api/console/donation-sources/:id`: the source's name and kind as they should be. */
export const updateDonationSourceBodySchema = updateDonationSourceInputSchema.omit({ id: true });

/** `PUT /api/console/stock-counts/:id/lines`. */
export const enterStockCountsBodySchema = enterStockCountsInputSchema.omit({ id: true });

/** `POST /api/console/stock-counts/:id/finalise`. */
export const finaliseStockCountBodySchema = finaliseStockCountInputSchema.omit({ id: true });

/** `GET /api/console/settings/:id`: the one settings record (its id is always `settings`). */
export const CONSOLE_SETTINGS_ID = 'settings';
export const consoleSettingsSchema = settingsSchema.extend({ id: z.literal(CONSOLE_SETTINGS_ID) });
export type ConsoleSettings = z.infer<typeof consoleSettingsSchema>;
