import { MAX_SLOW_DOWN_MS, slowDownMs } from './slow-down.js';

describe('slowDownMs', () => {
  it('costs nothing up to the free failures', () => {
    expect(slowDownMs(0, 10, 250)).toBe(0);
    expect(slowDownMs(10, 10, 250)).toBe(0);
  });

  it('grows by one step per failure past them', () => {
    expect(slowDownMs(11, 10, 250)).toBe(250);
    expect(slowDownMs(14, 10, 250)).toBe(1000);
  });

  it('stays bounded, so a shared address is slowed, never shut out', () => {
    expect(slowDownMs(199, 10, 250)).toBe(MAX_SLOW_DOWN_MS);
    expect(MAX_SLOW_DOWN_MS).toBeLessThanOrEqual(3000);
  });

  it('is off with a step of 0', () => {
    expect(slowDownMs(100, 10, 0)).toBe(0);
  });
});
