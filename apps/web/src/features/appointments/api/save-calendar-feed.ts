import { appointmentsEndpoints } from '@localloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { calendarFeedsKeyPrefix } from './get-calendar-feeds.ts';

/** Makes a calendar link for the shop (providerId null) or one provider; the server turns off the one it replaces. */
export function useMakeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (providerId: string | null) => call(appointmentsEndpoints.createCalendarFeed, { body: { provider_id: providerId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarFeedsKeyPrefix }),
  });
}

/** Turns a calendar link off: calendars subscribed to it stop getting bookings. */
export function useTurnOffCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (feedId: string) => call(appointmentsEndpoints.deleteCalendarFeed, { params: { id: feedId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarFeedsKeyPrefix }),
  });
}
