import { statusColour } from './status-chip';

describe('statusColour', () => {
  it('colours lists: Delivered green, Ready for Pickup blue, others red', () => {
    expect(statusColour('Delivered', 'list')).toBe('green');
    expect(statusColour('Ready for Pickup', 'list')).toBe('blue');
    for (const status of ['Processing', 'Printed', 'CheckEmail', 'Packing'] as const) {
      expect(statusColour(status, 'list')).toBe('red');
    }
  });

  it('shows Ready for Pickup yellow on the details page', () => {
    expect(statusColour('Ready for Pickup', 'details')).toBe('yellow');
    expect(statusColour('Delivered', 'details')).toBe('green');
  });
});
