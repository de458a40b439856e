import { z } from 'zod';
import { Latitude, Longitude } from './common.ts';
import { endpoint, type Endpoint } from './endpoint.ts';

/** A place from the gazetteer (or the maps provider): enough to show it and to store it as the user's location. */
export const Place = z.object({
  id: z.string(),
  /** City or town. */
  city: z.string(),
  /** Region / state / province (first administrative level). */
  state: z.string(),
  country: z.string(),
  country_code: z.string(),
  /** Neighbourhood or district when known, else empty. */
  area: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  population: z.number().int(),
  /** "City, State, Country" as people read it. */
  formatted_address: z.string(),
});
export type Place = z.infer<typeof Place>;

export const GeoSuggestQuery = z.object({
  q: z.string().trim().min(1, 'Type a few letters of a place.').max(120),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});

export const GeoReverseQuery = z.object({
  lat: Latitude,
  lng: Longitude,
});

/** The IANA time zone at a point (the vendor's addresses, /ServiceTime). */
export const GeoTimeZone = z.object({ time_zone: z.string() });
export type GeoTimeZone = z.infer<typeof GeoTimeZone>;

export const GeoPlaceParams = z.object({ id: z.string().min(1).max(40) });

/** The endpoints of this domain; merged into the one table in endpoints.ts. */
export const geoEndpoints = {
  geoSuggest: endpoint({
    method: 'GET',
    path: '/geo/suggest/',
    query: GeoSuggestQuery,
    body: undefined,
    response: z.array(Place),
    auth: 'none',
    summary: 'Places matching typed text (accent- and typo-tolerant), best match and biggest first',
  }),
  geoReverse: endpoint({
    method: 'GET',
    path: '/geo/reverse/',
    query: GeoReverseQuery,
    body: undefined,
    response: Place,
    auth: 'none',
    summary: 'The nearest known place to a coordinate',
  }),
  geoTimeZone: endpoint({
    method: 'GET',
    path: '/geo/timezone/',
    query: GeoReverseQuery,
    body: undefined,
    response: GeoTimeZone,
    auth: 'none',
    summary: 'The IANA time zone at a coordinate (time-zone boundaries shipped with the server; at sea, the nautical zone)',
  }),
  geoPlace: endpoint({
    method: 'GET',
    path: '/geo/place/{id}/',
    params: GeoPlaceParams,
    body: undefined,
    response: Place,
    auth: 'none',
    summary: 'One place of the gazetteer by id (forward geocode of a chosen suggestion)',
  }),
} as const satisfies Record<string, Endpoint>;
