import type { Place } from '@localloop/contract';
import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { defaultLocation, useUserLocation } from '../../session/user-location.ts';
import { ok, stubApi } from '../../test/api-stub.ts';
import { storeSession, userLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { locationLabel } from './location-picker.tsx';

const newYork: Place = {
  id: '5128581',
  city: 'New York',
  state: 'New York',
  country: 'United States',
  country_code: 'US',
  area: '',
  latitude: 40.71427,
  longitude: -74.00597,
  population: 8804190,
  formatted_address: 'New York, New York, United States',
};
const austin = { city: 'Austin', state: 'Texas', latitude: 30.27, longitude: -97.74, country: 'United States', area: 'Downtown', formattedAddress: 'Austin, Texas, United States' };

type Answer = { position?: { latitude: number; longitude: number }; error?: number };

/** A browser geolocation answering as told; records the options it was asked with. */
function fakeGeolocation(answer: Answer) {
  const getCurrentPosition = vi.fn((success: PositionCallback, failure?: PositionErrorCallback | null, _options?: PositionOptions) => {
    if (answer.position) {
      success({ coords: answer.position, timestamp: Date.now() } as GeolocationPosition);
    } else if (answer.error !== undefined) {
      failure?.({ code: answer.error, message: '', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
    }
  });
  Object.defineProperty(window.navigator, 'geolocation', {
    value: { getCurrentPosition, watchPosition: vi.fn(), clearWatch: vi.fn() },
    configurable: true,
    writable: true,
  });
  return getCurrentPosition;
}

function stored() {
  const text = localStorage.getItem('userLocation');
  return text ? (JSON.parse(text) as unknown) : null;
}

async function openDialog(app: ReturnType<typeof renderApp>) {
  const header = await screen.findByTestId('user-header');
  await app.user.click(within(header).getByTestId('location-picker'));
  return screen.findByRole('dialog', { name: 'Select Your Location' });
}

describe('location label', () => {
  it('reads as the spec says', () => {
    expect(locationLabel(null)).toEqual({ title: 'Select Location', detail: null });
    expect(locationLabel(austin)).toEqual({ title: 'Downtown', detail: 'Austin, Texas' });
    expect(locationLabel({ ...austin, area: '' })).toEqual({ title: 'Selected Location', detail: 'Austin, Texas' });
  });
});

describe('useUserLocation', () => {
  it('is New York for a visitor without a stored location, and the stored one otherwise', () => {
    const first = renderHook(() => useUserLocation());
    expect(first.result.current).toEqual({
      city: 'New York',
      state: 'New York',
      latitude: 40.7128,
      longitude: -74.006,
      country: 'United States',
      area: '',
      formattedAddress: 'New York, New York, United States',
    });
    expect(first.result.current).toBe(defaultLocation);
    first.unmount();
    localStorage.setItem('userLocation', JSON.stringify(austin));
    expect(renderHook(() => useUserLocation()).result.current).toEqual(austin);
  });
});

describe('location picker', () => {
  it('shows Select Location, then opens the dialog with the spec texts', async () => {
    stubApi();
    storeSession(userLogin);
    const app = renderApp('/LocalActivities');
    const header = await screen.findByTestId('user-header');
    expect(within(header).getByTestId('location-picker')).toHaveTextContent('Select Location');
    const dialog = await openDialog(app);
    // Nothing stored: it is already detecting (the default test geolocation never answers), so disabled.
    expect(within(dialog).getByRole('button', { name: 'Use Current Location' })).toBeDisabled();
    expect(within(dialog).getByText('- OR -')).toBeInTheDocument();
    expect(within(dialog).getByPlaceholderText('Enter location (e.g., New York, USA)')).toHaveAttribute('role', 'combobox');
  });

  it('shows the stored area with city and state, and Selected Location without an area', async () => {
    stubApi();
    storeSession(userLogin, { userLocation: JSON.stringify({ ...austin, area: '' }) });
    renderApp('/LocalActivities');
    const picker = within(await screen.findByTestId('user-header')).getByTestId('location-picker');
    expect(picker).toHaveTextContent('Selected Location');
    expect(picker).toHaveTextContent('Austin, Texas');
  });

  it('asks for suggestions only once typing pauses for 300 ms', async () => {
    const api = stubApi({ 'GET /geo/suggest/': ok([newYork]) });
    storeSession(userLogin, { userLocation: JSON.stringify(austin) });
    const app = renderApp('/LocalActivities');
    const dialog = await openDialog(app);
    const input = within(dialog).getByPlaceholderText('Enter location (e.g., New York, USA)');
    vi.useFakeTimers();
    fireEvent.change(input, { target: { value: 'new' } });
    await act(() => vi.advanceTimersByTimeAsync(200));
    fireEvent.change(input, { target: { value: 'new yo' } });
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(api.to('GET /geo/suggest/')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(api.to('GET /geo/suggest/')).toHaveLength(1);
    expect(api.to('GET /geo/suggest/')[0]?.query.get('q')).toBe('new yo');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(api.to('GET /geo/suggest/')).toHaveLength(1);
    vi.useRealTimers();
  });

  it('stores a chosen suggestion, toasts, closes and refetches every "near me" list', async () => {
    stubApi({ 'GET /geo/suggest/': ok([newYork]) });
    storeSession(userLogin, { userLocation: JSON.stringify(austin) });
    const app = renderApp('/LocalActivities');
    app.queryClient.setQueryData(['near', 'activities', { latitude: 1, longitude: 2 }], []);
    const dialog = await openDialog(app);
    await app.user.type(within(dialog).getByPlaceholderText('Enter location (e.g., New York, USA)'), 'new yo');
    await app.user.click(await screen.findByRole('option', { name: 'New York, New York, United States' }));
    expect(await screen.findByText('Location updated successfully!')).toBeInTheDocument();
    expect(stored()).toEqual({
      city: 'New York',
      state: 'New York',
      latitude: 40.71427,
      longitude: -74.00597,
      country: 'United States',
      area: '',
      formattedAddress: 'New York, New York, United States',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Select Your Location' })).not.toBeInTheDocument());
    expect(within(await screen.findByTestId('user-header')).getByTestId('location-picker')).toHaveTextContent('New York, New York');
    expect(app.queryClient.getQueryState(['near', 'activities', { latitude: 1, longitude: 2 }])?.isInvalidated).toBe(true);
  });
});

describe('current location', () => {
  it('detects on mount when no city is stored, names it by reverse geocoding and stores it', async () => {
    const api = stubApi({ 'GET /geo/reverse/': ok({ ...newYork, area: 'Manhattan' }) });
    const asked = fakeGeolocation({ position: { latitude: 40.7, longitude: -74 } });
    storeSession(userLogin);
    renderApp('/LocalActivities');
    expect(await screen.findByText('Location updated successfully!')).toBeInTheDocument();
    expect(asked).toHaveBeenCalledTimes(1);
    expect(asked.mock.calls[0]?.[2]).toEqual({ timeout: 10000 });
    expect(api.to('GET /geo/reverse/')[0]?.query.get('lat')).toBe('40.7');
    expect(api.to('GET /geo/reverse/')[0]?.query.get('lng')).toBe('-74');
    expect(stored()).toMatchObject({ city: 'New York', area: 'Manhattan' });
    const picker = within(await screen.findByTestId('user-header')).getByTestId('location-picker');
    expect(picker).toHaveTextContent('Manhattan');
    expect(picker).toHaveTextContent('New York, New York');
  });

  it('does not detect on mount when a city is stored', async () => {
    stubApi();
    const asked = fakeGeolocation({ position: { latitude: 1, longitude: 2 } });
    storeSession(userLogin, { userLocation: JSON.stringify(austin) });
    renderApp('/LocalActivities');
    await screen.findByTestId('user-header');
    expect(asked).not.toHaveBeenCalled();
  });

  it('uses the spec fallbacks when the reverse geocode has no names', async () => {
    stubApi({ 'GET /geo/reverse/': ok({ ...newYork, city: '', state: '', country: '', formatted_address: '' }) });
    fakeGeolocation({ position: { latitude: 10, longitude: 20 } });
    storeSession(userLogin);
    renderApp('/LocalActivities');
    await screen.findByText('Location updated successfully!');
    expect(stored()).toMatchObject({ city: 'Unknown City', state: 'Unknown Region', country: 'Unknown Country', latitude: 10, longitude: 20 });
  });

  it('disables Use Current Location while detecting', async () => {
    stubApi({ 'GET /geo/reverse/': ok(newYork) });
    let answer: (position: GeolocationPosition) => void = () => undefined;
    Object.defineProperty(window.navigator, 'geolocation', {
      value: {
        getCurrentPosition: (success: PositionCallback) => {
          answer = success;
        },
      },
      configurable: true,
      writable: true,
    });
    storeSession(userLogin, { userLocation: JSON.stringify(austin) });
    const app = renderApp('/LocalActivities');
    const dialog = await openDialog(app);
    const button = within(dialog).getByRole('button', { name: 'Use Current Location' });
    await app.user.click(button);
    expect(button).toBeDisabled();
    act(() => answer({ coords: { latitude: 40.7, longitude: -74 }, timestamp: 0 } as GeolocationPosition));
    expect(await screen.findByText('Location updated successfully!')).toBeInTheDocument();
  });

  it.each([
    [1, 'Location access denied. Please enable location services.'],
    [2, 'Location information unavailable.'],
    [3, 'Location request timed out.'],
    [99, 'Unable to retrieve your location.'],
  ])('error code %i says "%s"', async (code, message) => {
    stubApi();
    fakeGeolocation({ error: code });
    storeSession(userLogin, { userLocation: JSON.stringify(austin) });
    const app = renderApp('/LocalActivities');
    const dialog = await openDialog(app);
    await app.user.click(within(dialog).getByRole('button', { name: 'Use Current Location' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(stored()).toEqual(austin);
  });

  it('says when the browser has no geolocation', async () => {
    stubApi();
    Object.defineProperty(window.navigator, 'geolocation', { value: undefined, configurable: true, writable: true });
    storeSession(userLogin);
    renderApp('/LocalActivities');
    expect(await screen.findByText('Geolocation not supported by your browser.')).toBeInTheDocument();
  });
});
