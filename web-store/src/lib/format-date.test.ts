import { formatDate } from './format-date';

describe('formatDate', () => {
  it('formats as MM-DD-YYYY hh:mm a', () => {
    expect(formatDate(new Date(2026, 2, 7, 14, 5))).toBe('03-07-2026 02:05 pm');
    expect(formatDate(new Date(2026, 10, 22, 0, 30))).toBe('11-22-2026 12:30 am');
  });

  it('shows a dash for a missing or bad date', () => {
    expect(formatDate(null)).toBe('-');
    expect(formatDate('not a date')).toBe('-');
  });
});
