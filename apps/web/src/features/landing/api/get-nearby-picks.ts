// No contract schemas and no API client here: the landing page is the front door, and must stay off zod (docs/decisions/0012).
import type { VendorCard } from '@localloop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { nullable, number, resultsOf, shape, string } from '../../../lib/shape.ts';
import { nearQueryKey, useUserLocation } from '../../../session/user-location.ts';
import type { StoredLocation } from '../../../session/user-location.ts';
import { fetchNear } from './fetch-near.ts';

/** What a hero card shows of a vendor. */
export type NearbyPick = Pick<VendorCard, 'id' | 'user_id' | 'business_name' | 'category' | 'rating_avg' | 'rating_count' | 'distance_km' | 'city' | 'logo_thumbnail'>;

export const nearbyPickCount = 3;

const isNearbyPick = shape({
  id: string,
  user_id: string,
  business_name: string,
  category: string,
  rating_avg: nullable(number),
  rating_count: number,
  distance_km: nullable(number),
  city: nullable(string),
  logo_thumbnail: nullable(string),
});

/** Checked by hand (no zod on this page): a card that does not have the fields the hero shows is left out. */
export function nearbyPicksOf(json: unknown): NearbyPick[] {
  return resultsOf<NearbyPick>(json, isNearbyPick);
}

/** GET /vendor/lists/: the best-rated listed vendors within a short ride of the location (the directory's own endpoint). */
async function getNearbyPicks(location: StoredLocation, signal: AbortSignal): Promise<NearbyPick[]> {
  const json = await fetchNear('/vendor/lists/', location, { sort: 'rating', page_size: String(nearbyPickCount) }, signal);
  return nearbyPicksOf(json).slice(0, nearbyPickCount);
}

export function getNearbyPicksQueryOptions(location: StoredLocation) {
  return queryOptions({
    queryKey: nearQueryKey(location, 'landing', 'picks'),
    queryFn: ({ signal }) => getNearbyPicks(location, signal),
    staleTime: 5 * 60_000,
  });
}

/** The picks near the visitor's chosen location, or New York by default. */
export function useNearbyPicks() {
  const location = useUserLocation();
  return { location, picks: useQuery(getNearbyPicksQueryOptions(location)) };
}
