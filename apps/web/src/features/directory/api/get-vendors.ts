import { directoryEndpoints, vendorCategories } from '@localloop/contract';
import type { VendorCategory } from '@localloop/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { useAccountId } from '../../../session/auth-context.tsx';
import { nearQueryKey, useUserLocation } from '../../../session/user-location.ts';
import type { StoredLocation } from '../../../session/user-location.ts';

export type VendorSort = 'distance' | 'rating';

export type VendorFilters = {
  q: string;
  category: VendorCategory | null;
  sort: VendorSort;
  radiusKm: number;
};

export const radiusOptionsKm = [5, 10, 25, 50, 100] as const;
export const defaultFilters: VendorFilters = { q: '', category: null, sort: 'distance', radiusKm: 25 };
/** 12 fills rows of 1, 2, 3 and 4 cards alike. */
export const vendorPageSize = 12;

/** Every directory list is cached under this prefix (after 'near'); the favorite toggle patches them all. */
export const vendorListKeyPrefix = ['near', 'vendors', 'list'] as const;

export function isVendorCategory(value: string | null): value is VendorCategory {
  return value !== null && (vendorCategories as readonly string[]).includes(value);
}

/** viewerId (the signed-in account, '' for a visitor) is in every vendor key: is_favorite and a rating's `mine` are the caller's. */
export function getVendorsQueryOptions(location: StoredLocation, viewerId: string, filters: VendorFilters) {
  return infiniteQueryOptions({
    queryKey: nearQueryKey(location, 'vendors', 'list', viewerId, filters),
    queryFn: ({ pageParam, signal }) =>
      call(directoryEndpoints.vendorList, {
        query: {
          lat: location.latitude,
          lng: location.longitude,
          radius_km: filters.radiusKm,
          q: filters.q || undefined,
          category: filters.category ?? undefined,
          sort: filters.sort,
          page: pageParam,
          page_size: vendorPageSize,
        },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.count ? last.page + 1 : undefined),
  });
}

/** Vendors near the chosen location (New York when none is chosen); a new location refetches. */
export function useVendors(filters: VendorFilters) {
  const location = useUserLocation();
  const viewerId = useAccountId();
  // The previous results stay on screen (dimmed) while a changed filter loads.
  return useInfiniteQuery({ ...getVendorsQueryOptions(location, viewerId, filters), placeholderData: keepPreviousData });
}
