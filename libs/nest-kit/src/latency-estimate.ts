/**
 * How long calls on one subject take to be answered, smoothed as TCP smooths a round trip (RFC
 * 6298: mean and mean deviation, gains 1/8 and 1/4). RpcClient waits at least that long, plus four
 * deviations, before sending a call again: a replica that is merely slow (the machine is loaded)
 * is given the time it needs now, and a resend, which would only add work, goes out when the reply
 * is late for how things are, not for how they were on an idle day.
 */
export class LatencyEstimate {
  private smoothed: number | undefined;
  private deviation = 0;

  /** One reply's latency (ms), measured on the attempt it answered. */
  observe(ms: number): void {
    if (this.smoothed === undefined) {
      this.smoothed = ms;
      this.deviation = ms / 2;
      return;
    }
    this.deviation = 0.75 * this.deviation + 0.25 * Math.abs(this.smoothed - ms);
    this.smoothed = 0.875 * this.smoothed + 0.125 * ms;
  }

  /**
   * How long a first attempt should wait before another goes out: the usual reply time plus four
   * deviations, at least `floorMs` (the configured attempt timeout) and at most `ceilingMs` (so a
   * resend still has time to be answered within the call's deadline).
   */
  waitMs(floorMs: number, ceilingMs: number): number {
    const usual = this.smoothed === undefined ? 0 : this.smoothed + 4 * this.deviation;
    return Math.max(floorMs, Math.min(ceilingMs, usual));
  }
}
