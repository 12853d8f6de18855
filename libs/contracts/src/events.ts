/**
 * Data schemas of every domain event (the `data` of the envelope). Events carry enough that consumers
 * never call back: order events carry the whole order snapshot.
 */
import { z } from 'zod';
import { orderPickupSchema } from './pickups.js';
import { DONATION_SOURCE_KINDS } from './intake-limits.js';
import { categorySchema, orderStatusSchema, roleSchema, subCategorySchema } from './domain.js';
import { EVENTS } from './subjects.js';
import { moneySchema } from './money.js';

// ---- auth ---------------------------------------------------------------------------------------

export const userSnapshotSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  loginId: z.string(),
  role: roleSchema,
  address: z.string(),
  district: z.string(),
});
export type UserSnapshot = z.infer<typeof userSnapshotSchema>;

export const userCreatedSchema = z.object({ user: userSnapshotSchema });
export const userUpdatedSchema = z.object({ user: userSnapshotSchema });
export const userDeletedSchema = z.object({ userId: z.uuid() });

// ---- orders -------------------------------------------------------------------------------------

/**
 * An order's shipping info as orders stores and answers it. Its personal fields are declared in
 * personal-data.ts; events carry them as empty strings (see `orderEventSnapshotSchema`).
 */
export const shippingInfoSchema = z.object({
  userName: z.string(),
  /** Student id, age and gender joined by underscores. */
  receivingPersonName: z.string(),
  additionalComments: z.string(),
  /** The teacher's name. */
  userLoggedInDesignation: z.string(),
  /** Address and district joined by a bar; taken from the school's profile by the server. */
  userAddress: z.string(),
  orderDate: z.string(),
  phoneNo: z.string(),
  Email: z.string(),
  /**
   * Why the student needs a request over the school year's limit (asked at checkout in warn mode);
   * absent when not asked. Personal data: blanked in events, erased with the other fields.
   */
  studentLimitReason: z.string().optional(),
});
export type ShippingInfo = z.infer<typeof shippingInfoSchema>;

export const orderLineSnapshotSchema = z.object({
  lineId: z.uuid(),
  productId: z.uuid(),
  name: z.string(),
  category: categorySchema,
  subCategory: subCategorySchema,
  size: z.string(),
  /** What the school asked for. */
  requestedQuantity: z.number().int().nonnegative(),
  /** What is (or will be) given; admins may change it while the order is Processing. */
  quantity: z.number().int().nonnegative(),
  image: z.string(),
});
export type OrderLineSnapshot = z.infer<typeof orderLineSnapshotSchema>;

export const orderSnapshotSchema = z.object({
  id: z.uuid(),
  /** Human-friendly number, e.g. LR-000123. */
  orderNumber: z.string(),
  userId: z.uuid(),
  /** The school's name at the time of the order. */
  userName: z.string(),
  status: orderStatusSchema,
  createdAt: z.iso.datetime({ offset: true }),
  deliveredAt: z.iso.datetime({ offset: true }).nullable(),
  version: z.number().int().positive(),
  shippingInfo: shippingInfoSchema,
  lines: z.array(orderLineSnapshotSchema),
  /**
   * The staff member who entered the request for the school (taken by phone or e-mail); null or
   * absent when the school placed it itself.
   */
  enteredBy: z.object({ id: z.uuid(), name: z.string() }).nullable().optional(),
  /** The pickup time (or delivery date) given at Ready for Pickup; not carried by events. */
  pickup: orderPickupSchema.nullable().optional(),
});
export type OrderSnapshot = z.infer<typeof orderSnapshotSchema>;

/**
 * The order as events carry it: no personal data. Every personal field of `shippingInfo`
 * (personal-data.ts) is an empty string, and the student is known only by `studentFingerprint`:
 * a keyed hash of the school and the student id whose key orders destroys after the school year
 * plus the retention period, so it counts distinct students without identifying one. Absent on
 * events written before the fingerprint existed.
 */
export const orderEventSnapshotSchema = orderSnapshotSchema.omit({ pickup: true }).extend({
  studentFingerprint: z.string().min(1).optional(),
});
export type OrderEventSnapshot = z.infer<typeof orderEventSnapshotSchema>;

const actorRefSchema = z.object({ id: z.uuid(), name: z.string() }).nullable();

export const orderPlacedSchema = z.object({ order: orderEventSnapshotSchema });
export const orderStatusChangedSchema = z.object({
  order: orderEventSnapshotSchema,
  from: orderStatusSchema,
  to: orderStatusSchema,
  changedBy: actorRefSchema,
  /** Why, when the change was not a person's choice (e.g. catalog rejected the commit). */
  reason: z.string().nullable(),
});
export const orderItemsAdjustedSchema = z.object({
  order: orderEventSnapshotSchema,
  previousQuantities: z.array(z.object({ lineId: z.uuid(), quantity: z.number().int() })),
  changedBy: actorRefSchema,
});
export const orderDeletedSchema = z.object({
  /** The order as it was when deleted. */
  order: orderEventSnapshotSchema,
  deletedBy: actorRefSchema,
});

// ---- catalog ------------------------------------------------------------------------------------

export const MOVEMENT_REASONS = [
  'initial',
  'restock',
  'correction',
  'order-commit',
  'order-release',
  'donation',
  'donation-correction',
  'audit',
] as const;
export const movementReasonSchema = z.enum(MOVEMENT_REASONS);
export type MovementReason = z.infer<typeof movementReasonSchema>;

export const inventoryAdjustedSchema = z.object({
  productId: z.uuid(),
  size: z.string(),
  stock: z.number().int().nonnegative(),
  delta: z.number().int(),
  reason: movementReasonSchema,
  orderId: z.uuid().nullable(),
  /**
   * On an order's commit or release: the order version whose event catalog applied (how orders
   * knows which change a commit answers). Absent on events written before it existed.
   */
  orderVersion: z.number().int().positive().nullable().optional(),
});

export const shortLineSchema = z.object({
  productId: z.string(),
  size: z.string(),
  name: z.string(),
  requested: z.number().int(),
  available: z.number().int(),
});
export type ShortLine = z.infer<typeof shortLineSchema>;

export const inventoryCommitRejectedSchema = z.object({
  orderId: z.uuid(),
  orderVersion: z.number().int(),
  sourceEventId: z.uuid(),
  shortLines: z.array(shortLineSchema),
});

export const productChangedSchema = z.object({
  productId: z.uuid(),
  /**
   * The product's fair-market value per unit after the change ("12.50"; null: none), in force from
   * the event's `occurredAt`. Absent when the event does not say (review changes, and events
   * written before values existed): a consumer keeps the value it knew.
   */
  fairMarketValue: moneySchema.nullable().optional(),
});

export const donationSourceKindSchema = z.enum(DONATION_SOURCE_KINDS);
export type DonationSourceKind = z.infer<typeof donationSourceKindSchema>;

/** A donation as recorded now: what reporting needs to count items received, without calling back. */
export const donationSnapshotSchema = z.object({
  id: z.uuid(),
  /** The day the goods arrived (YYYY-MM-DD), which the report's date range is about. */
  receivedOn: z.iso.date(),
  source: z.object({ id: z.uuid(), name: z.string(), kind: donationSourceKindSchema }),
  note: z.string(),
  version: z.number().int().positive(),
  lines: z.array(
    z.object({
      productId: z.uuid(),
      productName: z.string(),
      category: categorySchema,
      size: z.string(),
      quantity: z.number().int().positive(),
    }),
  ),
});
export type DonationSnapshot = z.infer<typeof donationSnapshotSchema>;

/** Received, corrected and deleted carry the whole donation: a consumer keeps the latest version. */
export const donationReceivedSchema = z.object({
  donation: donationSnapshotSchema,
  recordedBy: actorRefSchema,
});
export const donationCorrectedSchema = z.object({
  donation: donationSnapshotSchema,
  correctedBy: actorRefSchema,
});
export const donationDeletedSchema = z.object({
  /** The donation as it was when deleted; its stock has been taken back off the shelf. */
  donation: donationSnapshotSchema,
  deletedBy: actorRefSchema,
});

export const stockCountAdjustmentSchema = z.object({
  productId: z.uuid(),
  productName: z.string(),
  category: categorySchema,
  size: z.string(),
  /** The ledger's figure when the count was finalised. */
  books: z.number().int().nonnegative(),
  counted: z.number().int().nonnegative(),
  /** counted - books: the `audit` movement written. */
  difference: z.number().int(),
});

export const stockCountedSchema = z.object({
  countId: z.uuid(),
  /** 'all' or the category counted. */
  scope: z.string(),
  startedAt: z.iso.datetime({ offset: true }),
  finalisedAt: z.iso.datetime({ offset: true }),
  finalisedBy: actorRefSchema,
  countedSizes: z.number().int().nonnegative(),
  /** Only the sizes whose count differed from the books. */
  adjustments: z.array(stockCountAdjustmentSchema),
});

/** Event type -> data schema; used by producers before writing and by consumers on receipt. */
export const EVENT_SCHEMAS = {
  [EVENTS.authUserCreated]: userCreatedSchema,
  [EVENTS.authUserUpdated]: userUpdatedSchema,
  [EVENTS.authUserDeleted]: userDeletedSchema,
  [EVENTS.catalogProductCreated]: productChangedSchema,
  [EVENTS.catalogProductUpdated]: productChangedSchema,
  [EVENTS.catalogProductDeleted]: productChangedSchema,
  [EVENTS.catalogInventoryAdjusted]: inventoryAdjustedSchema,
  [EVENTS.catalogInventoryCommitRejected]: inventoryCommitRejectedSchema,
  [EVENTS.catalogDonationReceived]: donationReceivedSchema,
  [EVENTS.catalogDonationCorrected]: donationCorrectedSchema,
  [EVENTS.catalogDonationDeleted]: donationDeletedSchema,
  [EVENTS.catalogStockCounted]: stockCountedSchema,
  [EVENTS.ordersOrderPlaced]: orderPlacedSchema,
  [EVENTS.ordersOrderStatusChanged]: orderStatusChangedSchema,
  [EVENTS.ordersOrderItemsAdjusted]: orderItemsAdjustedSchema,
  [EVENTS.ordersOrderDeleted]: orderDeletedSchema,
} as const;

export type EventDataMap = {
  [K in keyof typeof EVENT_SCHEMAS]: z.infer<(typeof EVENT_SCHEMAS)[K]>;
};
