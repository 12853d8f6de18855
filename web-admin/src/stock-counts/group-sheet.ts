import type { StockCountLineDto } from '@lr/contracts';

/** Lines grouped by category, then product, keeping sheet order. */
export function groupSheet(lines: StockCountLineDto[]) {
  const groups: {
    category: string;
    products: { key: string; name: string; lines: StockCountLineDto[] }[];
  }[] = [];
  for (const line of lines) {
    let category = groups.at(-1);
    if (!category || category.category !== line.category) {
      category = { category: line.category, products: [] };
      groups.push(category);
    }
    let product = category.products.at(-1);
    if (!product || product.key !== line.productId) {
      product = {
        key: line.productId,
        name: `${line.productName} (${line.subCategory})`,
        lines: [],
      };
      category.products.push(product);
    }
    product.lines.push(line);
  }
  return groups;
}
