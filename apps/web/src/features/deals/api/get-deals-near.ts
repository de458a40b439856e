import { dealsEndpoints, vendorCategories } from '@localloop/contract';
import type { VendorCategory } from '@localloop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, earlyAnswer } from '../../../api/client.ts';
import { useAccountId } from '../../../session/auth-context.tsx';
import { nearQueryKey, useUserLocation } from '../../../session/user-location.ts';
import type { StoredLocation } from '../../../session/user-location.ts';
import { dealListQuery } from './deal-queries.ts';
import type { DealFilters } from './deal-queries.ts';

export { dealPageSize, dealRadiusOptionsKm, defaultDealFilters } from './deal-queries.ts';
export type { DealFilters, DealSort } from './deal-queries.ts';

/** Under ['near'], so a change of location refetches the lists (session/user-location.ts). */
export const dealListKeyPrefix = ['near', 'deals', 'list'] as const;

export function isDealCategory(value: string | null): value is VendorCategory {
  return value !== null && (vendorCategories as readonly string[]).includes(value);
}

export function getDealsNearQueryOptions(location: StoredLocation, viewerId: string, filters: DealFilters) {
  const request = { query: dealListQuery(location, filters) };
  return queryOptions({
    queryKey: nearQueryKey(location, 'deals', 'list', viewerId, filters),
    queryFn: ({ signal }) => call(dealsEndpoints.dealList, { ...request, signal }),
    // A visitor's /PopularDeals: the boot script's answer, when it is in by the first render.
    initialData: () => earlyAnswer(dealsEndpoints.dealList, request),
  });
}

/** One page of the deals on sale near the chosen location (New York when none is chosen), nearest or most sold first. */
export function useDealsNear(filters: DealFilters) {
  const location = useUserLocation();
  const viewerId = useAccountId();
  return useQuery({ ...getDealsNearQueryOptions(location, viewerId, filters), placeholderData: keepPreviousData });
}
