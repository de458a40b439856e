import { appointmentsEndpoints } from '@localloop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { useAccountId } from '../../../session/auth-context.tsx';

export const myServicesKeyPrefix = ['services', 'mine'] as const;

export function getMyServicesQueryOptions(viewerId: string) {
  return queryOptions({
    queryKey: [...myServicesKeyPrefix, viewerId],
    queryFn: ({ signal }) => call(appointmentsEndpoints.myServices, { query: { page_size: 50 }, signal }),
  });
}

/** The signed-in vendor's services, active or not, newest first. */
export function useMyServices() {
  const viewerId = useAccountId();
  return useQuery({ ...getMyServicesQueryOptions(viewerId), enabled: viewerId !== '' });
}
