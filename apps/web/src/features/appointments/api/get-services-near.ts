import { appointmentsEndpoints, vendorCategories } from '@localloop/contract';
import type { VendorCategory } from '@localloop/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { useAccountId } from '../../../session/auth-context.tsx';
import { nearQueryKey, useUserLocation } from '../../../session/user-location.ts';
import type { StoredLocation } from '../../../session/user-location.ts';

export type ServiceFilters = {
  q: string;
  category: VendorCategory | null;
  /** Whole units of the currency (the page's price filter); the API takes cents. */
  maxPrice: number | null;
  radiusKm: number;
};

export const serviceRadiusOptionsKm = [5, 10, 25, 50, 100] as const;
export const defaultServiceFilters: ServiceFilters = { q: '', category: null, maxPrice: null, radiusKm: 25 };
export const servicePageSize = 12;

export const serviceListKeyPrefix = ['near', 'services', 'list'] as const;

export function isServiceCategory(value: string | null): value is VendorCategory {
  return value !== null && (vendorCategories as readonly string[]).includes(value);
}

export function getServicesNearQueryOptions(location: StoredLocation, viewerId: string, filters: ServiceFilters) {
  return infiniteQueryOptions({
    queryKey: nearQueryKey(location, 'services', 'list', viewerId, filters),
    queryFn: ({ pageParam, signal }) =>
      call(appointmentsEndpoints.allServices, {
        query: {
          lat: location.latitude,
          lng: location.longitude,
          radius_km: filters.radiusKm,
          q: filters.q || undefined,
          category: filters.category ?? undefined,
          max_price_cents: filters.maxPrice === null ? undefined : filters.maxPrice * 100,
          page: pageParam,
          page_size: servicePageSize,
        },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.count ? last.page + 1 : undefined),
  });
}

/** Services that can be booked near the chosen location (New York when none is chosen). */
export function useServicesNear(filters: ServiceFilters) {
  const location = useUserLocation();
  const viewerId = useAccountId();
  return useInfiniteQuery({ ...getServicesNearQueryOptions(location, viewerId, filters), placeholderData: keepPreviousData });
}
