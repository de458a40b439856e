import { appointmentsEndpoints } from '@localloop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { useAccountId } from '../../../session/auth-context.tsx';

export const favoriteServicesKeyPrefix = ['services', 'favorites'] as const;

export function getFavoriteServicesQueryOptions(viewerId: string) {
  return queryOptions({
    queryKey: [...favoriteServicesKeyPrefix, viewerId],
    queryFn: ({ signal }) => call(appointmentsEndpoints.favoriteServices, { signal }),
  });
}

/** The signed-in user's favorite services that can be booked, most recently added first. */
export function useFavoriteServices() {
  const viewerId = useAccountId();
  return useQuery({ ...getFavoriteServicesQueryOptions(viewerId), enabled: viewerId !== '' });
}
