/** Order numbers as typed by people and by the old client (unit tests). */
import { formatOrderNumber, parseOrderNumber } from './order-number.js';

describe('order numbers', () => {
  it('formats and parses LR-000123', () => {
    expect(formatOrderNumber(123)).toBe('LR-000123');
    expect(formatOrderNumber(1234567)).toBe('LR-1234567');
    expect(parseOrderNumber('LR-000123')).toBe(123);
    expect(parseOrderNumber('lr123')).toBe(123);
    expect(parseOrderNumber(' 123 ')).toBe(123);
    expect(parseOrderNumber('LR-0')).toBeNull();
    expect(parseOrderNumber('S-123_9_Male')).toBeNull();
  });
});
