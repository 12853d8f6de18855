import type { ApiProduct as Product } from '@lr/contracts/http/v1';

/** The printable request form, prefilled with an item that is out of stock in the wanted size. */
export function requestFormUrl(
  product: Pick<Product, 'name' | 'SubCategory'>,
  size: string,
): string {
  const query = new URLSearchParams({ item: product.name, subCategory: product.SubCategory });
  if (size) query.set('size', size);
  return `/requestform?${query.toString()}`;
}
