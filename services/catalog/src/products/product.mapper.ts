/** Explicit row -> response functions for products (the spec's field names, never a raw row). */
import {
  placeholderImageUrl,
  SUB_CATEGORIES,
  type ProductDto,
  type ProductGroupDto,
  type ReviewDto,
} from '@lr/contracts';
import type { ReviewRow } from '../db/schema.js';
import type { ProductAggregate } from './products.repository.js';

export function toReviewDto(row: ReviewRow): ReviewDto {
  return {
    _id: row.id,
    user: row.userId,
    name: row.userName,
    rating: Number(row.rating),
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toProductDto({ product, sizes, reviews }: ProductAggregate): ProductDto {
  const images = product.images.map((img) => ({
    _id: img.id,
    url: img.url,
    originalUrl: img.originalUrl,
  }));
  return {
    _id: product.id,
    name: product.name,
    description: product.description,
    category: product.category,
    SubCategory: product.subCategory,
    // A size's own low-stock threshold appears only when set (the spec's shape otherwise).
    ProductSize: sizes.map((s) =>
      s.lowStockThreshold === null || s.lowStockThreshold === undefined
        ? { _id: s.id, size: s.size, stock: s.stock }
        : { _id: s.id, size: s.size, stock: s.stock, lowStockThreshold: s.lowStockThreshold },
    ),
    Stock: sizes.reduce((sum, s) => sum + s.stock, 0),
    images,
    image: images[0]?.url ?? placeholderImageUrl(product.category),
    price: 0,
    ratings: Number(product.ratings),
    numOfReviews: product.numOfReviews,
    reviews: reviews.map(toReviewDto),
    isShow: product.isShow,
    lowStockThreshold: product.lowStockThreshold,
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
export function toProductGroups(aggregates: ProductAggregate[]): ProductGroupDto[] {
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
    const images = (withImages?.images ?? []).map((img) => ({ _id: img.id, url: img.url }));
    const sorted = [...members].sort(
      (a, b) => subCategoryOrder(a.product.subCategory) - subCategoryOrder(b.product.subCategory),
    );
    return {
      name: first.name,
      category: first.category,
      description: members.find((m) => m.product.description)?.product.description ?? '',
      images,
      image: images[0]?.url ?? placeholderImageUrl(first.category),
      subCategories: sorted.map(({ product, sizes }) => ({
        SubCategory: product.subCategory,
        productId: product.id,
        sizes: sizes.map((s) => ({
          _id: s.id,
          size: s.size,
          stock: s.stock,
          productId: product.id,
        })),
      })),
    };
  });
}
