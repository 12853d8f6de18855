/** UploadAllowance on its own: the sliding minute per account and the 429's retry delay. */
import { AppError } from '@lr/contracts';
import { UploadAllowance } from './upload-allowance.js';

let clock = 1_000_000;
const now = () => clock;

function refusal(action: () => void): AppError {
  try {
    action();
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a refusal');
}

describe('UploadAllowance', () => {
  it('allows the configured images per minute per account, then 429 until the oldest leave', () => {
    const allowance = new UploadAllowance(3, now);
    allowance.take('a', 1);
    clock += 10_000;
    allowance.take('a', 2);
    // Another account has its own allowance.
    allowance.take('b', 3);
    const refused = refusal(() => allowance.take('a', 1));
    expect(refused).toBeInstanceOf(AppError);
    expect(refused.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.message).toMatch(/at most 3 images per minute/);
    // The first upload leaves the window 50 seconds from now.
    expect(refused.details).toEqual({ retryAfterSeconds: 50 });
    clock += 50_000;
    allowance.take('a', 1);
    expect(() => allowance.take('a', 1)).toThrow(AppError);
  });

  it('counts nothing for a refused request, and refuses more images than a minute allows', () => {
    const allowance = new UploadAllowance(3, now);
    allowance.take('c', 2);
    expect(() => allowance.take('c', 2)).toThrow(AppError);
    allowance.take('c', 1);
    expect(refusal(() => allowance.take('d', 4)).details).toEqual({ retryAfterSeconds: 60 });
  });

  it('is off at 0', () => {
    const allowance = new UploadAllowance(0, now);
    for (let i = 0; i < 100; i += 1) allowance.take('e', 6);
  });
});
