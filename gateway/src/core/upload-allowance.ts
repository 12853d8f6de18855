/**
 * How many images one account may upload per minute (IMAGE_UPLOADS_PER_MINUTE), over a sliding
 * minute. Every upload path asks it before any image is looked at, so one account (or one stolen
 * session) cannot keep the image queue full for everyone. Kept in memory per gateway process: with
 * several replicas an account gets the allowance of each replica it reaches, which still bounds it.
 */
import { AppError } from '@lr/contracts';

const WINDOW_MS = 60_000;
/** Above this many tracked accounts, every account's expired entries are swept on the next call. */
const SWEEP_ABOVE = 1000;

export class UploadAllowance {
  /** Per account, the times of its uploads in the last minute, oldest first. */
  private readonly recent = new Map<string, number[]>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts `count` images for the account, or throws 429 with `retryAfterSeconds` (counting nothing)
   * when they would exceed the allowance.
   */
  take(accountId: string, count: number): void {
    if (this.perMinute === 0 || count === 0) return;
    const now = this.now();
    if (this.recent.size > SWEEP_ABOVE) this.sweep(now);
    const times = (this.recent.get(accountId) ?? []).filter((t) => t > now - WINDOW_MS);
    if (times.length + count > this.perMinute) {
      this.recent.set(accountId, times);
      throw this.refusal(times, count, now);
    }
    for (let i = 0; i < count; i += 1) times.push(now);
    this.recent.set(accountId, times);
  }

  private refusal(times: number[], count: number, now: number): AppError {
    // The upload fits once enough of the oldest entries have left the window.
    const mustLeave = times.length + count - this.perMinute;
    const freedAt = count > this.perMinute ? now + WINDOW_MS : times[mustLeave - 1]! + WINDOW_MS;
    const retryAfterSeconds = Math.max(1, Math.ceil((freedAt - now) / 1000));
    return new AppError(
      'TOO_MANY_REQUESTS',
      `Too many image uploads: at most ${this.perMinute} images per minute per account; try again in ${retryAfterSeconds} seconds`,
      { retryAfterSeconds },
    );
  }

  private sweep(now: number): void {
    for (const [account, times] of this.recent) {
      if (times.every((t) => t <= now - WINDOW_MS)) this.recent.delete(account);
    }
  }
}
