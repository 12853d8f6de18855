/** Order numbers and ids as typed by people and by the old client (unit tests). */
import { formatOrderNumber, isUuid, parseOrderNumber } from './order-number.js';

describe('order numbers', () => {
  it('formats and parses LR-000123', () => {
    expect(formatOrderNumber(123)).toBe('LR-000123');
    expect(formatOrderNumber(1234567)).toBe('LR-1234567');
    expect(parseOrderNumber('LR-000123')).toBe(123);
    expect(parseOrderNumber('lr123')).toBe(123);
    expect(parseOrderNumber(' 123 ')).toBe(123);
    expect(parseOrderNumber('LR-0')).toBeNull();
    expect(parseOrderNumber('S-123_9_Male')).toBeNull();
    expect(isUuid('3f1c2b7e-8d4a-4c1e-9f2a-0b1c2d3e4f5a')).toBe(true);
    expect(isUuid("1' OR '1'='1")).toBe(false);
  });
});
