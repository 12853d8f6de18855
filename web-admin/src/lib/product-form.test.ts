import { buildProductUpdate, validateNewSizes, validateProductEdit } from './product-form';

describe('new product sizes', () => {
  it('accepts named sizes with whole stock', () => {
    expect(
      validateNewSizes([
        { size: 'S', stock: 2 },
        { size: 'M', stock: '0' },
      ]),
    ).toBeUndefined();
  });

  it('refuses no sizes, unnamed sizes, bad stock and a size named twice', () => {
    expect(validateNewSizes([])).toBe('Add at least one size');
    expect(validateNewSizes([{ size: ' ', stock: 1 }])).toBe('Each size needs a name');
    expect(validateNewSizes([{ size: 'S', stock: -1 }])).toMatch(/whole number/);
    expect(validateNewSizes([{ size: 'S', stock: 1.5 }])).toMatch(/whole number/);
    expect(validateNewSizes([{ size: 'S', stock: null }])).toMatch(/whole number/);
    expect(
      validateNewSizes([
        { size: 'S', stock: 1 },
        { size: 's ', stock: 2 },
      ]),
    ).toBe('Size s is named twice');
  });
});

describe('product edit', () => {
  it('adds the entered stock to the chosen size and can add a new size', () => {
    expect(
      buildProductUpdate({
        description: 'Warm',
        isShow: false,
        stockSize: 'M',
        addStock: '4',
        newSize: ' XL ',
        newSizeStock: 2,
      }),
    ).toEqual({
      description: 'Warm',
      isShow: false,
      addStock: [{ size: 'M', quantity: 4 }],
      newSizes: [{ size: 'XL', stock: 2 }],
    });
  });

  it('sends no stock change when nothing is entered', () => {
    expect(
      buildProductUpdate({ description: '', isShow: true, stockSize: 'M', addStock: 0 }),
    ).toEqual({
      description: '',
      isShow: true,
    });
  });

  it('refuses negative stock, stock without a size, and an existing size as new', () => {
    expect(validateProductEdit({ addStock: -2, stockSize: 'M' }, ['M'])).toHaveProperty('addStock');
    expect(validateProductEdit({ addStock: 3 }, ['M'])).toHaveProperty('stockSize');
    expect(validateProductEdit({ newSize: 'm' }, ['M'])).toHaveProperty('newSize');
    expect(validateProductEdit({ stockSize: 'M', addStock: 3, newSize: 'L' }, ['M'])).toEqual({});
  });
});
