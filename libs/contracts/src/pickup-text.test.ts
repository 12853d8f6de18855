import { pickupText } from './pickup-text.js';

describe('pickupText', () => {
  it("shows a slot in the charity's time zone, whatever the browser's", () => {
    expect(
      pickupText({
        kind: 'slot',
        slotId: '6f1d3a52-3c1e-4f0b-9a3e-2b7f0c1d2e01',
        date: '2026-12-01',
        start: '2026-12-01T22:00:00.000Z',
        end: '2026-12-02T00:00:00.000Z',
        timeZone: 'America/Los_Angeles',
      }),
    ).toBe('Pickup Tuesday, December 1, 2026, 2:00 PM-4:00 PM');
  });

  it('shows a delivery day', () => {
    expect(pickupText({ kind: 'delivery', date: '2027-01-04' })).toBe(
      'Delivery on Monday, January 4, 2027',
    );
  });
});
