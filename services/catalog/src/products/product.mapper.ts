/** Explicit row -> snapshot functions for products (neutral names, never a raw row). */
import {
  SUB_CATEGORIES,
  type CatalogProduct,
  type CatalogReview,
  type Category,
  type ProductGroup,
} from '@lr/contracts';
import type { ReviewRow } from '../db/schema.js';
import type { ProductAggregate } from './products.repository.js';

export function toCatalogReview(row: ReviewRow): CatalogReview {
  return {
    id: row.id,
    userId: row.userId,
    userName: row.userName,
    rating: Number(row.rating),
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toCatalogProduct({ product, sizes, reviews }: ProductAggregate): CatalogProduct {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    // The table's CHECK constraint holds it to the categories.
    category: product.category as Category,
    subCategory: product.subCategory,
    sizes: sizes.map((s) => ({
      id: s.id,
      size: s.size,
      stock: s.stock,
      lowStockThreshold: s.lowStockThreshold ?? null,
    })),
    images: product.images.map((img) => ({
      id: img.id,
      url: img.url,
      originalUrl: img.originalUrl,
    })),
    ratings: Number(product.ratings),
    numOfReviews: product.numOfReviews,
    reviews: reviews.map(toCatalogReview),
    isShow: product.isShow,
    lowStockThreshold: product.lowStockThreshold,
    fairMarketValue: product.fairMarketValue,
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  };
}

const subCategoryOrder = (value: string): number => {
  const index = (SUB_CATEGORIES as readonly string[]).indexOf(value);
  return index === -1 ? SUB_CATEGORIES.length : index;
};

/**
 * Groups products by name (case-insensitive) for the store, keeping every size tied to the id of
 * the product record it belongs to (the old app put the first record's id on every size).
 */
export function toProductGroups(aggregates: ProductAggregate[]): ProductGroup[] {
  const groups = new Map<string, ProductAggregate[]>();
  for (const aggregate of aggregates) {
    const key = aggregate.product.name.toLowerCase();
    const list = groups.get(key) ?? [];
    list.push(aggregate);
    groups.set(key, list);
  }
  return [...groups.values()].map((members) => {
    const first = members[0]!.product;
    const withImages = members.find((m) => m.product.images.length > 0)?.product;
    const sorted = [...members].sort(
      (a, b) => subCategoryOrder(a.product.subCategory) - subCategoryOrder(b.product.subCategory),
    );
    return {
      name: first.name,
      category: first.category as Category,
      description: members.find((m) => m.product.description)?.product.description ?? '',
      images: (withImages?.images ?? []).map((img) => ({ id: img.id, url: img.url })),
      subCategories: sorted.map(({ product, sizes }) => ({
        subCategory: product.subCategory,
        productId: product.id,
        sizes: sizes.map((s) => ({
          id: s.id,
          size: s.size,
          stock: s.stock,
          productId: product.id,
        })),
      })),
    };
  });
}
