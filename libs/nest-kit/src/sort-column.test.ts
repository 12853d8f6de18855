import { AppError } from '@lr/contracts';
import { sortColumn } from './sort-column.js';

describe('sortColumn', () => {
  const columns = { name: 'lower(name)', createdAt: 'created_at' };

  it('gives the column of a known field, and the fallback when none is asked', () => {
    expect(sortColumn(columns, { field: 'createdAt' }, 'name')).toBe('created_at');
    expect(sortColumn(columns, null, 'name')).toBe('lower(name)');
  });

  it.each(['__proto__', 'constructor', 'hasOwnProperty', 'valueOf', 'price'])(
    'refuses %s with a 400 naming the fields it sorts by, never reading the prototype',
    (field) => {
      let thrown: unknown;
      try {
        sortColumn(columns, { field }, 'name');
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(AppError);
      expect((thrown as AppError).code).toBe('BAD_REQUEST');
      expect((thrown as AppError).message).toContain('sort by one of: name, createdAt');
    },
  );
});
