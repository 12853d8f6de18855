import { maxQuantityFor, readQuantity } from './quantity-rules';

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
});

describe('reading a typed quantity', () => {
  it('accepts a whole number inside the range', () => {
    expect(readQuantity('3', 12, false)).toEqual({ quantity: 3, problem: null });
    expect(readQuantity(' 4 ', 4, false)).toEqual({ quantity: 4, problem: null });
    expect(readQuantity('9', 12, true)).toEqual({ quantity: 9, problem: null });
  });

  it('explains an empty box, a non-number and zero instead of changing them', () => {
    expect(readQuantity('', 12, false).problem).toBe('Enter a quantity from 1 to 5.');
    expect(readQuantity('2.5', 12, false).problem).toBe('Enter a whole number from 1 to 5.');
    expect(readQuantity('0', 12, false).problem).toBe('The smallest quantity is 1.');
  });

  it('says whether the 5 cap or the stock stops a larger number', () => {
    expect(readQuantity('13', 12, false).problem).toBe('At most 5 of one item per student.');
    expect(readQuantity('4', 3, false).problem).toBe('Only 3 in stock in this size.');
    expect(readQuantity('1', 0, false).problem).toBe('This size is out of stock.');
  });
});
