/**
 * How many resends one subject may send, so that resending cannot turn an overloaded service into a
 * collapsed one. A resend is meant for a call whose replica or NATS node died; but a service that
 * is merely overloaded also answers late, and resending to it doubles its work just when it has
 * none to spare (its queue grows, more calls are late, more are resent). A retry budget (as gRPC's
 * retry throttling) bounds that: each resend spends a token; each answered call earns back a
 * fraction of one, up to a full bucket. A replica's death spends some of the bucket once; a
 * lasting overload can only ever add that fraction of its answered calls as resends.
 */
export class ResendBudget {
  private tokens: number;

  constructor(
    /** Resends allowed at once (in-flight calls of a dying replica are resent together). */
    private readonly capacity = 50,
    /** Earned back per answered call: sustained resends stay below this share of the calls. */
    private readonly earnedPerAnswer = 0.1,
  ) {
    this.tokens = capacity;
  }

  /** Takes a token for one resend; false when none is left (the call keeps waiting instead). */
  trySpend(): boolean {
    // Tenths add up to a hair under one in binary floating point; ten answers still earn a resend.
    if (this.tokens < 1 - 1e-9) return false;
    this.tokens = Math.max(0, this.tokens - 1);
    return true;
  }

  /** A call on this subject was answered. */
  earn(): void {
    this.tokens = Math.min(this.capacity, this.tokens + this.earnedPerAnswer);
  }
}
