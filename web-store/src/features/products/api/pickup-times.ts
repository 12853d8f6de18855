import { useQuery } from '@tanstack/react-query';
import type { PickupTimes } from '@lr/contracts';
import { apiFetch } from '../../../lib/api';

/** The charity's weekly pickup times (signed-in callers). */
export function usePickupTimes(enabled: boolean) {
  return useQuery({
    queryKey: ['pickup-times'],
    enabled,
    queryFn: async () =>
      (await apiFetch<{ success: true; pickupTimes: PickupTimes }>('/api/v1/pickup-times'))
        .pickupTimes,
  });
}
