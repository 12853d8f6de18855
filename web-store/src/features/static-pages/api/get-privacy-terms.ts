import { useQuery } from '@tanstack/react-query';
import type { PrivacyTerms } from '@lr/contracts';
import { apiFetch } from '../../../lib/api';
import { privacyKeys } from '../../../lib/query-keys';

/** What the server keeps and for how long, and whom to ask (GET /api/v1/privacy, public). */
export async function getPrivacyTerms(): Promise<PrivacyTerms> {
  return (await apiFetch<{ privacy: PrivacyTerms }>('/api/v1/privacy')).privacy;
}

export function usePrivacyTerms() {
  return useQuery({ queryKey: privacyKeys.terms, queryFn: getPrivacyTerms });
}
