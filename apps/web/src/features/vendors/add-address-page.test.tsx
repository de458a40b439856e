import { screen, waitFor, within } from '@testing-library/react';
import type { Place, VendorAddress } from '@localloop/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../test/api-stub.ts';
import type { StubRequest } from '../../test/api-stub.ts';
import { kycApi, newVendorId, shopAddress, vendorProfile } from '../../test/kyc-fixtures.ts';
import { storeSession, userLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const brooklyn: Place = {
  id: 'geo-5110302',
  city: 'Brooklyn',
  state: 'New York',
  country: 'United States',
  country_code: 'US',
  area: '',
  latitude: 40.6501038,
  longitude: -73.9495823,
  population: 2_300_000,
  formatted_address: 'Brooklyn, New York, United States',
};

/** The zone the fake server finds for a saved address. */
let zoneOfSaved = 'America/New_York';

/** Like the server: an added or changed address answers with its formatted line and zone, and only one is primary. */
function addressApi(addresses: VendorAddress[] = []) {
  const kyc = kycApi(vendorProfile({ addresses, steps: { ...vendorProfile().steps, addresses: addresses.length > 0 } }));
  const saved = (request: StubRequest, id: string): VendorAddress => {
    const body = request.body as Omit<VendorAddress, 'id' | 'vendor_id' | 'formatted_address'>;
    const address = { ...body, id, vendor_id: newVendorId, formatted_address: `${body.line1}, ${body.city}, ${body.country}`, time_zone: zoneOfSaved };
    const profile = kyc.current() ?? vendorProfile();
    const others = profile.addresses.filter((a) => a.id !== id).map((a) => (address.is_primary ? { ...a, is_primary: false } : a));
    kyc.set({ ...profile, addresses: [...others, address], steps: { ...profile.steps, addresses: true } });
    return address;
  };
  kyc.api.on('POST /vendor/me/addresses/', (request) => ({ status: 201, body: saved(request, 'a1000000-0000-4000-8000-000000000009') }));
  kyc.api.on(`PUT /vendor/me/addresses/${shopAddress.id}/`, (request) => ok(saved(request, shopAddress.id)));
  kyc.api.on('GET /geo/timezone/', ok({ time_zone: 'America/New_York' }));
  return kyc;
}

async function openAddresses(addresses: VendorAddress[] = []) {
  const kyc = addressApi(addresses);
  storeSession(userLogin, { vendor_id: newVendorId });
  const app = renderApp('/AddAddress');
  await screen.findByRole('heading', { level: 1, name: 'Addresses' });
  await screen.findByRole('region', { name: 'Your addresses' });
  return { ...kyc, app };
}

afterEach(() => {
  vi.restoreAllMocks();
  zoneOfSaved = 'America/New_York';
});

const pinPosition = () => screen.getByTestId('pin-position');

describe('addresses (/AddAddress)', () => {
  it('places the pin at the place found with the location picker\'s geocoder, fills city, state and country, then adds the address', async () => {
    const { api, app } = await openAddresses();
    api.on('GET /geo/suggest/', ok([brooklyn]));
    // No raw coordinates to type: the point is placed on the map.
    expect(screen.queryByLabelText('Latitude')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Longitude')).not.toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Place on the map' })).toBeInTheDocument();

    await app.user.type(screen.getByRole('combobox', { name: 'Find the place' }), 'brookl');
    await app.user.click(await screen.findByRole('option', { name: 'Brooklyn, New York, United States' }));
    expect(api.to('GET /geo/suggest/')[0]?.query.get('q')).toBe('brookl');

    await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Brooklyn'));
    expect(screen.getByLabelText('State or region')).toHaveValue('New York');
    expect(screen.getByLabelText('Country')).toHaveValue('United States');
    expect(pinPosition()).toHaveTextContent('Pin at 40.65010, -73.94958');
    expect(await screen.findByRole('button', { name: /^Address pin/ })).toBeInTheDocument();
    // The zone there, found by the server, and what it means for the hours.
    expect(await screen.findByTestId('pin-time-zone')).toHaveTextContent(/Time zone here: New York \(Eastern (Standard|Daylight) Time, UTC−0[45]:00\)\. Your opening hours are in it\./);
    expect(api.to('GET /geo/timezone/')[0]?.query.get('lat')).toBe('40.65');

    await app.user.click(screen.getByRole('button', { name: 'Add address' }));
    expect(await screen.findByText('Enter the street and number.')).toBeInTheDocument();
    await app.user.type(screen.getByLabelText('Street and number'), '5 Bedford Ave');
    await app.user.type(screen.getByLabelText('Label (optional)'), 'Studio');
    await app.user.click(screen.getByRole('button', { name: 'Add address' }));

    expect(await screen.findByText('Address added.')).toBeInTheDocument();
    expect(api.to('POST /vendor/me/addresses/')[0]?.body).toEqual({
      label: 'Studio',
      line1: '5 Bedford Ave',
      line2: '',
      city: 'Brooklyn',
      state: 'New York',
      postal_code: '',
      country: 'United States',
      latitude: 40.650104,
      longitude: -73.949582,
      is_primary: true,
    });
    const list = screen.getByRole('region', { name: 'Your addresses' });
    expect(within(list).getByText('Studio')).toBeInTheDocument();
    expect(within(list).getByText('Primary')).toBeInTheDocument();
  });

  it('asks for the pin rather than sending 0, 0', async () => {
    const { api, app } = await openAddresses();
    await app.user.type(screen.getByLabelText('Street and number'), '5 Bedford Ave');
    await app.user.type(screen.getByLabelText('City'), 'Brooklyn');
    await app.user.type(screen.getByLabelText('Country'), 'United States');
    await app.user.click(screen.getByRole('button', { name: 'Add address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Place the pin: find the place above, use your current location, or click the map.');
    expect(api.to('POST /vendor/me/addresses/')).toHaveLength(0);
  });

  it('moves the pin with the arrow keys and names its new place with the reverse geocoder', async () => {
    const { api, app } = await openAddresses([shopAddress]);
    api.on('GET /geo/reverse/', ok({ ...brooklyn, city: 'Jersey City', state: 'New Jersey', formatted_address: 'Jersey City, New Jersey, United States' }));
    await app.user.click(screen.getByRole('button', { name: 'Edit Shop' }));
    expect(pinPosition()).toHaveTextContent('Pin at 40.71970, -74.00890');
    const pin = await screen.findByRole('button', { name: /^Address pin/ });
    pin.focus();
    await app.user.keyboard('{ArrowLeft}{ArrowLeft}');
    await waitFor(() => expect(pinPosition()).not.toHaveTextContent('Pin at 40.71970, -74.00890'));
    // A run of key presses is one move: the place is looked up once the pin rests.
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Jersey City'));
    expect(api.to('GET /geo/reverse/')).toHaveLength(1);
    expect(Number(api.to('GET /geo/reverse/')[0]?.query.get('lng'))).toBeLessThan(-74.0089);
    expect(screen.getByLabelText('State or region')).toHaveValue('New Jersey');
    expect(screen.getByText('Pin placed in Jersey City, New Jersey, United States.')).toBeInTheDocument();
  });

  it('uses the current position for the pin and names it with the reverse geocoder', async () => {
    const { api, app } = await openAddresses();
    api.on('GET /geo/reverse/', ok(brooklyn));
    Object.defineProperty(window.navigator, 'geolocation', {
      value: { getCurrentPosition: (success: PositionCallback) => success({ coords: { latitude: 40.7, longitude: -73.95 } } as GeolocationPosition) },
      configurable: true,
    });
    await app.user.click(screen.getByRole('button', { name: 'Use my current location' }));
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Brooklyn'));
    expect(pinPosition()).toHaveTextContent('Pin at 40.70000, -73.95000');
    expect(api.to('GET /geo/reverse/')[0]?.query.get('lat')).toBe('40.7');
  });

  it('says when the map cannot be shown, and still places the pin from the search', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { api, app } = await openAddresses();
    api.on('GET /geo/suggest/', ok([brooklyn]));
    expect(screen.getByTestId('pin-map-fallback')).toHaveTextContent('Find the place above or use your current location: the pin goes there.');
    await app.user.type(screen.getByRole('combobox', { name: 'Find the place' }), 'brookl');
    await app.user.click(await screen.findByRole('option', { name: 'Brooklyn, New York, United States' }));
    await waitFor(() => expect(pinPosition()).toHaveTextContent('Pin at 40.65010, -73.94958'));
  });

  it('says when the opening hours now follow the new primary address\'s time zone', async () => {
    zoneOfSaved = 'America/Los_Angeles';
    const { api, app } = await openAddresses();
    api.on('GET /geo/suggest/', ok([{ ...brooklyn, city: 'Los Angeles', state: 'California', latitude: 34.05, longitude: -118.24, formatted_address: 'Los Angeles, California, United States' }]));
    await app.user.type(screen.getByRole('combobox', { name: 'Find the place' }), 'los ang');
    await app.user.click(await screen.findByRole('option', { name: 'Los Angeles, California, United States' }));
    await app.user.type(screen.getByLabelText('Street and number'), '600 W 7th St');
    await app.user.click(screen.getByRole('button', { name: 'Add address' }));
    expect(await screen.findByText(/^Address added\. Your opening hours are now in its time zone: Los Angeles \(Pacific/)).toBeInTheDocument();
  });

  it('lists the addresses with the primary badge; edits one and makes another primary', async () => {
    const second: VendorAddress = { ...shopAddress, id: 'a1000000-0000-4000-8000-000000000002', label: 'Warehouse', is_primary: false, formatted_address: '1 Dock St, Brooklyn' };
    const { api, app } = await openAddresses([shopAddress, second]);
    api.on(`PUT /vendor/me/addresses/${second.id}/`, (request) => ok({ ...second, ...(request.body as object) }));

    await app.user.click(screen.getByRole('button', { name: 'Make Warehouse primary' }));
    expect(await screen.findByText('Warehouse is now your primary address.')).toBeInTheDocument();
    expect(api.to(`PUT /vendor/me/addresses/${second.id}/`)[0]?.body).toMatchObject({ label: 'Warehouse', is_primary: true, latitude: shopAddress.latitude });

    await app.user.click(screen.getByRole('button', { name: 'Edit Shop' }));
    const street = await screen.findByLabelText('Street and number');
    expect(street).toHaveValue('12 Hudson St');
    await app.user.clear(street);
    await app.user.type(street, '14 Hudson St');
    await app.user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Address updated.')).toBeInTheDocument();
    expect(api.to(`PUT /vendor/me/addresses/${shopAddress.id}/`)[0]?.body).toMatchObject({ line1: '14 Hudson St', city: 'New York' });
  });
});
