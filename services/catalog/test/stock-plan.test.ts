/** The in-memory stock decisions of one consumer batch (the database side is in inventory-events.test.ts). */
import { LockedStock } from '../src/inventory/locked-stock.js';
import { StockPlan } from '../src/inventory/stock-plan.js';

const PRODUCT = '00000000-0000-4000-8000-000000000001';
const SIZE_M = '00000000-0000-4000-8000-0000000000a1';
const SIZE_L = '00000000-0000-4000-8000-0000000000a2';
const GONE = '00000000-0000-4000-8000-0000000000a3';
const actor = { id: '00000000-0000-4000-8000-0000000000ff', name: 'Vol' };

function plan(held = new Map()) {
  const stock = new LockedStock(
    [
      { sizeId: SIZE_M, productId: PRODUCT, size: 'M', stock: 3, name: 'Coat', isShow: true },
      { sizeId: SIZE_L, productId: PRODUCT, size: 'L', stock: 1, name: 'Coat', isShow: true },
    ],
    new Map([[PRODUCT, 7]]),
  );
  return new StockPlan(stock, held);
}

const line = (size: string, quantity: number) => ({
  productId: PRODUCT,
  size,
  name: 'Coat',
  quantity,
});

describe('StockPlan', () => {
  it('commits every line or nothing, in order, bumping the version per movement', () => {
    const p = plan();
    expect(p.commit('o1', [line('M', 2), line('L', 1)], 'e1', actor)).toEqual([]);
    // Only 1 M left: the second order takes nothing at all.
    expect(p.commit('o2', [line('M', 2), line('L', 0)], 'e2', null)).toEqual([
      { productId: PRODUCT, size: 'M', name: 'Coat', requested: 2, available: 1 },
    ]);
    expect(p.commit('o3', [line('XL', 1)], 'e3', null)).toEqual([
      { productId: PRODUCT, size: 'XL', name: 'Coat', requested: 1, available: 0 },
    ]);
    expect(p.movements.map((m) => [m.orderId, m.size, m.delta, m.stock, m.version])).toEqual([
      ['o1', 'M', -2, 1, 8],
      ['o1', 'L', -1, 0, 9],
    ]);
    expect(p.movements[0]).toMatchObject({ reason: 'order-commit', actorName: 'Vol' });
  });

  it('releases exactly what an order holds, including what it took earlier in the batch', () => {
    const held = new Map([
      [
        'old',
        [
          { sizeId: SIZE_M, productId: PRODUCT, size: 'M', held: 2 },
          { sizeId: GONE, productId: PRODUCT, size: 'S', held: 1 },
        ],
      ],
    ]);
    const p = plan(held);
    // The deleted size is reported, not given back.
    expect(p.release('old', 'e1', actor)).toEqual([GONE]);
    expect(p.release('old', 'e2', actor)).toEqual([GONE]);
    expect(p.commit('new', [line('M', 4)], 'e3', null)).toEqual([]);
    p.release('new', 'e4', null);
    p.release('new', 'e5', null);
    expect(p.movements.map((m) => [m.orderId, m.reason, m.delta, m.stock])).toEqual([
      ['old', 'order-release', 2, 5],
      ['new', 'order-commit', -4, 1],
      ['new', 'order-release', 4, 5],
    ]);
  });
});
