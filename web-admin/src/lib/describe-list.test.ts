import { describeList } from './describe-list';

describe("a read's orders or schools in a few words", () => {
  it('names up to three and counts the rest of the total, not of the names it was given', () => {
    expect(describeList(['LR-1'], 1, null)).toBe('LR-1');
    expect(describeList(['LR-1', 'LR-2', 'LR-3'], 3, null)).toBe('LR-1, LR-2, LR-3');
    expect(describeList(['LR-1', 'LR-2', 'LR-3', 'LR-4'], 4, null)).toBe(
      'LR-1, LR-2, LR-3 and 1 more',
    );
    // The entry carries the first names of a read of 25,000 orders.
    expect(describeList(['LR-1', 'LR-2', 'LR-3', 'LR-4', 'LR-5'], 25_000, null)).toBe(
      'LR-1, LR-2, LR-3 and 24,997 more',
    );
  });

  it('says what was read when no order was (an export of a date range)', () => {
    expect(describeList([], 0, '2026-01-01 to 2026-01-31')).toBe('2026-01-01 to 2026-01-31');
    expect(describeList([], 0, null)).toBe('-');
  });
});
