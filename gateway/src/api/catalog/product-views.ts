/** Maps catalog replies to the HTTP shapes: /api/v1 keeps the spec's `_id`, the console adds `id`. */
import type { ProductDto } from '@lr/contracts';

export type ConsoleProduct = ProductDto & { id: string };

export function toConsoleProduct(product: ProductDto): ConsoleProduct {
  return { id: product._id, ...product };
}
