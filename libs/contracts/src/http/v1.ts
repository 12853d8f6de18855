/**
 * What every `/api/v1` route answers, said once: the gateway's mappers return these types, its
 * routes declare these schemas (`@ApiDoc({ response })`, which puts them in the OpenAPI document and,
 * in tests, checks every real answer against them), and the store reads its data with these types.
 * The shapes are the old backend's: `_id`, `SubCategory`, `ProductSize`, `price: 0`,
 * so a client written for it keeps working. Objects are strict: a field that is not listed here is
 * a contract change, not a leak.
 */
import { z } from 'zod';
import { orderPickupSchema } from '../pickups.js';
import { categorySchema, orderStatusSchema, roleSchema } from '../domain.js';
import { shippingInfoSchema } from '../events.js';
import { reportSchema } from '../reporting.js';

const ok = z.literal(true);
/** The old client's prices: requests are free. */
const zero = z.literal(0);
const count = z.number().int().nonnegative();

// ---- products -----------------------------------------------------------------------------------

/** An uploaded image. */
export const apiStoredImageSchema = z.strictObject({
  _id: z.string(),
  url: z.string(),
  originalUrl: z.string(),
});

/**
 * Stands in the images list of a product without any: the category's placeholder, so that the old
 * client's `images[0].url` always reads (the original backend did the same).
 */
export const apiPlaceholderImageSchema = z.strictObject({ url: z.string() });

export const apiProductImagesSchema = z
  .array(z.union([apiStoredImageSchema, apiPlaceholderImageSchema]))
  .min(1);

export const apiProductSizeSchema = z.strictObject({
  _id: z.string(),
  size: z.string(),
  stock: count,
  /** Only when the size has its own low-stock threshold. */
  lowStockThreshold: z.number().int().optional(),
});

export const apiReviewSchema = z.strictObject({
  _id: z.string(),
  /** The reviewer's user id. */
  user: z.string(),
  name: z.string(),
  rating: z.number(),
  comment: z.string(),
  createdAt: z.string(),
});

export const apiProductSchema = z.strictObject({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  category: categorySchema,
  SubCategory: z.string(),
  ProductSize: z.array(apiProductSizeSchema),
  /** The total over the sizes. */
  Stock: count,
  images: apiProductImagesSchema,
  /** The first image's URL, or the category's placeholder. */
  image: z.string(),
  price: zero,
  ratings: z.number(),
  numOfReviews: count,
  reviews: z.array(apiReviewSchema),
  isShow: z.boolean(),
  lowStockThreshold: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ApiProduct = z.output<typeof apiProductSchema>;
export type ApiProductImage = ApiProduct['images'][number];
export type ApiProductSize = z.output<typeof apiProductSizeSchema>;

export const apiGroupedSizeSchema = z.strictObject({
  _id: z.string(),
  size: z.string(),
  stock: count,
  /** The product record this size belongs to (a group spans records of one name). */
  productId: z.string(),
});
export type ApiGroupedSize = z.output<typeof apiGroupedSizeSchema>;

export const apiProductGroupSchema = z.strictObject({
  name: z.string(),
  category: categorySchema,
  description: z.string(),
  images: z
    .array(z.union([apiStoredImageSchema.omit({ originalUrl: true }), apiPlaceholderImageSchema]))
    .min(1),
  image: z.string(),
  subCategories: z.array(
    z.strictObject({
      SubCategory: z.string(),
      productId: z.string(),
      sizes: z.array(apiGroupedSizeSchema),
    }),
  ),
});
export type ApiProductGroup = z.output<typeof apiProductGroupSchema>;

/** `GET /api/v1/products` */
export const productListResponseSchema = z.strictObject({
  success: ok,
  products: z.array(apiProductSchema),
  productsCount: count,
  resultPerPage: count,
  filteredProductsCount: count,
});
export type ProductListResponse = z.output<typeof productListResponseSchema>;

/** `GET /api/v1/products/grouped` */
export const groupedProductsResponseSchema = z.strictObject({
  success: ok,
  groups: z.array(apiProductGroupSchema),
  groupsCount: count,
  resultPerPage: count,
  filteredGroupsCount: count,
});
export type GroupedProductsResponse = z.output<typeof groupedProductsResponseSchema>;

/** `GET /api/v1/product/:id`, `POST /api/v1/admin/product/new`, `PUT /api/v1/admin/product/:id` */
export const productResponseSchema = z.strictObject({ success: ok, product: apiProductSchema });
export type ProductResponse = z.output<typeof productResponseSchema>;

/** `GET /api/v1/admin/products`: every product, streamed. */
export const adminProductListResponseSchema = z.strictObject({
  success: ok,
  products: z.array(apiProductSchema),
  productsCount: count,
});

// ---- orders -------------------------------------------------------------------------------------

export const apiOrderItemSchema = z.strictObject({
  _id: z.string(),
  /** The product id. */
  product: z.string(),
  name: z.string(),
  category: categorySchema,
  SubCategory: z.string(),
  ProductSize: z.string(),
  /** What is (or will be) given. */
  quantity: count,
  /** What the school asked for. */
  requestedQuantity: count,
  /** The product's first image when ordered, or its category's placeholder. */
  image: z.string(),
  price: zero,
});
export type ApiOrderItem = z.output<typeof apiOrderItemSchema>;

export const apiOrderSchema = z.strictObject({
  _id: z.string(),
  /** The order number people read, e.g. LR-000123. */
  orderId: z.string(),
  user: z.strictObject({ _id: z.string(), name: z.string() }),
  shippingInfo: z.strictObject(shippingInfoSchema.shape),
  orderItems: z.array(apiOrderItemSchema),
  itemsPrice: zero,
  taxPrice: zero,
  shippingPrice: zero,
  totalPrice: zero,
  orderStatus: orderStatusSchema,
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  /** Present (true) when the charity entered the request for the school (taken by phone or e-mail). */
  enteredByCharity: z.literal(true).optional(),
  /** When and how the school collects it; set at Ready for Pickup. */
  pickup: orderPickupSchema.optional(),
});
export type ApiOrder = z.output<typeof apiOrderSchema>;

/** `POST /api/v1/order/new`, `GET /api/v1/order/:id`, `PUT /api/v1/admin/order/:id` */
export const orderResponseSchema = z.strictObject({ success: ok, order: apiOrderSchema });
export type OrderResponse = z.output<typeof orderResponseSchema>;

/** `GET /api/v1/orders/me`: the caller's orders, newest first, streamed. */
export const myOrdersResponseSchema = z.strictObject({
  success: ok,
  orders: z.array(apiOrderSchema),
});
export type MyOrdersResponse = z.output<typeof myOrdersResponseSchema>;

/** `GET /api/v1/admin/orders`: every order, newest first, streamed. */
export const allOrdersResponseSchema = z.strictObject({
  success: ok,
  totalAmount: zero,
  orders: z.array(apiOrderSchema),
});

// ---- users --------------------------------------------------------------------------------------

export const apiUserSchema = z.strictObject({
  _id: z.string(),
  name: z.string(),
  /** The login id (the old API calls it email; a school's id need not be an address). */
  email: z.string(),
  role: roleSchema,
  address: z.string(),
  district: z.string(),
  avatar: z.strictObject({ url: z.string() }),
  /** Admin-set: may request more than the per-line cap (the store's quantity pickers allow it). */
  exemptFromLineCap: z.boolean(),
  createdAt: z.string(),
});
export type ApiUser = z.output<typeof apiUserSchema>;

/** One school of the login dropdown: nothing more than it needs. */
export const apiLoginChoiceSchema = z.strictObject({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
});
export type ApiLoginChoice = z.output<typeof apiLoginChoiceSchema>;

/** `GET /api/v1/me`, `GET|PUT /api/v1/admin/user/:id`, `POST /api/v1/register`, `PUT /api/v1/me/update` */
export const userResponseSchema = z.strictObject({ success: ok, user: apiUserSchema });
export type UserResponse = z.output<typeof userResponseSchema>;

/** `POST /api/v1/login`, `PUT /api/v1/password/update`: the session token is also set as a cookie. */
export const sessionResponseSchema = z.strictObject({
  success: ok,
  user: apiUserSchema,
  token: z.string(),
});
export type SessionResponse = z.output<typeof sessionResponseSchema>;

/** `GET /api/v1/getUserList`, streamed. */
export const loginChoicesResponseSchema = z.strictObject({
  success: ok,
  users: z.array(apiLoginChoiceSchema),
});
export type LoginChoicesResponse = z.output<typeof loginChoicesResponseSchema>;

/** `GET /api/v1/admin/users`, streamed. */
export const userListResponseSchema = z.strictObject({
  success: ok,
  users: z.array(apiUserSchema),
  usersCount: count,
});

// ---- report -------------------------------------------------------------------------------------

/** `GET /api/v1/admin/report` */
export const reportResponseSchema = z.strictObject({ success: ok, report: reportSchema });

/** `GET /api/v1/admin/report.csv`, `GET /api/v1/admin/orders.csv`: text/csv with a byte order mark. */
export const csvResponseSchema = z.string();

// ---- plain answers ------------------------------------------------------------------------------

/** Review, payment, order delete. */
export const successResponseSchema = z.strictObject({ success: ok });
export type SuccessResponse = z.output<typeof successResponseSchema>;

/** Logout, deletes, the password flows: a sentence for the toast. */
export const messageResponseSchema = z.strictObject({ success: ok, message: z.string() });
export type MessageResponse = z.output<typeof messageResponseSchema>;
