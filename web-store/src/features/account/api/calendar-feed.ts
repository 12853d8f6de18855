import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

const feedKey = ['calendar-feed'] as const;
type FeedReply = { success: true; feed: { token: string } };

export function feedUrl(token: string): string {
  return `${window.location.origin}/api/v1/calendar/${token}/pickups.ics`;
}

/** The school's private feed address (made on first ask). */
export function useCalendarFeed(enabled: boolean) {
  return useQuery({
    queryKey: feedKey,
    enabled,
    queryFn: async () => (await apiFetch<FeedReply>('/api/v1/me/calendar-feed')).feed.token,
  });
}

/** A new address; calendars on the old one stop updating. */
export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiFetch<FeedReply>('/api/v1/me/calendar-feed/reset', { method: 'POST' })).feed.token,
    onSuccess: (token) => queryClient.setQueryData(feedKey, token),
  });
}
