/**
 * The 429 of a sliding-window limit (failed logins, reset requests): when the oldest counted
 * attempt leaves the window, the caller may try again; the gateway turns `retryAfterSeconds` into
 * a Retry-After header.
 */
import { AppError } from '@lr/contracts';

export function retryLater(what: string, oldest: Date | null, windowMinutes: number): AppError {
  const freeAt = (oldest?.getTime() ?? Date.now()) + windowMinutes * 60_000;
  const retryAfterSeconds = Math.max(1, Math.ceil((freeAt - Date.now()) / 1000));
  return new AppError(
    'TOO_MANY_REQUESTS',
    `Too many ${what}; try again in ${retryAfterSeconds} seconds`,
    { retryAfterSeconds },
  );
}
