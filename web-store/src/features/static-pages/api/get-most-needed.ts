import { useQuery } from '@tanstack/react-query';
import type { MostNeededResponse } from '@lr/contracts';
import { apiFetch } from '../../../lib/api';
import { mostNeededKeys } from '../../../lib/query-keys';

/** What the charity is short of: kinds and sizes, no counts (GET /api/v1/most-needed, public). */
export function getMostNeeded(): Promise<MostNeededResponse> {
  return apiFetch<MostNeededResponse>('/api/v1/most-needed');
}

export function useMostNeeded() {
  // The server caches the list too; a visitor need not ask again while on the page.
  return useQuery({ queryKey: mostNeededKeys.all, queryFn: getMostNeeded, staleTime: 10 * 60_000 });
}
