/** Stock decisions on locked rows, shared by every stock writer (the writing side: inventory-concurrency.test.ts). */
import { AppError } from '@lr/contracts';
import { LockedStock } from '../src/inventory/locked-stock.js';

const PRODUCT = '00000000-0000-4000-8000-000000000001';
const SIZE_M = '00000000-0000-4000-8000-0000000000a1';
const OTHER = '00000000-0000-4000-8000-0000000000a2';
const sizeM = {
  sizeId: SIZE_M,
  productId: PRODUCT,
  size: 'M',
  stock: 2,
  name: 'Coat',
  isShow: true,
};

describe('LockedStock', () => {
  it('records each movement with the stock and product version it leaves', () => {
    const stock = new LockedStock([sizeM], new Map([[PRODUCT, 4]]));
    stock.move(sizeM, 3, { reason: 'donation', donationId: OTHER });
    stock.move(sizeM, -5, { reason: 'audit', actor: { id: OTHER, name: 'Ann' } });
    expect(stock.available(SIZE_M)).toBe(0);
    expect(stock.movements).toEqual([
      expect.objectContaining({
        delta: 3,
        stock: 5,
        version: 5,
        reason: 'donation',
        donationId: OTHER,
      }),
      expect.objectContaining({ delta: -5, stock: 0, version: 6, actorName: 'Ann', orderId: null }),
    ]);
  });

  it('refuses a take below zero with the short line, recording nothing', () => {
    const stock = new LockedStock([sizeM], new Map([[PRODUCT, 4]]));
    let refusal: unknown;
    try {
      stock.move(sizeM, -3, { reason: 'correction' });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      code: 'CONFLICT',
      details: { lines: [{ productId: PRODUCT, size: 'M', requested: 3 }] },
    });
    expect(stock.movements).toEqual([]);
    expect(stock.available(SIZE_M)).toBe(2);
  });

  it('moves only sizes it locked, and never by zero', () => {
    const stock = new LockedStock([sizeM], new Map([[PRODUCT, 4]]));
    expect(() => stock.move({ ...sizeM, sizeId: OTHER }, 1, { reason: 'restock' })).toThrow(
      /not locked/,
    );
    expect(() => stock.move(sizeM, 0, { reason: 'restock' })).toThrow(/non-zero/);
    expect(stock.findSize(PRODUCT, 'M')).toBe(sizeM);
    expect(stock.findSize(PRODUCT, 'L')).toBeUndefined();
  });
});
