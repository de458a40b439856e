import { appointmentsEndpoints } from '@localloop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { useAccountId } from '../../../session/auth-context.tsx';

export const myAppointmentsKeyPrefix = ['appointments', 'mine'] as const;
export type BookingsTab = 'upcoming' | 'past';

export function getMyAppointmentsQueryOptions(viewerId: string, when: BookingsTab) {
  return queryOptions({
    queryKey: [...myAppointmentsKeyPrefix, viewerId, when],
    queryFn: ({ signal }) => call(appointmentsEndpoints.myAppointments, { query: { when, page_size: 50 }, signal }),
  });
}

/** The signed-in person's bookings: upcoming (soonest first) or past (latest first). */
export function useMyAppointments(when: BookingsTab) {
  const viewerId = useAccountId();
  return useQuery({ ...getMyAppointmentsQueryOptions(viewerId, when), enabled: viewerId !== '' });
}
