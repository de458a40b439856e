import { appointmentsEndpoints } from '@localloop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';

export const timeSlotsKeyPrefix = ['appointments', 'slots'] as const;

export function getTimeSlotsQueryOptions(q: { providerId: string; serviceId: string; date: string }) {
  return queryOptions({
    queryKey: [...timeSlotsKeyPrefix, q.providerId, q.serviceId, q.date],
    queryFn: ({ signal }) => call(appointmentsEndpoints.timeSlots, { query: { provider_id: q.providerId, service_id: q.serviceId, for_date: q.date }, signal }),
    // Someone else may book a slot at any moment: a day's slots are fetched again whenever the day is shown again.
    staleTime: 0,
  });
}

/** A provider's free slots for a service on one day of the shop's time zone; nothing until all three are chosen. */
export function useTimeSlots(q: { providerId: string | null; serviceId: string; date: string | null }) {
  const { providerId, date } = q;
  return useQuery({
    ...getTimeSlotsQueryOptions({ providerId: providerId ?? '', serviceId: q.serviceId, date: date ?? '' }),
    enabled: providerId !== null && date !== null,
  });
}
