import {
  clampAdminQuantity,
  commitsStock,
  isProcessDisabled,
  resultingInventory,
  validateProcessing,
  type ProcessLine,
} from './inventory';

const line = (quantity: number, stock: number | undefined): ProcessLine => ({
  name: 'School shoes',
  size: '5',
  requestedQuantity: 3,
  quantity,
  stock,
});

describe('resulting inventory', () => {
  it('is the stock minus the given quantity', () => {
    expect(resultingInventory(line(2, 7))).toBe(5);
    expect(resultingInventory(line(0, 7))).toBe(7);
    expect(resultingInventory(line(5, 3))).toBe(-2);
  });

  it('is unknown when the stock is unknown', () => {
    expect(resultingInventory(line(2, undefined))).toBeUndefined();
  });
});

describe('checking a status change before sending it', () => {
  it('refuses a commit that would drive a size below zero, with the original text', () => {
    expect(validateProcessing('Processing', 'Ready for Pickup', [line(1, 4), line(3, 2)])).toBe(
      'Error: Inventory cannot drop below zero for one or more items!',
    );
  });

  it('allows a commit that leaves every size at zero or more', () => {
    expect(validateProcessing('Processing', 'Printed', [line(2, 2), line(0, 0)])).toBeNull();
  });

  it('does not check stock when the move takes no stock', () => {
    // Printed -> Ready for Pickup moves between committed statuses: stock was already taken.
    expect(validateProcessing('Printed', 'Ready for Pickup', [line(3, 0)])).toBeNull();
    expect(validateProcessing('Delivered', 'Processing', [line(3, 0)])).toBeNull();
  });

  it('leaves unknown stock to the server', () => {
    expect(validateProcessing('Processing', 'Delivered', [line(5, undefined)])).toBeNull();
  });

  it('refuses a quantity outside 0 to 5', () => {
    expect(validateProcessing('Processing', 'Printed', [line(6, 10)])).toMatch(/0 to 5/);
    expect(validateProcessing('Processing', 'Printed', [line(-1, 10)])).toMatch(/0 to 5/);
    expect(validateProcessing('Processing', 'Printed', [line(1.5, 10)])).toMatch(/0 to 5/);
  });

  it('knows which moves commit stock', () => {
    expect(commitsStock('Processing', 'CheckEmail')).toBe(true);
    expect(commitsStock('CheckEmail', 'Delivered')).toBe(false);
    expect(commitsStock('Delivered', 'Processing')).toBe(false);
    expect(commitsStock('Processing', '')).toBe(false);
  });
});

describe('quantity input', () => {
  it('clamps typed values to 0..5 whole numbers', () => {
    expect(clampAdminQuantity(7)).toBe(5);
    expect(clampAdminQuantity(-3)).toBe(0);
    expect(clampAdminQuantity(2.8)).toBe(2);
    expect(clampAdminQuantity(Number.NaN)).toBe(0);
  });
});

describe('Process button', () => {
  it('is disabled with no choice or while saving, enabled otherwise', () => {
    expect(isProcessDisabled('', false)).toBe(true);
    expect(isProcessDisabled(undefined, false)).toBe(true);
    expect(isProcessDisabled('Delivered', true)).toBe(true);
    expect(isProcessDisabled('Delivered', false)).toBe(false);
  });
});
