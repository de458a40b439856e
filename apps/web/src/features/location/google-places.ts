import { importLibrary, setOptions } from '@googlemaps/js-api-loader';
import type { Place } from '@localloop/contract';
import type { GeocodingProvider } from './geocoding.ts';

export type Libraries = { places: google.maps.PlacesLibrary; geocoding: google.maps.GeocodingLibrary };

let loading: Promise<Libraries> | null = null;

/**
 * Loads the Maps JavaScript API once per page (Places and the Geocoder). A failed load is forgotten, so
 * a later page view may try again.
 */
export function loadGoogleMaps(key: string): Promise<Libraries> {
  if (!loading) {
    setOptions({ key, v: 'weekly' });
    loading = Promise.all([importLibrary('places'), importLibrary('geocoding')]).then(([places, geocoding]) => ({ places, geocoding }));
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

type Component = { long: string; short: string; types: readonly string[] };

/** A place from Google's address components: the same fields the offline gazetteer answers. */
export function placeFromComponents(input: {
  id: string;
  components: readonly Component[];
  latitude: number;
  longitude: number;
  formattedAddress: string;
}): Place {
  const find = (...types: string[]) => input.components.find((c) => types.some((t) => c.types.includes(t)));
  const country = find('country');
  const city = find('locality', 'postal_town', 'administrative_area_level_3', 'administrative_area_level_2');
  const area = find('sublocality_level_1', 'sublocality', 'neighborhood');
  return {
    id: input.id,
    city: city?.long ?? '',
    state: find('administrative_area_level_1')?.long ?? '',
    country: country?.long ?? '',
    country_code: country?.short ?? '',
    area: area && area.long !== city?.long ? area.long : '',
    latitude: input.latitude,
    longitude: input.longitude,
    population: 0,
    formatted_address: input.formattedAddress,
  };
}

function aborted(signal?: AbortSignal) {
  if (signal?.aborted) throw signal.reason ?? new DOMException('Aborted', 'AbortError');
}

/**
 * Google Maps Places: typed suggestions from the Places Autocomplete service with no primary-type filter,
 * so both geocode results (addresses, areas, cities) and establishments come back; a chosen one is read with
 * Place.fetchFields; a coordinate is named by the Geocoder. One autocomplete session lasts from the first
 * letter to the chosen place, as Google bills it.
 */
export function googlePlacesProvider({ places, geocoding }: Libraries): GeocodingProvider {
  let session: google.maps.places.AutocompleteSessionToken | null = null;

  return {
    name: 'google',
    async suggest(text, signal) {
      session ??= new places.AutocompleteSessionToken();
      const { suggestions } = await places.AutocompleteSuggestion.fetchAutocompleteSuggestions({ input: text, sessionToken: session });
      aborted(signal);
      return suggestions.flatMap(({ placePrediction: p }) => (p ? [{ id: p.placeId, label: p.text.text }] : []));
    },

    async resolve(suggestion) {
      const place = new places.Place({ id: suggestion.id });
      session = null;
      await place.fetchFields({ fields: ['location', 'addressComponents', 'formattedAddress'] });
      if (!place.location) throw new Error(`Google Places gave no location for ${suggestion.id}`);
      return placeFromComponents({
        id: suggestion.id,
        components: (place.addressComponents ?? []).map((c) => ({ long: c.longText ?? '', short: c.shortText ?? '', types: c.types })),
        latitude: place.location.lat(),
        longitude: place.location.lng(),
        formattedAddress: place.formattedAddress ?? suggestion.label,
      });
    },

    async reverse(latitude, longitude) {
      const { results } = await new geocoding.Geocoder().geocode({ location: { lat: latitude, lng: longitude } });
      const best = results[0];
      if (!best) throw new Error(`Google found no address at ${latitude},${longitude}`);
      return placeFromComponents({
        id: best.place_id,
        components: best.address_components.map((c) => ({ long: c.long_name, short: c.short_name, types: c.types })),
        latitude,
        longitude,
        formattedAddress: best.formatted_address,
      });
    },
  };
}
