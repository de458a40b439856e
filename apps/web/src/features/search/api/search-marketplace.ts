import { searchEndpoints } from '@localloop/contract';
import type { SearchResponse } from '@localloop/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { useAccountId } from '../../../session/auth-context.tsx';
import { nearQueryKey, useUserLocation } from '../../../session/user-location.ts';

/** The server refuses shorter searches (contract SearchQuery); the box waits for two characters. */
export const searchMinLength = 2;
/** How many of each kind the box shows. */
export const searchPerGroup = 4;

export type SearchGroups = SearchResponse;

/**
 * One search across deals, activities, services and vendors near the chosen location (New York when none is chosen),
 * under ['near'] so a change of location asks again. The previous answer stays on screen while the next one comes.
 */
export function useMarketplaceSearch(text: string) {
  const location = useUserLocation();
  const viewerId = useAccountId();
  const q = text.trim();
  return useQuery({
    queryKey: nearQueryKey(location, 'search', q, viewerId),
    queryFn: ({ signal }) => call(searchEndpoints.search, { query: { q, lat: location.latitude, lng: location.longitude, per_group: searchPerGroup }, signal }),
    enabled: q.length >= searchMinLength,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
