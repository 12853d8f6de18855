import { statusChoicesFor } from './transitions';

// The original table with the moves the decisions add (Ready for Pickup -> Delivered, Packing ->
// Processing, and Processing/CheckEmail/Printed -> Packing: docs/adr/0151-packing-is-reachable.md),
// written out here so a change to the shared table is caught.
const SPEC_TABLE: Record<string, string[]> = {
  Processing: ['CheckEmail', 'Printed', 'Packing', 'Ready for Pickup', 'Delivered'],
  Printed: ['Packing', 'Ready for Pickup', 'Delivered', 'Processing'],
  CheckEmail: ['Packing', 'Ready for Pickup', 'Delivered', 'Processing'],
  Packing: ['Ready for Pickup', 'Delivered', 'Processing'],
  'Ready for Pickup': ['Delivered', 'Processing'],
  Delivered: ['Processing'],
};

describe('status choices of the New status dropdown', () => {
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
