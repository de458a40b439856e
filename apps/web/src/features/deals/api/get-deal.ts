import { dealsEndpoints } from '@localloop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, earlyAnswer } from '../../../api/client.ts';
import { useAccountId } from '../../../session/auth-context.tsx';
import { nearQueryKey, useUserLocation } from '../../../session/user-location.ts';
import type { StoredLocation } from '../../../session/user-location.ts';
import { dealDetailsQuery } from './deal-queries.ts';

/** Under ['near']: the distance depends on the location, so a new location refetches it. */
export const dealKeyPrefix = ['near', 'deals', 'detail'] as const;

export function getDealQueryOptions(dealId: string, location: StoredLocation, viewerId: string) {
  // The spec's request: the deal's uuid and a location object, as JSON.
  const request = { params: { deal_uuid: dealId }, query: dealDetailsQuery(location) };
  return queryOptions({
    queryKey: nearQueryKey(location, 'deals', 'detail', dealId, viewerId),
    queryFn: ({ signal }) => call(dealsEndpoints.dealDetails, { ...request, signal }),
    // A visitor's deal page: the boot script's answer, when it is in by the first render.
    initialData: () => earlyAnswer(dealsEndpoints.dealDetails, request),
  });
}

/** One deal with its pictures, state, stock and distance; for a signed-in caller also what they may still buy. */
export function useDeal(dealId: string, enabled = true) {
  const location = useUserLocation();
  const viewerId = useAccountId();
  return useQuery({ ...getDealQueryOptions(dealId, location, viewerId), enabled });
}
