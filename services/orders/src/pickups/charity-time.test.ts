import { addDays, dayIn, instantOf, isoWeekday, isKnownTimeZone } from './charity-time.js';

describe('charity time', () => {
  it('turns a wall-clock time into its instant, daylight saving included', () => {
    // Pacific: UTC-8 in winter, UTC-7 in summer.
    expect(instantOf('America/Los_Angeles', '2026-12-01', '14:00').toISOString()).toBe(
      '2026-12-01T22:00:00.000Z',
    );
    expect(instantOf('America/Los_Angeles', '2026-07-07', '14:00').toISOString()).toBe(
      '2026-07-07T21:00:00.000Z',
    );
    // The day the clocks go forward (8 March 2026): 08:00 is already summer time.
    expect(instantOf('America/Los_Angeles', '2026-03-08', '08:00').toISOString()).toBe(
      '2026-03-08T15:00:00.000Z',
    );
    expect(instantOf('Europe/London', '2026-06-01', '09:30').toISOString()).toBe(
      '2026-06-01T08:30:00.000Z',
    );
  });

  it("knows the charity's day, weekdays and date arithmetic", () => {
    // 03:00 UTC on 2 December is still 1 December in California.
    expect(dayIn('America/Los_Angeles', new Date('2026-12-02T03:00:00Z'))).toBe('2026-12-01');
    expect(isoWeekday('2026-12-01')).toBe(2);
    expect(isoWeekday('2026-12-06')).toBe(7);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(isKnownTimeZone('America/Los_Angeles')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
  });
});
