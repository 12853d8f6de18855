/** The reply-time estimate that sets how long a first attempt waits before a resend. */
import { LatencyEstimate } from './latency-estimate.js';

describe('latency estimate', () => {
  it('waits the floor until it knows better, and never past the ceiling', () => {
    const estimate = new LatencyEstimate();
    expect(estimate.waitMs(1000, 3000)).toBe(1000);
    for (let i = 0; i < 20; i += 1) estimate.observe(20);
    // Fast, steady replies: the configured floor still applies.
    expect(estimate.waitMs(1000, 3000)).toBe(1000);
    for (let i = 0; i < 50; i += 1) estimate.observe(10_000);
    expect(estimate.waitMs(1000, 3000)).toBe(3000);
  });

  it('follows replies that slow down and spread, as the machine gets loaded', () => {
    const estimate = new LatencyEstimate();
    estimate.observe(100);
    // First sample: the mean is it, the deviation half of it: 100 + 4 * 50.
    expect(estimate.waitMs(0, 10_000)).toBe(300);
    for (const ms of [800, 1200, 900, 1500, 1100, 1300, 1000, 1400]) estimate.observe(ms);
    const loaded = estimate.waitMs(1000, 10_000);
    expect(loaded).toBeGreaterThan(1500);
    expect(loaded).toBeLessThan(4000);
    // Calm again: the wait comes back down towards the floor.
    for (let i = 0; i < 60; i += 1) estimate.observe(30);
    expect(estimate.waitMs(1000, 10_000)).toBe(1000);
  });
});
