import { endpoints } from '@localloop/contract';
import type { Place } from '@localloop/contract';
import { call } from '../../api/client.ts';
import type { StoredLocation } from '../../session/user-location.ts';

/** One line of the picker's suggestion list. `place` is set when the provider already knows the whole place. */
export type Suggestion = { id: string; label: string; place?: Place };

/**
 * Where the location picker gets places from (spec §7, device services): typed suggestions, the
 * forward geocode of a chosen one, and the reverse geocode of a coordinate.
 */
export type GeocodingProvider = {
  suggest: (text: string, signal?: AbortSignal) => Promise<Suggestion[]>;
  /** The full place of a chosen suggestion. */
  resolve: (suggestion: Suggestion) => Promise<Place>;
  reverse: (latitude: number, longitude: number) => Promise<Place>;
};

export const suggestionLimit = 8;

/** The default, offline and free: the server's gazetteer (GET /geo/suggest/, /geo/place/{id}/, /geo/reverse/). */
export const offlineProvider: GeocodingProvider = {
  async suggest(text, signal) {
    const places = await call(endpoints.geoSuggest, { query: { q: text, limit: suggestionLimit }, signal });
    return places.map((place) => ({ id: place.id, label: place.formatted_address, place }));
  },
  async resolve(suggestion) {
    // A gazetteer suggestion is already the whole place; only a bare id needs the forward geocode.
    if (suggestion.place) return suggestion.place;
    return call(endpoints.geoPlace, { params: { id: suggestion.id } });
  },
  reverse(latitude, longitude) {
    return call(endpoints.geoReverse, { query: { lat: latitude, lng: longitude } });
  },
};

/**
 * The provider in use. Only the offline one exists so far: the Google Maps Places provider (when
 * config.googleMapsApiKey is set) is a planned follow-up and will be chosen here.
 */
export function getGeocodingProvider(): GeocodingProvider {
  return offlineProvider;
}

/** The spec's stored fields from a place; empty names take the spec's reverse-geocode fallbacks. */
export function toStoredLocation(place: Place): StoredLocation {
  const city = place.city.trim() || 'Unknown City';
  const state = place.state.trim() || 'Unknown Region';
  const country = place.country.trim() || 'Unknown Country';
  return {
    city,
    state,
    latitude: place.latitude,
    longitude: place.longitude,
    country,
    area: place.area.trim(),
    formattedAddress: place.formatted_address.trim() || [city, state, country].join(', '),
  };
}
