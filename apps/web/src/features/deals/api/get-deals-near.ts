import { endpoints, vendorCategories } from '@localloop/contract';
import type { VendorCategory } from '@localloop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { useAccountId } from '../../../session/auth-context.tsx';
import { nearQueryKey, useUserLocation } from '../../../session/user-location.ts';
import type { StoredLocation } from '../../../session/user-location.ts';

export type DealSort = 'distance' | 'popularity';

export type DealFilters = {
  q: string;
  category: VendorCategory | null;
  sort: DealSort;
  radiusKm: number;
  page: number;
};

export const dealRadiusOptionsKm = [5, 10, 25, 50, 100] as const;
export const defaultDealFilters: DealFilters = { q: '', category: null, sort: 'distance', radiusKm: 25, page: 1 };
export const dealPageSize = 12;

/** Under ['near'], so a change of location refetches the lists (session/user-location.ts). */
export const dealListKeyPrefix = ['near', 'deals', 'list'] as const;

export function isDealCategory(value: string | null): value is VendorCategory {
  return value !== null && (vendorCategories as readonly string[]).includes(value);
}

export function getDealsNearQueryOptions(location: StoredLocation, viewerId: string, filters: DealFilters) {
  return queryOptions({
    queryKey: nearQueryKey(location, 'deals', 'list', viewerId, filters),
    queryFn: ({ signal }) =>
      call(endpoints.dealList, {
        query: {
          lat: location.latitude,
          lng: location.longitude,
          radius_km: filters.radiusKm,
          sort: filters.sort,
          category: filters.category ?? undefined,
          q: filters.q || undefined,
          page: filters.page,
          page_size: dealPageSize,
        },
        signal,
      }),
  });
}

/** One page of the deals on sale near the chosen location (New York when none is chosen), nearest or most sold first. */
export function useDealsNear(filters: DealFilters) {
  const location = useUserLocation();
  const viewerId = useAccountId();
  return useQuery({ ...getDealsNearQueryOptions(location, viewerId, filters), placeholderData: keepPreviousData });
}
