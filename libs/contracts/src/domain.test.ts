import {
  allowedTransitions,
  inventoryEffectOf,
  isReservedLoginId,
  statusShownToSchool,
} from './domain.js';

describe('order status rules', () => {
  it("offers the original table's choices plus Ready for Pickup -> Delivered, Packing -> Processing and a way into Packing", () => {
    expect(allowedTransitions('Processing')).toEqual([
      'CheckEmail',
      'Printed',
      'Packing',
      'Ready for Pickup',
      'Delivered',
    ]);
    expect(allowedTransitions('Printed')).toEqual([
      'Packing',
      'Ready for Pickup',
      'Delivered',
      'Processing',
    ]);
    expect(allowedTransitions('CheckEmail')).toEqual([
      'Packing',
      'Ready for Pickup',
      'Delivered',
      'Processing',
    ]);
    expect(allowedTransitions('Packing')).toEqual(['Ready for Pickup', 'Delivered', 'Processing']);
    expect(allowedTransitions('Ready for Pickup')).toEqual(['Delivered', 'Processing']);
    expect(allowedTransitions('Delivered')).toEqual(['Processing']);
  });

  it('commits on leaving Processing, releases on returning, nothing between committed statuses', () => {
    expect(inventoryEffectOf('Processing', 'Printed')).toBe('commit');
    expect(inventoryEffectOf('Printed', 'Ready for Pickup')).toBe('none');
    expect(inventoryEffectOf('Ready for Pickup', 'Delivered')).toBe('none');
    expect(inventoryEffectOf('Ready for Pickup', 'Processing')).toBe('release');
    expect(inventoryEffectOf('Packing', 'Processing')).toBe('release');
    expect(inventoryEffectOf('Processing', 'Packing')).toBe('commit');
    expect(inventoryEffectOf('Printed', 'Packing')).toBe('none');
  });

  it('shows Printed to the school as Processing', () => {
    expect(statusShownToSchool('Printed')).toBe('Processing');
    expect(statusShownToSchool('Delivered')).toBe('Delivered');
  });

  it('recognises reserved login ids case-insensitively', () => {
    expect(isReservedLoginId('test user')).toBe(true);
    expect(isReservedLoginId('Lincoln High')).toBe(false);
  });
});
