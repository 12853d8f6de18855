import { clampQuantity, maxQuantityFor } from './quantity-rules';

describe('quantity rules', () => {
  it('caps a normal user at 5 and at the size stock', () => {
    expect(maxQuantityFor(12, false)).toBe(5);
    expect(maxQuantityFor(3, false)).toBe(3);
    expect(maxQuantityFor(0, false)).toBe(0);
  });

  it('lets TEST USER go past 5 up to the stock', () => {
    expect(maxQuantityFor(12, true)).toBe(12);
    expect(maxQuantityFor(2, true)).toBe(2);
  });

  it('keeps quantities inside 1..max', () => {
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(9, 5)).toBe(5);
    expect(clampQuantity(3.7, 5)).toBe(3);
    expect(clampQuantity(Number.NaN, 5)).toBe(1);
    expect(clampQuantity(4, 0)).toBe(1);
  });
});
