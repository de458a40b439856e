// No contract schemas and no API client here: the landing page is the front door, and must stay off zod (docs/decisions/0012).
import type { VendorCard } from '@localloop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { config } from '../../../config.ts';
import { nearQueryKey, useUserLocation } from '../../../session/user-location.ts';
import type { StoredLocation } from '../../../session/user-location.ts';

/** What a hero card shows of a vendor. */
export type NearbyPick = Pick<VendorCard, 'id' | 'user_id' | 'business_name' | 'category' | 'rating_avg' | 'rating_count' | 'distance_km' | 'city' | 'logo_thumbnail'>;

export const nearbyPickCount = 3;
/** Close enough to walk or take a short ride to. */
const radiusKm = 10;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isNullableNumber = (value: unknown) => value === null || typeof value === 'number';
const isNullableString = (value: unknown) => value === null || typeof value === 'string';

/** Checked by hand (no zod on this page): a card that does not have the fields the hero shows is left out. */
export function nearbyPicksOf(json: unknown): NearbyPick[] {
  if (!isRecord(json) || !Array.isArray(json.results)) return [];
  return json.results.filter(
    (card): card is NearbyPick =>
      isRecord(card) &&
      typeof card.id === 'string' &&
      typeof card.user_id === 'string' &&
      typeof card.business_name === 'string' &&
      typeof card.category === 'string' &&
      isNullableNumber(card.rating_avg) &&
      typeof card.rating_count === 'number' &&
      isNullableNumber(card.distance_km) &&
      isNullableString(card.city) &&
      isNullableString(card.logo_thumbnail),
  );
}

/** GET /vendor/lists/: the best-rated listed vendors within a short ride of the location (the directory's own endpoint). */
async function getNearbyPicks(location: StoredLocation, signal: AbortSignal): Promise<NearbyPick[]> {
  const query = new URLSearchParams({
    lat: String(location.latitude),
    lng: String(location.longitude),
    radius_km: String(radiusKm),
    sort: 'rating',
    page_size: String(nearbyPickCount),
  });
  const response = await fetch(`${config.apiBaseUrl}/vendor/lists/?${query.toString()}`, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`The directory answered ${response.status}`);
  return nearbyPicksOf(await response.json()).slice(0, nearbyPickCount);
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
