/**
 * Business vocabulary shared by every service and both web apps.
 */
// The schemas are marked pure so a web page that takes only a constant from here leaves zod out.
import { z } from 'zod';
import { loginKeyOf } from './login-key.js';

export const ROLES = ['user', 'admin', 'volunteer'] as const;
export const roleSchema = /* @__PURE__ */ z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Login ids hidden from the school dropdown. Compared by their login key. */
export const RESERVED_LOGIN_IDS = [
  'admin',
  'TEST USER',
  'TEST ADMIN',
  'TEST VOLUNTEER',
  'lockerroom345',
  'volunteer',
] as const;
export const TEST_USER_LOGIN_ID = 'TEST USER';

/** The code of every demo account when `DEMO_CODE` is not set (demo data only, public on purpose). */
export const DEFAULT_DEMO_CODE = 'demo345';

export function isReservedLoginId(loginId: string): boolean {
  const key = loginKeyOf(loginId);
  return RESERVED_LOGIN_IDS.some((reserved) => loginKeyOf(reserved) === key);
}

export const CATEGORIES = ['Footwear', 'Clothing', 'Sports', 'Miscellaneous'] as const;
export const categorySchema = /* @__PURE__ */ z.enum(CATEGORIES);
export type Category = z.infer<typeof categorySchema>;

export const SUB_CATEGORIES = [
  'One size',
  'Unisex adult sizing',
  "Men's sizing",
  "Women's sizing",
  'Unisex youth sizing',
  "Boy's sizing",
  "Girl's sizing",
  "Toddler's boys sizing",
  "Toddler's girls sizing",
  "Unisex toddler's sizing",
] as const;
export const subCategorySchema = /* @__PURE__ */ z.enum(SUB_CATEGORIES);
export type SubCategory = z.infer<typeof subCategorySchema>;

export const ORDER_STATUSES = [
  'Processing',
  'CheckEmail',
  'Printed',
  'Packing',
  'Ready for Pickup',
  'Delivered',
] as const;
export const orderStatusSchema = /* @__PURE__ */ z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/**
 * The console's "New status" choices per current status; the orders service enforces the same table.
 * It is the original specification's table plus three moves (docs/adr/0034-ready-for-pickup-to-delivered.md
 * and docs/adr/0151-packing-is-reachable.md): a picked-up order is marked Delivered
 * without bouncing through Processing (which would give its stock back and take it again), Packing
 * may return to Processing like every other committed status, and Processing, CheckEmail and Printed
 * offer Packing, which the original table listed as a status but gave no way into.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  Processing: ['CheckEmail', 'Printed', 'Packing', 'Ready for Pickup', 'Delivered'],
  Printed: ['Packing', 'Ready for Pickup', 'Delivered', 'Processing'],
  CheckEmail: ['Packing', 'Ready for Pickup', 'Delivered', 'Processing'],
  Packing: ['Ready for Pickup', 'Delivered', 'Processing'],
  'Ready for Pickup': ['Delivered', 'Processing'],
  Delivered: ['Processing'],
};

export function allowedTransitions(from: OrderStatus): readonly OrderStatus[] {
  return ORDER_TRANSITIONS[from];
}

/** Statuses that hold stock. */
export function isCommittedStatus(status: OrderStatus): boolean {
  return status !== 'Processing';
}

/** What a status change means for stock. */
export type InventoryEffect = 'commit' | 'release' | 'none';

export function inventoryEffectOf(from: OrderStatus, to: OrderStatus): InventoryEffect {
  const wasCommitted = isCommittedStatus(from);
  const isCommitted = isCommittedStatus(to);
  if (!wasCommitted && isCommitted) return 'commit';
  if (wasCommitted && !isCommitted) return 'release';
  return 'none';
}

/** Printed is shown to the school as Processing. */
export function statusShownToSchool(status: OrderStatus): OrderStatus {
  return status === 'Printed' ? 'Processing' : status;
}

/** My Orders filter (docs/adr/0031-my-orders-filter.md): Previous = Delivered, Current = everything else. */
export function isPreviousOrder(status: OrderStatus): boolean {
  return status === 'Delivered';
}

export const GENDERS = ['Male', 'Female', 'NA'] as const;
export const genderSchema = /* @__PURE__ */ z.enum(GENDERS);

export const LIMITS = {
  /** Per-line quantity a normal user may request. */
  maxQuantityPerLine: 5,
  minQuantityPerLine: 1,
  /** Per-line quantity range for admins while processing. */
  adminMinQuantity: 0,
  adminMaxQuantity: 5,
  /** Rows per page of orders, products and users tables. */
  tablePageSize: 15,
  /** Top-N rows of the report rankings. */
  reportTopN: 11,
  passwordMinLength: 6,
  passwordMaxLength: 128,
  avatarMaxBytes: 2 * 1024 * 1024,
  productImageMaxBytes: 5 * 1024 * 1024,
  productImagesMax: 6,
  lowStockThreshold: 2,
} as const;

export const UI_MESSAGES = {
  itemOutOfStock: 'Item Out of Stock',
  itemNotAvailable: 'Item Not Available',
  selectGender: 'Please select a gender',
  emptyCartAtConfirm: 'No items available in cart. Please try adding the items again',
  inventoryBelowZero: 'Error: Inventory cannot drop below zero for one or more items!',
  itemAdded: 'Item Added To Cart',
  logout: 'Logout Successfully',
  reviewSubmitted: 'Review Submitted Successfully',
  profileUpdated: 'Profile Updated Successfully',
  passwordUpdated: 'Password Updated Successfully',
  productCreated: 'Product Created Successfully',
  productUpdated: 'Product Updated Successfully',
  productDeleted: 'Product Deleted Successfully',
  orderDeleted: 'Order Deleted Successfully',
  orderUpdated: 'Order Updated Successfully',
  userUpdated: 'User Updated Successfully',
  confirmDeleteOrder: 'Are you sure you want to delete this order',
  confirmDeleteProduct: 'Are you sure you want to delete this item from inventory',
  confirmDeleteUser: 'Are you sure you want to delete this user',
  confirmLogout: 'Are you sure you want to Logout',
  orderPlaced: 'Your Order has been Placed successfully',
  userAdded: 'The User has been added successfully',
} as const;
