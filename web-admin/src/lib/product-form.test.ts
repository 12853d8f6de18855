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
      fairMarketValue: null,
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
      fairMarketValue: null,
    });
  });

  it('sends the fair-market value as typed, blank as none, and refuses anything but money', () => {
    expect(buildProductUpdate({ fairMarketValue: ' 12.50 ' }).fairMarketValue).toBe('12.50');
    expect(buildProductUpdate({ fairMarketValue: '' }).fairMarketValue).toBeNull();
    for (const bad of ['-1', '1.234', '12,50', 'ten']) {
      expect(validateProductEdit({ fairMarketValue: bad }, [])).toHaveProperty('fairMarketValue');
    }
    expect(validateProductEdit({ fairMarketValue: '7' }, [])).toEqual({});
  });

  it('refuses negative stock, stock without a size, and an existing size as new', () => {
    expect(validateProductEdit({ addStock: -2, stockSize: 'M' }, ['M'])).toHaveProperty('addStock');
    expect(validateProductEdit({ addStock: 3 }, ['M'])).toHaveProperty('stockSize');
    expect(validateProductEdit({ newSize: 'm' }, ['M'])).toHaveProperty('newSize');
    expect(validateProductEdit({ stockSize: 'M', addStock: 3, newSize: 'L' }, ['M'])).toEqual({});
  });
});

describe('low-stock thresholds on the edit form', () => {
  it("sends the product's threshold and each size's own (blank: the product's applies)", () => {
    const body = buildProductUpdate({
      lowStockThreshold: '3',
      ProductSize: [
        { size: 'S', lowStockThreshold: 1 },
        { size: 'M', lowStockThreshold: '' },
        { size: 'L' },
      ],
    });
    expect(body.lowStockThreshold).toBe(3);
    expect(body.sizeLowStock).toEqual([
      { size: 'S', threshold: 1 },
      { size: 'M', threshold: null },
      { size: 'L', threshold: null },
    ]);
  });

  it('refuses a threshold that is not a whole number from 0 to 10,000', () => {
    expect(validateProductEdit({ lowStockThreshold: -1 }, [])).toHaveProperty('lowStockThreshold');
    expect(
      validateProductEdit({ ProductSize: [{ size: 'S', lowStockThreshold: 2.5 }] }, ['S']),
    ).toHaveProperty(['ProductSize.0.lowStockThreshold']);
    expect(validateProductEdit({ lowStockThreshold: 10_001 }, [])).toHaveProperty(
      'lowStockThreshold',
    );
    expect(
      validateProductEdit({ lowStockThreshold: 4, ProductSize: [{ size: 'S' }] }, ['S']),
    ).toEqual({});
  });
});
