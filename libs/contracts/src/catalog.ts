/**
 * Messages of the catalog service (`catalogOps`): inputs are validated by the service on receipt;
 * outputs are neutral snapshots (`id`, `subCategory`, `sizes`) that the gateway maps to each HTTP
 * dialect and other services validate on receipt. Inputs keep the old forms' names (`SubCategory`,
 * `ProductSize`) because the gateway passes those forms on.
 */
import { z } from 'zod';
import { categorySchema, LIMITS, subCategorySchema } from './domain.js';
import { movementReasonSchema, shortLineSchema } from './events.js';
import { FORM_LIMITS } from './form-limits.js';
import { moneyInputSchema, moneySchema } from './money.js';
import { textSchema } from './text.js';
import { idListSchema, PAGE_SIZE_MAX, pageRangeSchema } from './paging.js';

export const CATALOG_PAGE_SIZE = 12;

/** A single-line text field (text.ts); multi-line ones say so. */
const text = () => textSchema();
const multilineText = () => textSchema({ multiline: true });

/** A size name: trimmed, non-empty, short. */
export const sizeNameSchema = text().trim().min(1, 'must not be empty').max(40);
export const stockSchema = z
  .number()
  .int('must be a whole number')
  .min(0, 'must not be negative')
  .max(100_000);
/** A stock figure typed into a form field (the old admin form sends it as text). */
export const stockFromFormSchema = z.coerce.number().pipe(stockSchema);

/** A malformed id is simply a product that does not exist: 404, never 400. */
export const productIdSchema = text().max(100);

export const imageRefSchema = z.object({
  url: text().min(1).max(500),
  originalUrl: text().min(1).max(500),
});
export type ImageRef = z.infer<typeof imageRefSchema>;

const uniqueSizes = <T extends { size: string }>(sizes: T[], ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  sizes.forEach((s, index) => {
    const key = s.size.toLowerCase();
    if (seen.has(key))
      ctx.addIssue({
        code: 'custom',
        message: `size "${s.size}" is named twice`,
        path: [index, 'size'],
      });
    seen.add(key);
  });
};

export const sizeStockSchema = z.object({ size: sizeNameSchema, stock: stockSchema });

// ---- queries ----------------------------------------------------------------------------------

export const listProductsInputSchema = z.object({
  keyword: text().trim().max(100).optional().default(''),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
  category: categorySchema.optional(),
  /** Rows a page; CATALOG_PAGE_SIZE when not given. */
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).optional(),
});
export type ListProductsInput = z.input<typeof listProductsInputSchema>;

export const getProductInputSchema = z.object({ id: productIdSchema });
export const getProductsInputSchema = z.object({ ids: idListSchema(productIdSchema) });

/** Payload of HINTS.catalogProductsChanged: the products an admin just changed or deleted. */
export interface ProductsChangedHint {
  productIds: string[];
}

export const inventoryCheckInputSchema = z.object({
  lines: z
    .array(
      z.object({
        productId: productIdSchema,
        size: text().max(40),
        quantity: z.number().int().min(0),
      }),
    )
    .max(500),
  /** Count hidden products as available (an admin processing an order for a product hidden since). */
  allowHidden: z.boolean().optional().default(false),
});
export type InventoryCheckInput = z.input<typeof inventoryCheckInputSchema>;
/** The lines whose size has less stock than asked (empty when everything is covered). */
export const inventoryCheckResultSchema = z.object({ shortLines: z.array(shortLineSchema) });
export type InventoryCheckResult = z.infer<typeof inventoryCheckResultSchema>;

// ---- admin writes -----------------------------------------------------------------------------

export const createProductInputSchema = z.object({
  name: text().trim().min(1, 'is required').max(120),
  description: multilineText().trim().max(5000).optional().default(''),
  category: categorySchema,
  SubCategory: subCategorySchema,
  ProductSize: z
    .array(sizeStockSchema)
    .min(1, 'at least one size is required')
    .max(60)
    .superRefine(uniqueSizes),
  isShow: z.boolean().optional().default(true),
  images: z.array(imageRefSchema).max(LIMITS.productImagesMax).optional().default([]),
  /** Fair-market value per unit (in-kind reporting); null or absent: none. */
  fairMarketValue: moneyInputSchema.optional(),
});
export type CreateProductInput = z.input<typeof createProductInputSchema>;

export const updateProductInputSchema = z.object({
  id: productIdSchema,
  description: multilineText().trim().max(5000).optional(),
  isShow: z.boolean().optional(),
  /** Stock added to existing sizes (a `restock` movement each). */
  addStock: z
    .array(z.object({ size: sizeNameSchema, quantity: z.number().int().min(1).max(100_000) }))
    .max(60)
    .optional(),
  /** New total for a size (the old form): the difference is recorded as a movement. */
  setStock: z.array(sizeStockSchema).max(60).optional(),
  /** Sizes the product did not have yet (an `initial` movement each). */
  newSizes: z.array(sizeStockSchema).max(60).superRefine(uniqueSizes).optional(),
  addImages: z.array(imageRefSchema).max(LIMITS.productImagesMax).optional(),
  removeImageIds: z.array(text().max(100)).max(50).optional(),
  /** A size's own low-stock threshold (null: the product's applies). */
  sizeLowStock: z
    .array(
      z.object({ size: sizeNameSchema, threshold: z.number().int().min(0).max(10_000).nullable() }),
    )
    .max(60)
    .optional(),
  /** Sizes at or below this stock (and above 0) are listed as low stock on the dashboard. */
  lowStockThreshold: z.number().int().min(0).max(10_000).optional(),
  /** Fair-market value per unit from now on (null: none); earlier figures keep theirs. */
  fairMarketValue: moneyInputSchema.optional(),
  /** The old edit form's semantics: images sent replace the current ones. */
  replaceImages: z.boolean().optional(),
  /** Read-only fields: accepted only when unchanged (the old form sends them back). */
  name: text().trim().max(120).optional(),
  category: text().max(40).optional(),
  SubCategory: text().max(40).optional(),
});
export type UpdateProductInput = z.input<typeof updateProductInputSchema>;

// ---- HTTP bodies: the product forms (/api/v1/admin/product/*, /api/console/products) ----------

/** A new product as the forms send it; its images come as files or data URLs, never as refs. */
export const createProductBodySchema = createProductInputSchema.omit({ images: true });

/**
 * The old client's edit form: `ProductSize` names a size and `Stock` is its new total (the
 * difference is recorded as a movement); name, category and SubCategory are read-only.
 */
export const productEditFormSchema = updateProductInputSchema
  .pick({ name: true, description: true, category: true, SubCategory: true, isShow: true })
  .extend({
    ProductSize: sizeNameSchema.optional(),
    Stock: stockFromFormSchema.optional(),
  });

// ---- console lists ----------------------------------------------------------------------------

/** A console page: at most PAGE_SIZE_MAX rows (the gateway cuts bigger ranges). */
export const consoleRangeSchema = pageRangeSchema;
/** Fields each console list sorts by (the services map each to a column; anything else is a 400). */
export const PRODUCT_SORT_FIELDS = [
  'name',
  'Stock',
  'createdAt',
  'category',
  'SubCategory',
  'isShow',
  'ratings',
  'id',
] as const;
export const MOVEMENT_SORT_FIELDS = ['id', 'createdAt', 'delta', 'reason', 'size'] as const;
export const REVIEW_SORT_FIELDS = ['createdAt', 'rating', 'name', 'productName', 'id'] as const;

export const consoleSortSchema = z
  .object({ field: text().max(64), order: z.enum(['ASC', 'DESC']) })
  .nullable();

export const consoleListProductsInputSchema = z.object({
  sort: consoleSortSchema.optional().default(null),
  range: consoleRangeSchema,
  /** A keyset walk: the previous page's `next`; only in name order, from `range.start` 0. */
  after: textSchema().min(1).max(1000).nullish(),
  filter: z
    .object({
      q: text().max(100).optional(),
      category: categorySchema.optional(),
      SubCategory: subCategorySchema.optional(),
      isShow: z.boolean().optional(),
      outOfStock: z.boolean().optional(),
      id: z.union([idListSchema(text().max(100)), text().max(100)]).optional(),
    })
    .catchall(z.unknown())
    .optional()
    .default({}),
});
export type ConsoleListProductsInput = z.input<typeof consoleListProductsInputSchema>;

export const listMovementsInputSchema = z.object({
  sort: consoleSortSchema.optional().default(null),
  range: consoleRangeSchema,
  filter: z
    .object({
      productId: text().max(100).optional(),
      sizeId: text().max(100).optional(),
      size: text().max(40).optional(),
      reason: movementReasonSchema.optional(),
      orderId: text().max(100).optional(),
    })
    .catchall(z.unknown())
    .optional()
    .default({}),
});
export type ListMovementsInput = z.input<typeof listMovementsInputSchema>;

export const listReviewsInputSchema = z.object({
  sort: consoleSortSchema.optional().default(null),
  range: consoleRangeSchema,
  filter: z
    .object({ productId: text().max(100).optional(), q: text().max(100).optional() })
    .catchall(z.unknown())
    .optional()
    .default({}),
});
export type ListReviewsInput = z.input<typeof listReviewsInputSchema>;

export interface ConsoleList<T> {
  items: T[];
  total: number;
  /** Lists that can be walked by keyset: where the next page starts; null on the last. */
  next?: string | null;
}

// ---- reviews ----------------------------------------------------------------------------------

export const ratingSchema = z.coerce
  .number()
  .min(0.5, 'must be between 0.5 and 5')
  .max(5, 'must be between 0.5 and 5')
  .refine((n) => Number.isInteger(n * 2), 'must be in half steps');

export const upsertReviewInputSchema = z.object({
  productId: textSchema({ requiredMessage: 'is required' }).min(1, 'is required').max(100),
  rating: ratingSchema,
  comment: multilineText().trim().max(FORM_LIMITS.reviewCommentMax).optional().default(''),
});
export type UpsertReviewInput = z.input<typeof upsertReviewInputSchema>;
/** `PUT /api/v1/review`: what the store and the old client send is the catalog's input itself. */
export const reviewBodySchema = upsertReviewInputSchema;
export const deleteReviewInputSchema = z.object({ id: text().max(100) });

// ---- outputs: the catalog's own snapshot -------------------------------------------------------
// Neutral names, like the orders and auth replies: the gateway maps them to the old API's `_id`,
// `SubCategory`, `ProductSize`, `price: 0` on /api/v1 and to `id` records on /api/console.

export const catalogSizeSchema = z.object({
  id: z.string(),
  size: z.string(),
  stock: z.number().int().nonnegative(),
  /** The size's own low-stock threshold; null when the product's applies. */
  lowStockThreshold: z.number().int().nullable(),
});
export type CatalogSize = z.infer<typeof catalogSizeSchema>;

export const catalogImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  originalUrl: z.string(),
});
export type CatalogImage = z.infer<typeof catalogImageSchema>;

export const catalogReviewSchema = z.object({
  id: z.string(),
  userId: z.string(),
  /** The reviewer's name when the review was written. */
  userName: z.string(),
  rating: z.number(),
  comment: z.string(),
  createdAt: z.string(),
});
export type CatalogReview = z.infer<typeof catalogReviewSchema>;

export const catalogProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: categorySchema,
  /** Not constrained by the database: read as text. */
  subCategory: z.string(),
  sizes: z.array(catalogSizeSchema),
  /** Uploaded images only: a product without one has none (see productImageUrl). */
  images: z.array(catalogImageSchema),
  ratings: z.number(),
  numOfReviews: z.number().int().nonnegative(),
  reviews: z.array(catalogReviewSchema),
  isShow: z.boolean(),
  lowStockThreshold: z.number().int(),
  /** Fair-market value per unit ("12.50"), null when none is set. */
  fairMarketValue: moneySchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CatalogProduct = z.infer<typeof catalogProductSchema>;

export const productListSchema = z.object({
  products: z.array(catalogProductSchema),
  /** Every product the caller may see. */
  productsCount: z.number().int().nonnegative(),
  resultPerPage: z.number().int().positive(),
  /** The products matching the filter. */
  filteredProductsCount: z.number().int().nonnegative(),
});
export type ProductList = z.infer<typeof productListSchema>;

export const groupedSizeSchema = z.object({
  id: z.string(),
  size: z.string(),
  stock: z.number().int().nonnegative(),
  /** The product record the size belongs to. */
  productId: z.string(),
});

/** The products sharing a name, as the store shows them: one card, sizes per sub-category. */
export const productGroupSchema = z.object({
  name: z.string(),
  category: categorySchema,
  description: z.string(),
  /** The images of the first member that has any. */
  images: z.array(catalogImageSchema.pick({ id: true, url: true })),
  subCategories: z.array(
    z.object({ subCategory: z.string(), productId: z.string(), sizes: z.array(groupedSizeSchema) }),
  ),
});
export type ProductGroup = z.infer<typeof productGroupSchema>;

export const groupedListSchema = z.object({
  groups: z.array(productGroupSchema),
  groupsCount: z.number().int().nonnegative(),
  resultPerPage: z.number().int().positive(),
  filteredGroupsCount: z.number().int().nonnegative(),
});
export type GroupedList = z.infer<typeof groupedListSchema>;

export const movementSchema = z.object({
  id: z.string(),
  productId: z.string(),
  sizeId: z.string(),
  size: z.string(),
  delta: z.number().int(),
  reason: z.string(),
  orderId: z.string().nullable(),
  eventId: z.string().nullable(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  /** The donation or stock count the movement belongs to. */
  donationId: z.string().nullable(),
  countId: z.string().nullable(),
  createdAt: z.string(),
});
export type MovementDto = z.infer<typeof movementSchema>;

export const consoleReviewSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  userId: z.string(),
  name: z.string(),
  rating: z.number(),
  comment: z.string(),
  createdAt: z.string(),
});
export type ConsoleReviewDto = z.infer<typeof consoleReviewSchema>;

export const availabilitySchema = z.object({
  productsCount: z.number().int(),
  outOfStockSizes: z.number().int(),
  inStockSizes: z.number().int(),
  outOfStock: z.array(z.object({ name: z.string(), entries: z.array(z.string()) })),
  lowStock: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      SubCategory: z.string(),
      size: z.string(),
      stock: z.number().int(),
    }),
  ),
});
export type AvailabilityDto = z.infer<typeof availabilitySchema>;

/** The URL of the generated placeholder image of a category (served by the gateway). */
export function placeholderImageUrl(category: string): string {
  return `/media/placeholder/${encodeURIComponent(category.toLowerCase())}.svg`;
}

/** The image that stands for a product: its first image, or its category's placeholder. */
export function productImageUrl(product: { category: string; images: { url: string }[] }): string {
  return product.images[0]?.url ?? placeholderImageUrl(product.category);
}
