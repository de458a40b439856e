import { act, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { allowConsole } from '../../test/console.ts';
import { ok, stubApi } from '../../test/api-stub.ts';
import { storeSession, userLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { createGeocoding, GeocodingContext } from './geocoding.ts';
import type { Geocoding } from './geocoding.ts';
import { placeFromComponents } from './google-places.ts';
import type { Libraries } from './google-places.ts';

const austin = { city: 'Austin', state: 'Texas', latitude: 30.27, longitude: -97.74, country: 'United States', area: '', formattedAddress: 'Austin, Texas, United States' };

const paris = [
  { long: 'Paris', short: 'Paris', types: ['locality', 'political'] },
  { long: 'Île-de-France', short: 'IDF', types: ['administrative_area_level_1', 'political'] },
  { long: 'France', short: 'FR', types: ['country', 'political'] },
  { long: '7e Arrondissement', short: '7e', types: ['sublocality_level_1', 'sublocality', 'political'] },
];

type FakePlace = { location: { lat: number; lng: number } | null; formattedAddress: string };

/**
 * The part of google.maps that the provider uses, answering as told and recording what it was asked:
 * the Maps script cannot load here (no network), so its libraries are stood in for.
 */
function fakeGoogle(place: FakePlace = { location: { lat: 48.8584, lng: 2.2945 }, formattedAddress: 'Av. Gustave Eiffel, 75007 Paris, France' }) {
  const asked = { autocomplete: [] as google.maps.places.AutocompleteRequest[], fields: [] as string[][], geocode: [] as google.maps.GeocoderRequest[] };
  class AutocompleteSessionToken {}
  class Place {
    id: string;
    location: { lat: () => number; lng: () => number } | null = null;
    addressComponents: { longText: string; shortText: string; types: string[] }[] = [];
    formattedAddress: string | null = null;
    constructor({ id }: { id: string }) {
      this.id = id;
    }
    fetchFields({ fields }: { fields: string[] }) {
      asked.fields.push(fields);
      const { location } = place;
      this.location = location && { lat: () => location.lat, lng: () => location.lng };
      this.addressComponents = paris.map((c) => ({ longText: c.long, shortText: c.short, types: c.types }));
      this.formattedAddress = place.formattedAddress;
      return Promise.resolve({ place: this });
    }
  }
  const places = {
    AutocompleteSessionToken,
    Place,
    AutocompleteSuggestion: {
      fetchAutocompleteSuggestions(request: google.maps.places.AutocompleteRequest) {
        asked.autocomplete.push(request);
        return Promise.resolve({
          suggestions: [
            { placePrediction: { placeId: 'ChIJLU7jZClu5kcR4PcOOO6p3I0', text: { text: 'Eiffel Tower, Paris, France' } } },
            { placePrediction: null },
          ],
        });
      },
    },
  } as unknown as google.maps.PlacesLibrary;
  const geocoding = {
    Geocoder: class {
      geocode(request: google.maps.GeocoderRequest) {
        asked.geocode.push(request);
        return Promise.resolve({
          results: [
            {
              place_id: 'ChIJD7fiBh9u5kcRYJSMaMOCCwQ',
              formatted_address: 'Paris, France',
              address_components: paris.map((c) => ({ long_name: c.long, short_name: c.short, types: c.types })),
            },
          ],
        });
      }
    },
  } as unknown as google.maps.GeocodingLibrary;
  return { libraries: { places, geocoding } satisfies Libraries, asked };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function withGeocoding(geocoding: Geocoding) {
  return (app: ReactNode) => <GeocodingContext value={geocoding}>{app}</GeocodingContext>;
}

function stored() {
  return JSON.parse(localStorage.getItem('userLocation') ?? 'null') as unknown;
}

async function openDialog(app: ReturnType<typeof renderApp>) {
  await app.user.click(within(await screen.findByTestId('user-header')).getByTestId('location-picker'));
  return screen.findByRole('dialog', { name: 'Select Your Location' });
}

describe('place from Google address components', () => {
  it('takes the city, region, country and district', () => {
    expect(placeFromComponents({ id: 'p', components: paris, latitude: 48.85, longitude: 2.29, formattedAddress: 'Paris, France' })).toEqual({
      id: 'p',
      city: 'Paris',
      state: 'Île-de-France',
      country: 'France',
      country_code: 'FR',
      area: '7e Arrondissement',
      latitude: 48.85,
      longitude: 2.29,
      population: 0,
      formatted_address: 'Paris, France',
    });
  });

  it('takes a British postal town as the city, and leaves the area empty when it is the city itself', () => {
    const place = placeFromComponents({
      id: 'p',
      components: [
        { long: 'Bath', short: 'Bath', types: ['postal_town'] },
        { long: 'Bath', short: 'Bath', types: ['sublocality'] },
        { long: 'England', short: 'England', types: ['administrative_area_level_1'] },
        { long: 'United Kingdom', short: 'GB', types: ['country'] },
      ],
      latitude: 51.38,
      longitude: -2.36,
      formattedAddress: 'Bath, UK',
    });
    expect(place).toMatchObject({ city: 'Bath', state: 'England', country: 'United Kingdom', country_code: 'GB', area: '' });
  });
});

describe('choosing the geocoding provider', () => {
  it('never loads Google without a key: the offline gazetteer serves at once', () => {
    const load = vi.fn(() => Promise.resolve(fakeGoogle().libraries));
    const geocoding = createGeocoding(undefined, load);
    geocoding.start();
    expect(load).not.toHaveBeenCalled();
    expect(geocoding.get()).toMatchObject({ maps: 'unused', provider: { name: 'offline' } });
  });

  it('loads the script once, however many pickers start it', async () => {
    const { libraries } = fakeGoogle();
    const load = vi.fn(() => Promise.resolve(libraries));
    const geocoding = createGeocoding('browser-key', load);
    expect(geocoding.get().maps).toBe('loading');
    geocoding.start();
    geocoding.start();
    await vi.waitFor(() => expect(geocoding.get().maps).toBe('ready'));
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('browser-key');
    expect(geocoding.get().provider.name).toBe('google');
  });
});

describe('the location picker with Google Maps', () => {
  it('shows Loading maps... until the script is ready, then suggests from Google Places and stores the chosen place', async () => {
    const api = stubApi();
    storeSession(userLogin, { userLocation: JSON.stringify(austin) });
    const script = deferred<Libraries>();
    const app = renderApp('/LocalActivities', { wrap: withGeocoding(createGeocoding('browser-key', () => script.promise)) });
    const picker = within(await screen.findByTestId('user-header')).getByTestId('location-picker');
    expect(picker).toHaveTextContent('Loading maps...');

    let dialog = await openDialog(app);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading maps...');
    expect(within(dialog).queryByPlaceholderText('Enter location (e.g., New York, USA)')).not.toBeInTheDocument();

    const google = fakeGoogle();
    await act(async () => script.resolve(google.libraries));
    expect(picker).toHaveTextContent('Selected Location');
    dialog = screen.getByRole('dialog', { name: 'Select Your Location' });
    await app.user.type(within(dialog).getByPlaceholderText('Enter location (e.g., New York, USA)'), 'eiffel');
    await app.user.click(await screen.findByRole('option', { name: 'Eiffel Tower, Paris, France' }));

    expect(await screen.findByText('Location updated successfully!')).toBeInTheDocument();
    expect(stored()).toEqual({
      city: 'Paris',
      state: 'Île-de-France',
      latitude: 48.8584,
      longitude: 2.2945,
      country: 'France',
      area: '7e Arrondissement',
      formattedAddress: 'Av. Gustave Eiffel, 75007 Paris, France',
    });
    // No primary-type filter: geocode results and establishments both come back. One session token for the whole search.
    expect(google.asked.autocomplete.at(-1)).toMatchObject({ input: 'eiffel' });
    expect(google.asked.autocomplete.at(-1)).not.toHaveProperty('includedPrimaryTypes');
    expect(new Set(google.asked.autocomplete.map((r) => r.sessionToken)).size).toBe(1);
    expect(google.asked.fields).toEqual([['location', 'addressComponents', 'formattedAddress']]);
    expect(api.to('GET /geo/suggest/')).toHaveLength(0);
  });

  it('says Failed to process selected location. Please try again. when Google has no location for the place', async () => {
    stubApi();
    storeSession(userLogin, { userLocation: JSON.stringify(austin) });
    const google = fakeGoogle({ location: null, formattedAddress: '' });
    const app = renderApp('/LocalActivities', { wrap: withGeocoding(createGeocoding('browser-key', () => Promise.resolve(google.libraries))) });
    const dialog = await openDialog(app);
    await app.user.type(await within(dialog).findByPlaceholderText('Enter location (e.g., New York, USA)'), 'eiffel');
    await app.user.click(await screen.findByRole('option', { name: 'Eiffel Tower, Paris, France' }));
    expect(await screen.findByText('Failed to process selected location. Please try again.')).toBeInTheDocument();
    expect(stored()).toEqual(austin);
  });

  it('names the detected position with Google Geocoder', async () => {
    const api = stubApi();
    Object.defineProperty(window.navigator, 'geolocation', {
      value: { getCurrentPosition: (success: PositionCallback) => success({ coords: { latitude: 48.85, longitude: 2.35 }, timestamp: 0 } as GeolocationPosition) },
      configurable: true,
      writable: true,
    });
    storeSession(userLogin, { userLocation: JSON.stringify(austin) });
    const google = fakeGoogle();
    const app = renderApp('/LocalActivities', { wrap: withGeocoding(createGeocoding('browser-key', () => Promise.resolve(google.libraries))) });
    const dialog = await openDialog(app);
    await within(dialog).findByPlaceholderText('Enter location (e.g., New York, USA)');
    await app.user.click(within(dialog).getByRole('button', { name: 'Use Current Location' }));
    expect(await screen.findByText('Location updated successfully!')).toBeInTheDocument();
    expect(google.asked.geocode).toEqual([{ location: { lat: 48.85, lng: 2.35 } }]);
    expect(stored()).toMatchObject({ city: 'Paris', area: '7e Arrondissement', latitude: 48.85, longitude: 2.35 });
    expect(api.to('GET /geo/reverse/')).toHaveLength(0);
  });

  it('toasts Failed to load Google Maps API. when the script fails, and goes on with the offline gazetteer', async () => {
    allowConsole('error', /Google Maps/);
    const api = stubApi({
      'GET /geo/suggest/': ok([
        { id: '2988507', city: 'Paris', state: 'Île-de-France', country: 'France', country_code: 'FR', area: '', latitude: 48.85, longitude: 2.35, population: 2138551, formatted_address: 'Paris, Île-de-France, France' },
      ]),
    });
    storeSession(userLogin, { userLocation: JSON.stringify(austin) });
    const app = renderApp('/LocalActivities', { wrap: withGeocoding(createGeocoding('browser-key', () => Promise.reject(new Error('The script did not load')))) });
    expect(await screen.findByText('Failed to load Google Maps API.')).toBeInTheDocument();
    const picker = within(await screen.findByTestId('user-header')).getByTestId('location-picker');
    expect(picker).toHaveTextContent('Selected Location');
    const dialog = await openDialog(app);
    await app.user.type(within(dialog).getByPlaceholderText('Enter location (e.g., New York, USA)'), 'paris');
    expect(await screen.findByRole('option', { name: 'Paris, Île-de-France, France' })).toBeInTheDocument();
    expect(api.to('GET /geo/suggest/')).not.toHaveLength(0);
  });
});
