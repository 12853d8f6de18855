import type { Report } from '@lr/contracts';
import { mergeWeeklyOrders, pivotItemsByCategory } from './report-series';

describe('report chart series', () => {
  const weekly: Report['weekly'] = {
    ordersReceived: [
      { week: '2026-W02', count: 4 },
      { week: '2026-W01', count: 3 },
    ],
    ordersFulfilled: [{ week: '2026-W02', count: 2 }],
    itemsByCategory: [
      { week: '2026-W01', category: 'Footwear', quantity: 5 },
      { week: '2026-W02', category: 'Clothing', quantity: 1 },
      { week: '2026-W02', category: 'Footwear', quantity: 2 },
    ],
  };

  it('joins received and fulfilled per week, oldest first', () => {
    expect(mergeWeeklyOrders(weekly)).toEqual([
      { week: '2026-W01', received: 3, fulfilled: 0 },
      { week: '2026-W02', received: 4, fulfilled: 2 },
    ]);
  });

  it('pivots items per category with zeros for missing cells', () => {
    expect(pivotItemsByCategory(weekly)).toEqual({
      categories: ['Clothing', 'Footwear'],
      rows: [
        { week: '2026-W01', Clothing: 0, Footwear: 5 },
        { week: '2026-W02', Clothing: 1, Footwear: 2 },
      ],
    });
  });
});
