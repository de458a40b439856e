import { appointmentsEndpoints } from '@localloop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { useAccountId } from '../../../session/auth-context.tsx';

export const serviceKeyPrefix = ['services', 'detail'] as const;

export function getServiceQueryOptions(serviceId: string, viewerId: string) {
  return queryOptions({
    queryKey: [...serviceKeyPrefix, serviceId, viewerId],
    queryFn: ({ signal }) => call(appointmentsEndpoints.getService, { params: { id: serviceId }, signal }),
  });
}

/** One service with its shop, providers and pictures; `is_favorite` is the viewer's. */
export function useService(serviceId: string) {
  const viewerId = useAccountId();
  return useQuery(getServiceQueryOptions(serviceId, viewerId));
}
