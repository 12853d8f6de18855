/** Row -> response mapping and order-line merging (unit tests: no database needed). */
import { randomUUID } from 'node:crypto';
import { toCatalogProduct, toProductGroups } from '../src/products/product.mapper.js';
import { wantedLines } from '../src/inventory/order-inventory.handler.js';
import type { ProductAggregate } from '../src/products/products.repository.js';
import { OrderBuilder } from './support/catalog-env.js';

function aggregate(
  name: string,
  subCategory: string,
  sizes: [string, number][],
  images: string[] = [],
): ProductAggregate {
  const id = randomUUID();
  const now = new Date('2026-01-01T00:00:00Z');
  return {
    product: {
      id,
      name,
      description: '',
      category: 'Clothing',
      subCategory,
      isShow: true,
      images: images.map((url) => ({ id: randomUUID(), url, originalUrl: url })),
      ratings: 0,
      numOfReviews: 0,
      lowStockThreshold: 2,
      fairMarketValue: null,
      version: 1,
      createdAt: now,
      updatedAt: now,
    },
    sizes: sizes.map(([size, stock], position) => ({
      id: randomUUID(),
      productId: id,
      size,
      stock,
      lowStockThreshold: null,
      position,
    })),
    reviews: [],
  };
}

describe('mappers', () => {
  it('maps a product to the neutral snapshot: id, subCategory, sizes, only its uploaded images', () => {
    const tee = aggregate('Tee', 'One size', [
      ['S', 2],
      ['M', 3],
    ]);
    const snapshot = toCatalogProduct(tee);
    expect(snapshot).toMatchObject({ id: tee.product.id, subCategory: 'One size', images: [] });
    expect(snapshot.sizes.map((s) => [s.size, s.stock, s.lowStockThreshold])).toEqual([
      ['S', 2, null],
      ['M', 3, null],
    ]);
    for (const old of ['_id', 'SubCategory', 'ProductSize', 'Stock', 'price', 'image'])
      expect(Object.keys(snapshot)).not.toContain(old);
  });

  it('groups by name case-insensitively, SubCategories in SUB_CATEGORIES order, sizes tied to their own record', () => {
    const girls = aggregate('Hoodie', "Girl's sizing", [['S', 1]]);
    const boys = aggregate('HOODIE', "Boy's sizing", [['M', 0]], ['/media/products/h.webp']);
    const other = aggregate('Jeans', "Boy's sizing", [['10', 4]]);
    const groups = toProductGroups([girls, boys, other]);
    expect(groups.map((g) => g.name)).toEqual(['Hoodie', 'Jeans']);
    expect(groups[0]?.images.map((i) => i.url)).toEqual(['/media/products/h.webp']);
    expect(groups[1]?.images).toEqual([]);
    expect(
      groups[0]?.subCategories.map((s) => [s.subCategory, s.productId, s.sizes[0]?.productId]),
    ).toEqual([
      ["Boy's sizing", boys.product.id, boys.product.id],
      ["Girl's sizing", girls.product.id, girls.product.id],
    ]);
  });

  it('merges order lines by product and size and drops lines given 0', () => {
    const productId = randomUUID();
    const order = new OrderBuilder([
      { productId, size: 'S', quantity: 2 },
      { productId, size: 'S', quantity: 1 },
      { productId, size: 'M', quantity: 0 },
    ]);
    expect(wantedLines(order.snapshot())).toEqual([
      { productId, size: 'S', name: 'Running Shoes', quantity: 3 },
    ]);
  });
});
