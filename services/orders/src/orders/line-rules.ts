/**
 * The rules a requested line must meet: the product and size exist and are visible, the
 * quantity is 1 to 5 (unless an admin exempted the account from the cap: a flag on the account,
 * never its name) and not above the size's current stock.
 * Pure functions, so the rules read in one place and test without a catalog.
 */
import { LIMITS, type CatalogProduct, type OrderLineInput, type RefusedLine } from '@lr/contracts';

function sameSize(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

export function findSize(
  product: CatalogProduct,
  size: string,
): { size: string; stock: number } | undefined {
  return product.sizes.find((s) => sameSize(s.size, size));
}

/** Lines refused before asking about stock: unknown, hidden, no such size, above the cap. */
export function refuseByCatalog(
  lines: OrderLineInput[],
  products: Map<string, CatalogProduct>,
  exemptFromCap: boolean,
): RefusedLine[] {
  const refused: RefusedLine[] = [];
  lines.forEach((line, index) => {
    const product = products.get(line.productId);
    const base = { index, productId: line.productId, size: line.size, requested: line.quantity };
    if (!product) {
      refused.push({ ...base, name: null, reason: 'not-found', available: null });
      return;
    }
    if (!product.isShow) {
      refused.push({ ...base, name: product.name, reason: 'hidden', available: null });
      return;
    }
    const size = findSize(product, line.size);
    if (!size) {
      refused.push({ ...base, name: product.name, reason: 'no-such-size', available: null });
      return;
    }
    if (!exemptFromCap && line.quantity > LIMITS.maxQuantityPerLine) {
      refused.push({
        ...base,
        name: product.name,
        reason: 'over-limit',
        available: LIMITS.maxQuantityPerLine,
      });
    }
  });
  return refused;
}

/**
 * Lines asking for more than their size's stock, from the stock in catalog's product reply. Call
 * after `refuseByCatalog` found nothing, so every product and size exists.
 */
export function refuseShortStock(
  lines: OrderLineInput[],
  products: Map<string, CatalogProduct>,
): RefusedLine[] {
  const refused: RefusedLine[] = [];
  lines.forEach((line, index) => {
    const product = products.get(line.productId);
    const size = product && findSize(product, line.size);
    if (!product || !size || size.stock >= line.quantity) return;
    refused.push({
      index,
      productId: line.productId,
      size: size.size,
      name: product.name,
      reason: 'short',
      requested: line.quantity,
      available: Math.max(0, size.stock),
    });
  });
  return refused;
}

export function describeRefusal(line: RefusedLine): string {
  const item = line.name ? `${line.name} (${line.size})` : `item ${line.index + 1}`;
  switch (line.reason) {
    case 'not-found':
      return `${item} no longer exists`;
    case 'hidden':
      return `${item} is not available`;
    case 'no-such-size':
      return `${item}: this size does not exist`;
    case 'over-limit':
      return `${item}: at most ${LIMITS.maxQuantityPerLine} may be requested`;
    case 'short':
      return line.available && line.available > 0
        ? `${item}: only ${line.available} left`
        : `${item}: out of stock`;
  }
}

/** Two lines for the same product and size: the cart replaces such lines, so this is a bad request. */
export function findDuplicateLine(lines: OrderLineInput[]): number {
  const seen = new Set<string>();
  for (const [index, line] of lines.entries()) {
    const key = `${line.productId}|${line.size.trim().toLowerCase()}`;
    if (seen.has(key)) return index;
    seen.add(key);
  }
  return -1;
}
