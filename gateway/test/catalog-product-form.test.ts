/** How the old client's product forms are read (unit tests: no services needed). */
import { AppError } from '@lr/contracts';
import { formBoolean, readSizes } from '../src/api/catalog/product-form.js';
import { placeholderSvg } from '../src/api/catalog/placeholder.controller.js';

describe('product forms', () => {
  it('reads sizes as JSON, a JSON string, repeated JSON strings or parallel ProductSize/Stock lists', () => {
    const expected = [
      { size: 'S', stock: 2 },
      { size: 'M', stock: 0 },
    ];
    expect(readSizes({ ProductSize: expected })).toEqual(expected);
    expect(readSizes({ ProductSize: JSON.stringify(expected) })).toEqual(expected);
    expect(
      readSizes({ ProductSize: ['{"size":"S","stock":"2"}', '{"size":"M","stock":"0"}'] }),
    ).toEqual(expected);
    expect(readSizes({ ProductSize: ['S', 'M'], Stock: ['2', '0'] })).toEqual(expected);
    expect(readSizes({ ProductSize: 'S', Stock: '2' })).toEqual([{ size: 'S', stock: 2 }]);
    // Non-numbers stay as they are for the schema to refuse with a message naming the field.
    expect(readSizes({ ProductSize: ['S'], Stock: ['lots'] })).toEqual([
      { size: 'S', stock: 'lots' },
    ]);
    expect(readSizes({})).toBeUndefined();
    expect(() => readSizes({ ProductSize: '[{"size":' })).toThrow(AppError);
  });

  it('reads booleans as forms send them and refuses anything else', () => {
    expect(formBoolean('true', 'isShow')).toBe(true);
    expect(formBoolean('on', 'isShow')).toBe(true);
    expect(formBoolean('false', 'isShow')).toBe(false);
    expect(formBoolean(['false', 'true'], 'isShow')).toBe(true);
    expect(formBoolean(undefined, 'isShow')).toBeUndefined();
    expect(() => formBoolean('maybe', 'isShow')).toThrow('isShow');
  });

  it('draws a placeholder naming the category, and a neutral one otherwise', () => {
    expect(placeholderSvg('sports')).toContain('>Sports<');
    expect(placeholderSvg('sports')).toContain('<svg');
    expect(placeholderSvg('unknown')).toContain('>Item<');
  });
});
