import type { AccountLocation, Place } from '@localloop/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '../../test/api-stub.ts';
import { storeSession, userLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { fromAccountLocation, toAccountLocationInput } from './account-location.ts';

const denied = 'Location access denied. Please enable location services.';

/** What the offline gazetteer answers for Crown Heights: New York City, its centre's coordinates, Brooklyn as area. */
const brooklynPlace: Place = {
  id: '5128581',
  city: 'New York City',
  state: 'New York',
  country: 'United States',
  country_code: 'US',
  area: 'Brooklyn',
  latitude: 40.71427,
  longitude: -74.00597,
  population: 8804190,
  formatted_address: 'Brooklyn, New York City, New York, United States',
};
const crownHeights = { latitude: 40.678, longitude: -73.944 };

const kept: AccountLocation = {
  city: 'Paris',
  state: 'Île-de-France',
  country: 'France',
  area: 'Le Marais',
  formatted_address: 'Le Marais, Paris, Île-de-France, France',
  latitude: 48.8575,
  longitude: 2.3597,
  updated_at: '2025-03-01T10:00:00.000Z',
};

type Answer = { position?: { latitude: number; longitude: number }; error?: number };

/** A browser geolocation answering as told, each time it is asked. */
function fakeGeolocation(answer: Answer) {
  const getCurrentPosition = vi.fn((success: PositionCallback, failure?: PositionErrorCallback | null) => {
    if (answer.position) success({ coords: answer.position, timestamp: Date.now() } as GeolocationPosition);
    else failure?.({ code: answer.error ?? 2, message: '', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
  });
  Object.defineProperty(window.navigator, 'geolocation', { value: { getCurrentPosition, watchPosition: vi.fn(), clearWatch: vi.fn() }, configurable: true, writable: true });
  return getCurrentPosition;
}

/** The Permissions API, answering `state` for geolocation. */
function fakePermission(state: PermissionState) {
  Object.defineProperty(window.navigator, 'permissions', { value: { query: vi.fn(async () => ({ state })) }, configurable: true, writable: true });
}

/** Lets pending promise callbacks run (a refusal's handling), without waiting on a clock. */
const settle = () =>
  act(async () => {
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
  });

function stored() {
  const text = localStorage.getItem('userLocation');
  return text ? (JSON.parse(text) as Record<string, unknown>) : null;
}

async function headerPicker() {
  return within(await screen.findByTestId('user-header')).findByTestId('location-picker');
}

describe('use current location', () => {
  it('stores the device\'s own coordinates; the reverse geocode only names them', async () => {
    const api = stubApi({ 'GET /geo/reverse/': ok(brooklynPlace) });
    fakeGeolocation({ position: crownHeights });
    storeSession(userLogin);
    renderApp('/LocalActivities');
    // The first test of the file also waits for the lazily loaded header and picker: on a busy machine that takes a while.
    expect(await screen.findByText('Location updated successfully!', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(stored()).toEqual({
      city: 'New York City',
      state: 'New York',
      latitude: 40.678,
      longitude: -73.944,
      country: 'United States',
      area: 'Brooklyn',
      formattedAddress: 'Brooklyn, New York City, New York, United States',
    });
    // Kept with the account too, with the same point.
    await waitFor(() => expect(api.to('PUT /profile/location/')).toHaveLength(1));
    expect(api.to('PUT /profile/location/')[0]?.body).toEqual({
      city: 'New York City',
      state: 'New York',
      country: 'United States',
      area: 'Brooklyn',
      formatted_address: 'Brooklyn, New York City, New York, United States',
      latitude: 40.678,
      longitude: -73.944,
    });
  });

  it('says an explicit refusal in the dialog, not in a toast', async () => {
    stubApi();
    fakeGeolocation({ error: 1 });
    storeSession(userLogin, { userLocation: JSON.stringify(fromAccountLocation(kept)) });
    const app = renderApp('/LocalActivities');
    await app.user.click(await headerPicker());
    const dialog = await screen.findByRole('dialog', { name: 'Select Your Location' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Use Current Location' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(denied);
    expect(screen.queryByRole('alert', { name: denied })).not.toBeInTheDocument();
    expect(document.querySelector('.Toastify__toast')).toBeNull();
  });
});

describe('detection on mount after a refusal', () => {
  it('tells the refusal once, remembers it, and offers "Set your area" instead of asking again on the next load', async () => {
    stubApi();
    const asked = fakeGeolocation({ error: 1 });
    storeSession(userLogin);
    const first = renderApp('/LocalActivities');
    expect(await screen.findByText(denied)).toBeInTheDocument();
    expect(asked).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('locationAccess')).toBe('denied');
    const picker = await headerPicker();
    await waitFor(() => expect(picker).toHaveTextContent('Set your area'));
    expect(picker).toHaveTextContent('Location access is off');
    first.unmount();

    // A reload: no second question to the browser, no second notice, the prompt in the picker's place. (The browser
    // still says "prompt": a refusal by dismissing, or a headless browser; only "granted" would be asked again.)
    fakePermission('prompt');
    const api = stubApi();
    renderApp('/LocalActivities');
    expect(await headerPicker()).toHaveTextContent('Set your area');
    await waitFor(() => expect(api.to('GET /profile/location/')).toHaveLength(1));
    await waitFor(() => expect(navigator.permissions.query).toHaveBeenCalled());
    await settle();
    expect(asked).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(denied)).not.toBeInTheDocument();
  });

  it('tells a failed detection at most once a visit, even when the refusal was not remembered', async () => {
    stubApi();
    fakeGeolocation({ error: 3 });
    storeSession(userLogin);
    const first = renderApp('/LocalActivities');
    expect(await screen.findByText('Location request timed out.')).toBeInTheDocument();
    first.unmount();
    const asked = fakeGeolocation({ error: 3 });
    renderApp('/LocalActivities');
    await waitFor(() => expect(asked).toHaveBeenCalledTimes(1));
    await settle();
    expect(screen.queryByText('Location request timed out.')).not.toBeInTheDocument();
  });

  it('asks again once the browser grants the position (from its site settings) and forgets the refusal', async () => {
    stubApi({ 'GET /geo/reverse/': ok(brooklynPlace) });
    fakePermission('granted');
    const asked = fakeGeolocation({ position: crownHeights });
    storeSession(userLogin, { locationAccess: 'denied' });
    renderApp('/LocalActivities');
    expect(await screen.findByText('Location updated successfully!')).toBeInTheDocument();
    expect(asked).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('locationAccess')).toBeNull();
    expect(await headerPicker()).toHaveTextContent('Brooklyn');
  });

  it('gives way to a location chosen while the browser was still asking: no notice, nothing overwritten', async () => {
    stubApi({ 'GET /geo/suggest/': ok([{ ...brooklynPlace, id: '1', city: 'Austin', state: 'Texas', area: '', formatted_address: 'Austin, Texas, United States', latitude: 30.27, longitude: -97.74 }]) });
    let refuse: () => void = () => undefined;
    Object.defineProperty(window.navigator, 'geolocation', {
      value: {
        getCurrentPosition: (_success: PositionCallback, failure: PositionErrorCallback) => {
          refuse = () => failure({ code: 1, message: '', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
        },
      },
      configurable: true,
      writable: true,
    });
    storeSession(userLogin);
    const app = renderApp('/LocalActivities');
    await app.user.click(await headerPicker());
    const dialog = await screen.findByRole('dialog', { name: 'Select Your Location' });
    await app.user.type(within(dialog).getByPlaceholderText('Enter location (e.g., New York, USA)'), 'austin');
    await app.user.click(await screen.findByRole('option', { name: 'Austin, Texas, United States' }));
    await waitFor(() => expect(stored()).toMatchObject({ city: 'Austin' }));
    refuse();
    await settle();
    expect(screen.queryByText(denied)).not.toBeInTheDocument();
    expect(stored()).toMatchObject({ city: 'Austin', latitude: 30.27 });
  });
});

describe('the location kept with the account', () => {
  it('is applied on a device with none stored, without asking the browser', async () => {
    stubApi({ 'GET /profile/location/': ok({ location: kept }) });
    const asked = fakeGeolocation({ position: crownHeights });
    storeSession(userLogin);
    renderApp('/LocalActivities');
    const picker = await headerPicker();
    await waitFor(() => expect(picker).toHaveTextContent('Le Marais'));
    expect(picker).toHaveTextContent('Paris, Île-de-France');
    expect(stored()).toEqual(fromAccountLocation(kept));
    await settle();
    expect(asked).not.toHaveBeenCalled();
    expect(screen.queryByText('Location updated successfully!')).not.toBeInTheDocument();
  });

  it('takes this device\'s location when the account has none (chosen before signing in); this device\'s wins otherwise', async () => {
    const here = { city: 'Austin', state: 'Texas', latitude: 30.27, longitude: -97.74, country: 'United States', area: 'Downtown', formattedAddress: 'Downtown, Austin, Texas, United States' };
    const api = stubApi();
    storeSession(userLogin, { userLocation: JSON.stringify(here) });
    const first = renderApp('/LocalActivities');
    await waitFor(() => expect(api.to('PUT /profile/location/')).toHaveLength(1));
    expect(api.to('PUT /profile/location/')[0]?.body).toEqual(toAccountLocationInput(here));
    first.unmount();

    const second = stubApi({ 'GET /profile/location/': ok({ location: kept }) });
    renderApp('/LocalActivities');
    await waitFor(() => expect(second.to('GET /profile/location/')).toHaveLength(1));
    expect(await headerPicker()).toHaveTextContent('Downtown');
    expect(stored()).toEqual(here);
    expect(second.to('PUT /profile/location/')).toHaveLength(0);
  });

  it('is not asked for nor saved for a visitor', async () => {
    const api = stubApi({ 'GET /vendor/lists/': ok({ count: 0, count_capped: false, page: 1, page_size: 12, results: [] }) });
    renderApp('/vendor');
    await screen.findByRole('heading', { level: 1, name: 'Find Vendors' });
    expect(api.to('GET /profile/location/')).toHaveLength(0);
  });
});

describe('"Set your area" where a page needs a location', () => {
  it('shows on the directory while no area is chosen, opens the dialog, and leaves once one is chosen (a visitor keeps it on this device only)', async () => {
    const api = stubApi({
      'GET /vendor/lists/': ok({ count: 0, count_capped: false, page: 1, page_size: 12, results: [] }),
      'GET /geo/suggest/': ok([brooklynPlace]),
    });
    const app = renderApp('/vendor');
    const prompt = await screen.findByRole('region', { name: 'Set your area' });
    expect(prompt).toHaveTextContent('Showing vendors near New York');
    await app.user.click(within(prompt).getByRole('button', { name: 'Set your area' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Your Location' });
    await app.user.type(within(dialog).getByPlaceholderText('Enter location (e.g., New York, USA)'), 'brooklyn');
    await app.user.click(await screen.findByRole('option', { name: 'Brooklyn, New York City, New York, United States' }));
    expect(await screen.findByText('Location updated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Set your area' })).not.toBeInTheDocument());
    expect(stored()).toMatchObject({ city: 'New York City', area: 'Brooklyn' });
    await waitFor(() => expect(api.to('GET /vendor/lists/').at(-1)?.query.get('lat')).toBe('40.71427'));
    expect(api.to('PUT /profile/location/')).toHaveLength(0);
  });

  it('is not shown once an area is stored', async () => {
    stubApi({ 'GET /vendor/lists/': ok({ count: 0, count_capped: false, page: 1, page_size: 12, results: [] }) });
    localStorage.setItem('userLocation', JSON.stringify(fromAccountLocation(kept)));
    renderApp('/vendor');
    await screen.findByRole('heading', { level: 1, name: 'Find Vendors' });
    expect(screen.queryByRole('region', { name: 'Set your area' })).not.toBeInTheDocument();
  });
});

describe('location search', () => {
  it('says when no place matches what was typed, and when the search failed', async () => {
    const api = stubApi({ 'GET /geo/suggest/': ok([]) });
    storeSession(userLogin, { userLocation: JSON.stringify(fromAccountLocation(kept)) });
    const app = renderApp('/LocalActivities');
    await app.user.click(await headerPicker());
    const dialog = await screen.findByRole('dialog', { name: 'Select Your Location' });
    const input = within(dialog).getByPlaceholderText('Enter location (e.g., New York, USA)');
    await app.user.type(input, 'qwxzv');
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('No places match “qwxzv”.'));
    expect(within(dialog).queryByRole('option')).not.toBeInTheDocument();

    api.on('GET /geo/suggest/', { status: 503, body: { error: 'Busy.', code: 'SERVICE_UNAVAILABLE' } });
    await app.user.type(input, 'q');
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('Places could not be searched just now.'));
  });
});
