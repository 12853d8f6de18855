/** The line rules of a new order (unit tests: no database needed). */
import { describeRefusal, findDuplicateLine, isTestUser } from './line-rules.js';

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

  it('knows TEST USER whatever the case and says why a line is refused', () => {
    expect(isTestUser('test user')).toBe(true);
    expect(isTestUser('TEST ADMIN')).toBe(false);
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
