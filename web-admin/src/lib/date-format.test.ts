import { formatDateTime, formatDay } from './date-format';

describe('MM-DD-YYYY hh:mm a', () => {
  it('formats morning, afternoon, noon and midnight', () => {
    expect(formatDateTime(new Date(2026, 0, 5, 9, 7))).toBe('01-05-2026 09:07 am');
    expect(formatDateTime(new Date(2026, 10, 22, 15, 30))).toBe('11-22-2026 03:30 pm');
    expect(formatDateTime(new Date(2026, 11, 31, 12, 0))).toBe('12-31-2026 12:00 pm');
    expect(formatDateTime(new Date(2026, 1, 1, 0, 45))).toBe('02-01-2026 12:45 am');
  });

  it('gives an empty text for no or bad dates', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('MM-DD-YYYY days', () => {
  it('rearranges a YYYY-MM-DD day as written, whatever the time zone', () => {
    expect(formatDay('2026-11-26')).toBe('11-26-2026');
    expect(formatDay('2026-01-05T00:00:00.000Z')).toBe('01-05-2026');
    expect(formatDay(new Date(2026, 1, 3))).toBe('02-03-2026');
    expect(formatDay('')).toBe('');
    expect(formatDay('soon')).toBe('');
  });
});
