import { countOf } from './plural';

describe('a number with its noun', () => {
  it('says one in the singular and every other number in the plural', () => {
    expect(countOf(1, 'difference')).toBe('1 difference');
    expect(countOf(0, 'difference')).toBe('0 differences');
    expect(countOf(2, 'adjustment')).toBe('2 adjustments');
    expect(countOf(1, 'size')).toBe('1 size');
  });

  it('takes an irregular plural', () => {
    expect(countOf(3, 'box', 'boxes')).toBe('3 boxes');
    expect(countOf(1, 'box', 'boxes')).toBe('1 box');
  });
});
