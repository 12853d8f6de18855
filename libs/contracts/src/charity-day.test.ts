import { dayIn } from './charity-day.js';

describe('dayIn', () => {
  it("is the zone's calendar day, not UTC's", () => {
    const evening = new Date('2026-11-27T01:30:00Z');
    expect(dayIn('America/Los_Angeles', evening)).toBe('2026-11-26');
    expect(dayIn('UTC', evening)).toBe('2026-11-27');
    expect(dayIn('Pacific/Auckland', new Date('2026-11-26T12:00:00Z'))).toBe('2026-11-27');
  });

  it('pads month and day', () => {
    expect(dayIn('UTC', new Date('2026-03-05T10:00:00Z'))).toBe('2026-03-05');
  });
});
