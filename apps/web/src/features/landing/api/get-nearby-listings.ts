// No contract schemas and no API client here: the landing page is the front door, and must stay off zod (docs/decisions/0012).
import type { ActivityCard, DealCard } from '@localloop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { arrayOf, nullable, number, resultsOf, shape, string } from '../../../lib/shape.ts';
import { nearQueryKey, useUserLocation } from '../../../session/user-location.ts';
import type { StoredLocation } from '../../../session/user-location.ts';
import { fetchNear } from './fetch-near.ts';

/** How many of each the landing page shows: one row on a laptop. */
export const landingListingCount = 4;

const image = nullable(shape({ url: string, width: number, height: number, variants: arrayOf(shape({ url: string, width: number })) }));
const money = shape({ amount_cents: number, currency: string });

/** The fields a deal's card reads. */
const isDealCard = shape({
  id: string,
  title: string,
  image,
  discount_percent: number,
  deal_price: money,
  original_price: money,
  vendor: shape({ business_name: string }),
  distance_km: number,
  city: string,
  sold_count: number,
  remaining: nullable(number),
  rating_avg: nullable(number),
  rating_count: number,
});

/** The fields an activity's card reads. */
const isActivityCard = shape({
  id: string,
  title: string,
  image,
  category: string,
  host: shape({ name: string }),
  starts_at: string,
  ends_at: string,
  city: string,
  distance_km: nullable(number),
  participant_count: number,
  spots_left: nullable(number),
  state: string,
  my_state: string,
});

/** GET /deals/lists/: the deals near the location that sell best (the deals' own list, sorted by popularity). */
export function getPopularDealsQueryOptions(location: StoredLocation) {
  return queryOptions({
    queryKey: nearQueryKey(location, 'landing', 'deals'),
    queryFn: async ({ signal }) =>
      resultsOf<DealCard>(await fetchNear('/deals/lists/', location, { sort: 'popularity', page_size: String(landingListingCount) }, signal), isDealCard),
    staleTime: 5 * 60_000,
  });
}

/** GET /activities/lists/: the nearest activities still to come or under way (the list leaves out ended ones). */
export function getUpcomingActivitiesQueryOptions(location: StoredLocation) {
  return queryOptions({
    queryKey: nearQueryKey(location, 'landing', 'activities'),
    queryFn: async ({ signal }) =>
      resultsOf<ActivityCard>(await fetchNear('/activities/lists/', location, { page_size: String(landingListingCount) }, signal), isActivityCard),
    staleTime: 5 * 60_000,
  });
}

export function usePopularDeals() {
  const location = useUserLocation();
  return { location, deals: useQuery(getPopularDealsQueryOptions(location)) };
}

export function useUpcomingActivities() {
  const location = useUserLocation();
  return { location, activities: useQuery(getUpcomingActivitiesQueryOptions(location)) };
}
