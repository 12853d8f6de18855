import { useQuery } from '@tanstack/react-query';
import { dayIn, type PickupTimes, type UpcomingPickups } from '@lr/contracts';
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

/**
 * Today in the charity's time zone, the day the server goes by (when a notice shows, which pickup
 * dates are open); undefined until the zone is known. Should the request fail, the browser's own
 * day is the best guess left.
 */
export function useCharityToday(): string | undefined {
  const { data, isError } = usePickupTimes();
  if (data) return dayIn(data.timeZone, new Date());
  if (isError) return dayIn(Intl.DateTimeFormat().resolvedOptions().timeZone, new Date());
  return undefined;
}

/** Today's and tomorrow's pickups (the dashboard). */
export function useUpcomingPickups() {
  return useQuery({
    queryKey: pickupKeys.upcoming,
    queryFn: async () =>
      (await httpClient(`${CONSOLE_API}/pickups/upcoming?days=2`)).json as UpcomingPickups,
  });
}
