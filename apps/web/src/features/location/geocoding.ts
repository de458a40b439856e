import { geoEndpoints } from '@localloop/contract';
import type { Place } from '@localloop/contract';
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { call } from '../../api/client.ts';
import { config } from '../../config.ts';
import { logError } from '../../lib/log-error.ts';
import { toast } from '../../lib/toast.ts';
import type { StoredLocation } from '../../session/user-location.ts';
import { googlePlacesProvider, loadGoogleMaps } from './google-places.ts';
import type { Libraries } from './google-places.ts';

/** One line of the picker's suggestion list. `place` is set when the provider already knows the whole place. */
export type Suggestion = { id: string; label: string; place?: Place };

/**
 * Where the location picker gets places from (spec §7, device services): typed suggestions, the
 * forward geocode of a chosen one, and the reverse geocode of a coordinate.
 */
export type GeocodingProvider = {
  /** Tells providers apart in query keys (suggestions of one are not the other's). */
  name: string;
  suggest: (text: string, signal?: AbortSignal) => Promise<Suggestion[]>;
  /** The full place of a chosen suggestion. */
  resolve: (suggestion: Suggestion) => Promise<Place>;
  reverse: (latitude: number, longitude: number) => Promise<Place>;
};

export const suggestionLimit = 8;

/** The default, offline and free: the server's gazetteer (GET /geo/suggest/, /geo/place/{id}/, /geo/reverse/). */
export const offlineProvider: GeocodingProvider = {
  name: 'offline',
  async suggest(text, signal) {
    const places = await call(geoEndpoints.geoSuggest, { query: { q: text, limit: suggestionLimit }, signal });
    return places.map((place) => ({ id: place.id, label: place.formatted_address, place }));
  },
  async resolve(suggestion) {
    // A gazetteer suggestion is already the whole place; only a bare id needs the forward geocode.
    if (suggestion.place) return suggestion.place;
    return call(geoEndpoints.geoPlace, { params: { id: suggestion.id } });
  },
  reverse(latitude, longitude) {
    return call(geoEndpoints.geoReverse, { query: { lat: latitude, lng: longitude } });
  },
};

export type MapsStatus = 'unused' | 'loading' | 'ready' | 'failed';
export type GeocodingState = { provider: GeocodingProvider; maps: MapsStatus };

/**
 * Which provider the picker uses. Without a Google Maps key: the offline one, at once. With a key: the
 * offline one while Google's script loads ("Loading maps..."), then Google Places; if the script fails,
 * the spec's toast and the offline provider for the rest of the visit.
 */
export function createGeocoding(key: string | undefined, load: (key: string) => Promise<Libraries> = loadGoogleMaps) {
  let state: GeocodingState = { provider: offlineProvider, maps: key ? 'loading' : 'unused' };
  let started = false;
  const listeners = new Set<() => void>();
  const set = (next: GeocodingState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  return {
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Starts loading Google's script the first time a picker mounts; later calls do nothing. */
    start() {
      if (!key || started) return;
      started = true;
      load(key).then(
        (libraries) => set({ provider: googlePlacesProvider(libraries), maps: 'ready' }),
        (error: unknown) => {
          logError('Google Maps', error);
          toast.error('Failed to load Google Maps API.');
          set({ provider: offlineProvider, maps: 'failed' });
        },
      );
    },
  };
}
export type Geocoding = ReturnType<typeof createGeocoding>;

export const GeocodingContext = createContext<Geocoding>(createGeocoding(config.googleMapsApiKey));

/** The provider in use and the state of the maps script; mounting starts the script's load when a key is set. */
export function useGeocoding(): GeocodingState {
  const geocoding = useContext(GeocodingContext);
  useEffect(() => geocoding.start(), [geocoding]);
  return useSyncExternalStore(geocoding.subscribe, geocoding.get);
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
