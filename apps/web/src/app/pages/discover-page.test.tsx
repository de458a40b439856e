import type { DiscoverResponse, ServiceCard } from '@localloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activityCard } from '../../test/activity-fixtures.ts';
import { ok, refuse, stubApi } from '../../test/api-stub.ts';
import { dealCard, dealVendor } from '../../test/customer-deal-fixtures.ts';
import { storeSession, userLogin, vendorLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { vendorCard } from '../../test/vendor-fixtures.ts';

const brooklyn = { city: 'Brooklyn', state: 'New York', latitude: 40.6782, longitude: -73.9442, country: 'United States', area: '', formattedAddress: 'Brooklyn, New York, United States' };

function serviceCard(n: number, overrides: Partial<ServiceCard> = {}): ServiceCard {
  return {
    id: `5e000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`,
    name: `Service ${n}`,
    description: 'Something good.',
    category: 'Fitness & Sports',
    duration_minutes: 45,
    price: { amount_cents: 7000, currency: 'USD' },
    image: null,
    vendor: { id: dealVendor.id, user_id: dealVendor.user_id, business_name: 'Pier Pilates', rating_avg: null, rating_count: 0, time_zone: 'America/New_York' },
    distance_km: 0.8,
    city: 'New York',
    latitude: 40.7203,
    longitude: -74.0052,
    is_favorite: false,
    ...overrides,
  };
}

const group = <T,>(results: T[], count = results.length) => ({ count, count_capped: false, results });

function answer(overrides: Partial<DiscoverResponse> = {}): DiscoverResponse {
  return {
    category: null,
    deals: group([dealCard(1, { title: 'Half-price pizza night' }), dealCard(2, { title: 'Two coffees for one', latitude: 40.7301, longitude: -73.9911 })], 12),
    activities: group([activityCard(1, { title: 'Morning run in Central Park' })]),
    services: group([serviceCard(1, { name: 'Private pilates session' })]),
    vendors: group([vendorCard(1, { business_name: 'Hudson Bakery' }), vendorCard(2, { business_name: 'Pier Yoga', latitude: 40.7411, longitude: -74.0102 })], 1200),
    ...overrides,
  };
}

const nothing = { count: 0, count_capped: false, results: [] };

/** Opens /Discover signed in (the user unless told) and waits for its answer's sections. */
async function openDiscover(path = '/Discover') {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Discover' });
  return app;
}

const section = (name: string) => screen.getByRole('region', { name });

describe('/Discover', () => {
  it('shows a user the deals, activities, services and vendors near New York, each kind in its own cards with its count and See all', async () => {
    const api = stubApi({ 'GET /discover/': ok(answer()) });
    storeSession(userLogin);
    await openDiscover();

    expect(await screen.findByRole('link', { name: 'Half-price pizza night' })).toHaveAttribute('href', `/DealDetails/${dealCard(1).id}`);
    expect(within(screen.getByRole('main')).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['DDeals', 'AActivities', 'SServices', 'VVendors']);
    expect(within(section('Deals')).getAllByTestId('deal-card')).toHaveLength(2);
    expect(within(section('Deals')).getByRole('heading', { level: 3, name: 'Two coffees for one' })).toBeInTheDocument();
    expect(section('Deals')).toHaveTextContent('12 within 25 km');
    expect(within(section('Deals')).getByRole('link', { name: 'See all deals' })).toHaveAttribute('href', '/PopularDeals');
    expect(within(section('Activities')).getByRole('link', { name: 'Morning run in Central Park' })).toHaveAttribute('href', `/ActivitiesDetails/${activityCard(1).id}`);
    expect(within(section('Activities')).getByRole('link', { name: 'See all activities' })).toHaveAttribute('href', '/LocalActivities');
    expect(within(section('Services')).getByRole('link', { name: 'Private pilates session' })).toHaveAttribute('href', `/services/${serviceCard(1).id}`);
    expect(within(section('Services')).getByRole('link', { name: 'See all services' })).toHaveAttribute('href', '/services/browse');
    expect(within(section('Vendors')).getByRole('link', { name: 'Hudson Bakery' })).toHaveAttribute('href', `/vendor/${vendorCard(1).user_id}`);
    expect(within(section('Vendors')).getByRole('link', { name: 'See all vendors' })).toHaveAttribute('href', '/VendorList');
    // Past 1,000 the server stops counting.
    expect(section('Vendors')).toHaveTextContent('1,200 within');
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('12 deals, 1 activity, 1 service and 1,200 vendors within 25 km of New York');

    // No area chosen: the page is about New York and offers to set one.
    expect(screen.getByRole('region', { name: 'Set your area' })).toHaveTextContent('Showing places near New York');
    const query = api.to('GET /discover/')[0]?.query;
    expect([query?.get('lat'), query?.get('lng'), query?.get('radius_km'), query?.get('per_group'), query?.get('category')]).toEqual(['40.7128', '-74.006', '25', '8', null]);
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('asks about the chosen area, and a category chip changes the request, the address and the See all links', async () => {
    const api = stubApi({
      'GET /discover/': (request) =>
        ok(
          request.query.get('category') === 'fitness-sports'
            ? answer({ category: 'fitness-sports', deals: group([dealCard(7, { title: 'Ten gym passes', category: 'Fitness & Sports' })]) })
            : answer(),
        ),
    });
    storeSession(userLogin, { userLocation: JSON.stringify(brooklyn) });
    const { user, location } = await openDiscover();
    await screen.findByRole('link', { name: 'Half-price pizza night' });
    expect(api.to('GET /discover/')[0]?.query.get('lat')).toBe('40.6782');
    expect(screen.queryByRole('region', { name: 'Set your area' })).not.toBeInTheDocument();

    const chips = screen.getByRole('group', { name: 'Categories' });
    expect(within(chips).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'All',
      'Food & Drink',
      'Fitness & Sports',
      'Beauty & Wellness',
      'Arts & Culture',
      'Outdoors',
      'Learning',
      'Social & Community',
      'Shopping',
      'Home & Services',
      'Pets',
    ]);
    await user.click(within(chips).getByRole('button', { name: 'Fitness & Sports' }));
    await waitFor(() => expect(location().search).toBe('?category=fitness-sports'));
    expect(await screen.findByRole('link', { name: 'Ten gym passes' })).toBeInTheDocument();
    expect(api.to('GET /discover/').at(-1)?.query.get('category')).toBe('fitness-sports');
    expect(within(chips).getByRole('button', { name: 'Fitness & Sports' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(chips).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    expect(section('Deals')).toHaveTextContent('1 in Fitness & Sports within 25 km');
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('1 deal, 1 activity, 1 service and 1,200 vendors in Fitness & Sports within 25 km of Brooklyn');
    // The theme takes in one category of each kind: its own list opens on it.
    expect(within(section('Deals')).getByRole('link', { name: 'See all deals' })).toHaveAttribute('href', '/PopularDeals?category=Fitness+%26+Sports');
    expect(within(section('Activities')).getByRole('link', { name: 'See all activities' })).toHaveAttribute('href', '/LocalActivities?category=Sports+%26+Fitness');

    await user.click(within(chips).getByRole('button', { name: 'All' }));
    await waitFor(() => expect(location().search).toBe(''));
    expect(await screen.findByRole('link', { name: 'Half-price pizza night' })).toBeInTheDocument();
  });

  it('switches to one map with a pin per thing, its key and the same things listed beside it, and back to the list', async () => {
    stubApi({ 'GET /discover/': ok(answer()) });
    storeSession(userLogin);
    const { user, location } = await openDiscover('/Discover?category=food-drink');
    await screen.findByRole('link', { name: 'Half-price pizza night' });

    await user.click(screen.getByRole('button', { name: 'Map' }));
    await waitFor(() => expect(location().search).toBe('?category=food-drink&view=map'));
    expect(screen.getByRole('button', { name: 'Map' })).toHaveAttribute('aria-pressed', 'true');
    const map = await screen.findByTestId('discover-map');
    await waitFor(() => expect(map.querySelector('.leaflet-container')).not.toBeNull(), { timeout: 10_000 });
    await waitFor(() => expect(map.querySelectorAll('.leaflet-marker-icon')).toHaveLength(6));
    expect(within(map).getByTitle('Deal: Half-price pizza night')).toBeInTheDocument();
    expect(within(map).getByTitle('Vendor: Pier Yoga')).toBeInTheDocument();
    expect(within(map).getByRole('link', { name: 'OpenStreetMap' })).toHaveAttribute('href', 'https://www.openstreetmap.org/copyright');
    expect(within(screen.getByRole('list', { name: 'Map key' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'DDeals (2)',
      'AActivities (1)',
      'SServices (1)',
      'VVendors (2)',
      'Your area',
    ]);

    // The list beside the map: the same things, each a link to its page and a way to its pin.
    const list = screen.getByTestId('discover-map-list');
    expect(within(list).getByRole('link', { name: 'Two coffees for one' })).toHaveAttribute('href', `/DealDetails/${dealCard(2).id}`);
    expect(within(list).getByText('The 2 nearest of 1,200 are on the map.')).toBeInTheDocument();
    expect(screen.queryByTestId('deal-card')).not.toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Show Two coffees for one on the map' }));
    expect(within(list).getByRole('button', { name: 'Show Two coffees for one on the map' })).toHaveAttribute('aria-pressed', 'true');
    const open = await within(map).findByRole('link', { name: 'Open deal: Two coffees for one' });
    expect(open).toHaveAttribute('href', `/DealDetails/${dealCard(2).id}`);

    await user.click(screen.getByRole('button', { name: 'List' }));
    await waitFor(() => expect(location().search).toBe('?category=food-drink'));
    expect(screen.queryByTestId('discover-map')).not.toBeInTheDocument();
    expect(await screen.findAllByTestId('deal-card')).toHaveLength(2);
  });

  it('says when the map tiles cannot load and keeps the pins and the list', async () => {
    stubApi({ 'GET /discover/': ok(answer()) });
    storeSession(userLogin);
    await openDiscover('/Discover?view=map');
    const map = await screen.findByTestId('discover-map');
    await waitFor(() => expect(map.querySelectorAll('img.leaflet-tile').length).toBeGreaterThan(0), { timeout: 10_000 });
    // As a browser does when the tile server cannot be reached: every tile of the view fails.
    for (const tile of map.querySelectorAll('img.leaflet-tile')) tile.dispatchEvent(new Event('error'));
    expect(await screen.findByTestId('map-tiles-unavailable')).toHaveTextContent('Map tiles are unavailable right now');
    expect(map.querySelectorAll('.leaflet-marker-icon')).toHaveLength(6);
    expect(within(screen.getByTestId('discover-map-list')).getByRole('link', { name: 'Morning run in Central Park' })).toBeInTheDocument();
  });

  it('says so in each kind with nothing near, with no See all', async () => {
    stubApi({ 'GET /discover/': ok({ category: 'outdoors', deals: nothing, activities: nothing, services: nothing, vendors: nothing }) });
    storeSession(userLogin);
    await openDiscover('/Discover?category=outdoors');
    expect(await screen.findByRole('heading', { level: 3, name: 'No deals here yet' })).toBeInTheDocument();
    for (const kind of ['activities', 'services', 'vendors']) expect(screen.getByRole('heading', { level: 3, name: `No ${kind} here yet` })).toBeInTheDocument();
    expect(section('Deals')).toHaveTextContent('Nothing in Outdoors within 25 km of New York. Try All or another category.');
    expect(screen.queryByRole('link', { name: /See all/ })).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('0 deals, 0 activities, 0 services and 0 vendors in Outdoors within 25 km of New York');
  });

  it('says when the load failed, and Try again asks again', async () => {
    const api = stubApi({ 'GET /discover/': refuse(503, 'SERVICE_UNAVAILABLE', 'The service is busy. Try again in a moment.') });
    storeSession(userLogin);
    const { user } = await openDiscover();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load what is near New York.');
    api.on('GET /discover/', ok(answer()));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Half-price pizza night' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks again after a heart is given on the page, so every card shows it', async () => {
    const api = stubApi({
      'GET /discover/': ok(answer()),
      [`POST /service/${serviceCard(1).id}/favorite/`]: ok({ is_favorite: true, favorites_count: 1 }),
    });
    storeSession(userLogin);
    const { user } = await openDiscover();
    await screen.findByRole('link', { name: 'Private pilates session' });
    api.on('GET /discover/', ok(answer({ services: group([serviceCard(1, { name: 'Private pilates session', is_favorite: true })]) })));
    await user.click(screen.getByRole('button', { name: 'Add Private pilates session to favorites' }));
    expect(await screen.findByRole('button', { name: 'Remove Private pilates session from favorites' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.to('GET /discover/').length).toBeGreaterThanOrEqual(2);
  });

  it('shows a vendor deals and services only, and no link to a list a vendor cannot open', async () => {
    stubApi({ 'GET /discover/': ok(answer()) });
    storeSession(vendorLogin);
    await openDiscover();
    expect(await screen.findByRole('link', { name: 'Half-price pizza night' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['DDeals', 'SServices']);
    expect(screen.queryByRole('link', { name: 'Morning run in Central Park' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Hudson Bakery' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /See all/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Activities and other shops are shown in the user view/)).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('12 deals and 1 service within 25 km of New York');
  });
});
