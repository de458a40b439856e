import { z } from 'zod';
import { ActivityCard } from './activities.ts';
import { ServiceCard } from './appointments.ts';
import { Latitude, Longitude, nearbyGroup } from './common.ts';
import { DealCard } from './deals.ts';
import { VendorCard } from './directory.ts';
import { endpoint, type Endpoint } from './endpoint.ts';

// ---- One search across the marketplace (the landing page, the header, /Discover) ----------------------------------

export const SearchQuery = z.object({
  q: z.string().trim().min(2, 'Type at least 2 characters.').max(100, 'Use at most 100 characters.'),
  /** Where the person is (their chosen area); without it, New York, as the directory and the services. */
  lat: Latitude.default(40.7128),
  lng: Longitude.default(-74.006),
  radius_km: z.coerce.number().min(1, 'The radius is at least 1 km.').max(500, 'The radius is at most 500 km.').default(25),
  /** How many of each kind to show; each group also tells how many there are in all. */
  per_group: z.coerce.number().int('Use a whole number.').min(1, 'Show at least 1 of each.').max(10, 'Show at most 10 of each.').default(4),
});
export type SearchQuery = z.input<typeof SearchQuery>;

export const SearchResponse = z.object({
  /** The search as understood (trimmed). */
  q: z.string(),
  deals: nearbyGroup(DealCard),
  activities: nearbyGroup(ActivityCard),
  services: nearbyGroup(ServiceCard),
  vendors: nearbyGroup(VendorCard),
});
export type SearchResponse = z.infer<typeof SearchResponse>;

export const searchEndpoints = {
  search: endpoint({
    method: 'GET',
    path: '/search/',
    query: SearchQuery,
    body: undefined,
    response: SearchResponse,
    auth: 'optional',
    summary: 'Deals, activities, services and vendors near lat/lng whose names match q, typo-tolerant, grouped by kind',
  }),
} satisfies Record<string, Endpoint>;
