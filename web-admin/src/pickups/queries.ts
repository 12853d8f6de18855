import { useQuery } from '@tanstack/react-query';
import type { PickupTimes, UpcomingPickups } from '@lr/contracts';
import { CONSOLE_API } from '../dataProvider';
import { httpClient } from '../http';

export const pickupKeys = {
  times: ['pickup-times'] as const,
  upcoming: ['pickups-upcoming'] as const,
  feed: ['calendar-feed'] as const,
};

/** The open dates to choose from at Ready for Pickup, soonest first. */
export function usePickupTimes(enabled = true) {
  return useQuery({
    queryKey: pickupKeys.times,
    enabled,
    queryFn: async () => (await httpClient(`${CONSOLE_API}/pickup-times`)).json as PickupTimes,
  });
}

/** Today's and tomorrow's pickups (the dashboard). */
export function useUpcomingPickups() {
  return useQuery({
    queryKey: pickupKeys.upcoming,
    queryFn: async () =>
      (await httpClient(`${CONSOLE_API}/pickups/upcoming?days=2`)).json as UpcomingPickups,
  });
}
