import { statusChoicesFor } from './transitions';

// The original status table with the two moves docs/adr/0034-ready-for-pickup-to-delivered.md adds (Ready for Pickup ->
// Delivered, Packing -> Processing), written out here so a change to the shared table is caught.
const SPEC_TABLE: Record<string, string[]> = {
  Processing: ['CheckEmail', 'Printed', 'Ready for Pickup', 'Delivered'],
  Printed: ['Ready for Pickup', 'Delivered', 'Processing'],
  CheckEmail: ['Ready for Pickup', 'Delivered', 'Processing'],
  Packing: ['Ready for Pickup', 'Delivered', 'Processing'],
  'Ready for Pickup': ['Delivered', 'Processing'],
  Delivered: ['Processing'],
};

describe('status choices of the Choose Category dropdown', () => {
  it.each(Object.entries(SPEC_TABLE))(
    'offers exactly the ORDER_TRANSITIONS choices for %s',
    (current, expected) => {
      expect(statusChoicesFor(current).map((choice) => choice.id)).toEqual(expected);
    },
  );

  it('never offers the current status itself', () => {
    for (const current of Object.keys(SPEC_TABLE)) {
      expect(statusChoicesFor(current).map((c) => c.id)).not.toContain(current);
    }
  });

  it('offers nothing for an unknown status', () => {
    expect(statusChoicesFor('Shipped')).toEqual([]);
    expect(statusChoicesFor(undefined)).toEqual([]);
  });
});
