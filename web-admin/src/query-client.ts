import { QueryClient } from '@tanstack/react-query';

const MAX_RETRIES = 3;

/**
 * Whether react-query should ask again. A 4xx answer is the server's final word (401: show the login
 * form; 403: not allowed; 404: gone): asking again only delays what the admin must see, so only
 * network failures and 5xx answers are retried.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: shouldRetry } } });
}
