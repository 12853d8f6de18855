/**
 * Maps the catalog's neutral product snapshot to the HTTP shapes: /api/v1 gets the old backend's
 * names (`_id`, `SubCategory`, `ProductSize`, `Stock`, `price: 0`) and a placeholder image for a
 * product without one; the console gets the same names plus `id`, with only the uploaded images.
 */
import {
  placeholderImageUrl,
  productImageUrl,
  type ApiProduct,
  type ApiProductGroup,
  type CatalogImage,
  type CatalogProduct,
  type CatalogSize,
  type ConsoleProduct,
  type GroupedList,
  type GroupedProductsResponse,
  type ProductGroup,
  type ProductList,
  type ProductListResponse,
} from '@lr/contracts';

type StoredImageView = { _id: string; url: string; originalUrl: string };

function toSizeView(size: CatalogSize): ApiProduct['ProductSize'][number] {
  // A size's own threshold appears only when set (the old API's shape otherwise).
  return size.lowStockThreshold === null
    ? { _id: size.id, size: size.size, stock: size.stock }
    : {
        _id: size.id,
        size: size.size,
        stock: size.stock,
        lowStockThreshold: size.lowStockThreshold,
      };
}

function toStoredImageView(image: CatalogImage): StoredImageView {
  return { _id: image.id, url: image.url, originalUrl: image.originalUrl };
}

/** The old API's product with the given images list; fields in the order the old backend sent them. */
function toSpecProduct<I>(product: CatalogProduct, images: I[]) {
  return {
    _id: product.id,
    name: product.name,
    description: product.description,
    category: product.category,
    SubCategory: product.subCategory,
    ProductSize: product.sizes.map(toSizeView),
    Stock: product.sizes.reduce((sum, s) => sum + s.stock, 0),
    images,
    image: productImageUrl(product),
    price: 0 as const,
    ratings: product.ratings,
    numOfReviews: product.numOfReviews,
    reviews: product.reviews.map((review) => ({
      _id: review.id,
      user: review.userId,
      name: review.userName,
      rating: review.rating,
      comment: review.comment,
      createdAt: review.createdAt,
    })),
    isShow: product.isShow,
    lowStockThreshold: product.lowStockThreshold,
    createdAt: product.createdAt,
    updatedAt: product.updatedAt,
  };
}

/** A product on /api/v1: never an empty images list (the old client reads `images[0].url`). */
export function toApiProduct(product: CatalogProduct): ApiProduct {
  const images: ApiProduct['images'] =
    product.images.length > 0
      ? product.images.map(toStoredImageView)
      : [{ url: placeholderImageUrl(product.category) }];
  return toSpecProduct(product, images);
}

export function toApiProductList(list: ProductList): Omit<ProductListResponse, 'success'> {
  return {
    products: list.products.map(toApiProduct),
    productsCount: list.productsCount,
    resultPerPage: list.resultPerPage,
    filteredProductsCount: list.filteredProductsCount,
  };
}

export function toApiProductGroup(group: ProductGroup): ApiProductGroup {
  return {
    name: group.name,
    category: group.category,
    description: group.description,
    images:
      group.images.length > 0
        ? group.images.map((image) => ({ _id: image.id, url: image.url }))
        : [{ url: placeholderImageUrl(group.category) }],
    image: productImageUrl(group),
    subCategories: group.subCategories.map((sub) => ({
      SubCategory: sub.subCategory,
      productId: sub.productId,
      sizes: sub.sizes.map((size) => ({
        _id: size.id,
        size: size.size,
        stock: size.stock,
        productId: size.productId,
      })),
    })),
  };
}

export function toApiGroupedList(list: GroupedList): Omit<GroupedProductsResponse, 'success'> {
  return {
    groups: list.groups.map(toApiProductGroup),
    groupsCount: list.groupsCount,
    resultPerPage: list.resultPerPage,
    filteredGroupsCount: list.filteredGroupsCount,
  };
}

/** A console record: `id` first, then the old API's fields; a product without images has none. */
export function toConsoleProduct(product: CatalogProduct): ConsoleProduct {
  return {
    id: product.id,
    ...toSpecProduct(product, product.images.map(toStoredImageView)),
    // Console only: the store and the old API never show values.
    fairMarketValue: product.fairMarketValue,
  };
}
