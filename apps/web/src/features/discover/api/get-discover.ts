import { discoverEndpoints } from '@localloop/contract';
import type { DiscoverCategory } from '@localloop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { useAccountId } from '../../../session/auth-context.tsx';
import { nearQueryKey, useUserLocation } from '../../../session/user-location.ts';
import type { StoredLocation } from '../../../session/user-location.ts';

/** How many of each kind the page asks for: the map shows them all, the list the first `discoverListCount`. */
export const discoverPerGroup = 8;
export const discoverListCount = 4;
/** The radius of every kind, as their own lists' default. */
export const discoverRadiusKm = 25;

/** Under ['near'], so a change of location asks again (session/user-location.ts). */
export const discoverKeyPrefix = ['near', 'discover'] as const;

export function getDiscoverQueryOptions(location: StoredLocation, viewerId: string, category: DiscoverCategory | null) {
  return queryOptions({
    queryKey: nearQueryKey(location, 'discover', viewerId, category),
    queryFn: ({ signal }) =>
      call(discoverEndpoints.discover, {
        query: {
          lat: location.latitude,
          lng: location.longitude,
          radius_km: discoverRadiusKm,
          category: category ?? undefined,
          per_group: discoverPerGroup,
        },
        signal,
      }),
    staleTime: 60_000,
  });
}

/**
 * Deals, activities, services and vendors near the chosen location (New York when none is chosen), of one theme or all;
 * the previous answer stays on screen while another theme's comes.
 */
export function useDiscover(category: DiscoverCategory | null) {
  const location = useUserLocation();
  const viewerId = useAccountId();
  return { location, discover: useQuery({ ...getDiscoverQueryOptions(location, viewerId, category), placeholderData: keepPreviousData }) };
}
