/** The line rules of a new order (unit tests: no database needed). */
import type { CatalogProduct } from '@lr/contracts';
import { describeRefusal, findDuplicateLine, refuseByCatalog } from './line-rules.js';

describe('line rules', () => {
  it('finds the same product and size twice, whatever the case of the size', () => {
    const id = '3f1c2b7e-8d4a-4c1e-9f2a-0b1c2d3e4f5a';
    expect(
      findDuplicateLine([
        { productId: id, size: 'M', quantity: 1 },
        { productId: id, size: 'L', quantity: 1 },
      ]),
    ).toBe(-1);
    expect(
      findDuplicateLine([
        { productId: id, size: 'M', quantity: 1 },
        { productId: id, size: 'm ', quantity: 1 },
      ]),
    ).toBe(1);
  });

  it('caps a line at 5 unless the account is exempt (a flag, not a name)', () => {
    const product = {
      id: 'p',
      name: 'Hoodie',
      isShow: true,
      sizes: [{ size: 'M', stock: 100 }],
    } as unknown as CatalogProduct;
    const products = new Map([['p', product]]);
    const lines = [{ productId: 'p', size: 'M', quantity: 6 }];
    expect(refuseByCatalog(lines, products, false)).toMatchObject([
      { reason: 'over-limit', available: 5 },
    ]);
    expect(refuseByCatalog(lines, products, true)).toEqual([]);
  });

  it('says why a line is refused', () => {
    const base = { index: 0, productId: 'p', size: 'M', name: 'Hoodie', requested: 3 };
    expect(describeRefusal({ ...base, reason: 'short', available: 0 })).toBe(
      'Hoodie (M): out of stock',
    );
    expect(describeRefusal({ ...base, reason: 'short', available: 2 })).toBe(
      'Hoodie (M): only 2 left',
    );
    expect(describeRefusal({ ...base, name: null, reason: 'not-found', available: null })).toBe(
      'item 1 no longer exists',
    );
  });
});
