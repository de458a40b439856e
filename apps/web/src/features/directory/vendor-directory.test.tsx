import { act, screen, waitFor, within } from '@testing-library/react';
import type { VendorCard, VendorListResponse } from '@localloop/contract';
import { describe, expect, it } from 'vitest';
import { setUserLocation } from '../../session/user-location.ts';
import { ok, refuse, stubApi } from '../../test/api-stub.ts';
import type { StubRequest } from '../../test/api-stub.ts';
import { storeSession, userLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { storedImage, vendorCard } from '../../test/vendor-fixtures.ts';

const brooklyn = {
  city: 'Brooklyn',
  state: 'New York',
  latitude: 40.6782,
  longitude: -73.9442,
  country: 'United States',
  area: '',
  formattedAddress: 'Brooklyn, New York, United States',
};

function page(results: VendorCard[], { count = results.length, page: pageNumber = 1, capped = false } = {}): VendorListResponse {
  return { count, count_capped: capped, page: pageNumber, page_size: 12, results };
}

const listKey = 'GET /vendor/lists/';

function directoryApi(results: VendorCard[] = [vendorCard(1, { business_name: 'Hudson Bakery' }), vendorCard(2, { business_name: 'Pier Yoga', category: 'Fitness & Sports', distance_km: 0.42, rating_avg: null, rating_count: 0 })]) {
  return stubApi({ [listKey]: ok(page(results)) });
}

function lastListQuery(api: ReturnType<typeof stubApi>): URLSearchParams {
  const requests = api.to(listKey);
  const last = requests.at(-1);
  if (!last) throw new Error('no directory request');
  return last.query;
}

async function openAsUser(path = '/VendorList') {
  storeSession(userLogin);
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: path.startsWith('/VendorList') ? 'Browse Vendors' : 'Find Vendors' });
  return app;
}

describe('vendor directory (/VendorList and /Vendor)', () => {
  it('asks for vendors near the chosen location and shows them as cards', async () => {
    setUserLocation(brooklyn);
    const api = directoryApi();
    await openAsUser();

    const cards = await screen.findAllByTestId('vendor-card');
    expect(cards).toHaveLength(2);
    const query = lastListQuery(api);
    expect(Object.fromEntries(query)).toEqual({ lat: '40.6782', lng: '-73.9442', radius_km: '25', sort: 'distance', page: '1', page_size: '12' });

    const first = within(cards[0] as HTMLElement);
    expect(first.getByRole('link', { name: 'Hudson Bakery' })).toHaveAttribute('href', '/vendor/b0000000-0000-4000-8000-000000000001');
    expect(first.getByText('Food & Drink')).toBeInTheDocument();
    expect(first.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    expect(first.getByText('1.2 km · New York')).toBeInTheDocument();
    expect(first.getByText('HB')).toBeInTheDocument();
    const second = within(cards[1] as HTMLElement);
    expect(second.getByText('No ratings yet')).toBeInTheDocument();
    expect(second.getByText('420 m · New York')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 vendors within 25 km of Brooklyn');
  });

  it('leads each card with its cover, lazily and in a fixed shape; a vendor without a cover shows its logo, and without either its initials', async () => {
    directoryApi([
      vendorCard(1, { business_name: 'Hudson Bakery', cover_image: storedImage('bakery-front'), logo_image: storedImage('bakery-logo', 512, 512) }),
      vendorCard(2, { business_name: 'Pier Yoga', logo_image: storedImage('yoga-logo', 512, 512) }),
      vendorCard(3, { business_name: 'Canal Street Tailor' }),
    ]);
    await openAsUser();
    const [withCover, withLogo, bare] = (await screen.findAllByTestId('vendor-card')) as [HTMLElement, HTMLElement, HTMLElement];

    // Decorative (the name is the card's link): alt="" so a screen reader does not read a file name.
    const [cover, badge] = [...withCover.querySelectorAll('img')];
    expect(cover).toHaveAttribute('alt', '');
    expect(cover).toHaveAttribute('srcset', '/media/images/bakery-front.w320.webp 320w, /media/images/bakery-front.w640.webp 640w, /media/images/bakery-front.w1280.webp 1280w, /media/images/bakery-front.jpg 1600w');
    expect(cover).toHaveAttribute('sizes', expect.stringContaining('100vw'));
    expect(cover).toHaveAttribute('loading', 'lazy');
    expect(cover?.parentElement).toHaveStyle({ aspectRatio: '16 / 10' });
    // The logo rides on the cover's corner.
    expect(badge).toHaveAttribute('srcset', '/media/images/bakery-logo.w320.webp 320w, /media/images/bakery-logo.jpg 512w');

    const logos = [...withLogo.querySelectorAll('img')];
    expect(logos.map((img) => img.getAttribute('srcset'))).toEqual(['/media/images/yoga-logo.w320.webp 320w, /media/images/yoga-logo.jpg 512w']);
    expect(within(withLogo).queryByText('PY')).not.toBeInTheDocument();

    expect(bare.querySelectorAll('img')).toHaveLength(0);
    expect(within(bare).getByText('CS')).toBeInTheDocument();
  });

  it('shows the same list to a visitor at /vendor, near New York by default', async () => {
    const api = directoryApi();
    renderApp('/vendor');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find Vendors' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('vendor-card')).toHaveLength(2);
    expect(lastListQuery(api).get('lat')).toBe('40.7128');
    expect(lastListQuery(api).get('lng')).toBe('-74.006');
  });

  it('sends the search once the typing pauses, not for every key', async () => {
    const api = directoryApi();
    const { user, location } = await openAsUser();
    await screen.findAllByTestId('vendor-card');

    await user.type(screen.getByRole('searchbox', { name: 'Search vendors' }), 'bakery');
    await waitFor(() => expect(lastListQuery(api).get('q')).toBe('bakery'));
    const searched = api.to(listKey).map((request) => request.query.get('q')).filter(Boolean);
    expect(searched).toEqual(['bakery']);
    expect(location().search).toBe('?q=bakery');
  });

  it('sorts by rating, filters by category and changes the radius', async () => {
    const api = directoryApi();
    const { user, location } = await openAsUser();
    await screen.findAllByTestId('vendor-card');

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Top rated');
    await waitFor(() => expect(lastListQuery(api).get('sort')).toBe('rating'));

    const categories = screen.getByRole('group', { name: 'Category' });
    await user.click(within(categories).getByRole('button', { name: 'Beauty & Wellness' }));
    await waitFor(() => expect(lastListQuery(api).get('category')).toBe('Beauty & Wellness'));
    expect(within(categories).getByRole('button', { name: 'Beauty & Wellness' })).toHaveAttribute('aria-pressed', 'true');

    await user.selectOptions(screen.getByLabelText('Distance'), 'Within 10 km');
    await waitFor(() => expect(lastListQuery(api).get('radius_km')).toBe('10'));
    expect(lastListQuery(api).get('sort')).toBe('rating');
    expect(new URLSearchParams(location().search).get('category')).toBe('Beauty & Wellness');
  });

  it('refetches near the new place when the location changes', async () => {
    const api = directoryApi();
    await openAsUser();
    await screen.findAllByTestId('vendor-card');
    act(() => setUserLocation(brooklyn));
    await waitFor(() => expect(lastListQuery(api).get('lat')).toBe('40.6782'));
    expect(await screen.findByText(/within 25 km of Brooklyn/)).toBeInTheDocument();
  });

  it('loads the next page with "Load more vendors"', async () => {
    const firstPage = Array.from({ length: 12 }, (_, i) => vendorCard(i + 1));
    const api = stubApi({
      [listKey]: (request: StubRequest) =>
        request.query.get('page') === '2' ? ok(page([vendorCard(13)], { count: 13, page: 2 })) : ok(page(firstPage, { count: 13 })),
    });
    const { user } = await openAsUser();
    expect(await screen.findAllByTestId('vendor-card')).toHaveLength(12);
    await user.click(screen.getByRole('button', { name: 'Load more vendors' }));
    await waitFor(() => expect(screen.getAllByTestId('vendor-card')).toHaveLength(13));
    expect(lastListQuery(api).get('page')).toBe('2');
    expect(screen.queryByRole('button', { name: 'Load more vendors' })).not.toBeInTheDocument();
  });

  it('says "1,000+" when there are more vendors than the server counts, and keeps offering more', async () => {
    stubApi({ [listKey]: ok(page(Array.from({ length: 12 }, (_, i) => vendorCard(i + 1)), { count: 1000, capped: true })) });
    await openAsUser();
    expect(await screen.findByText('1,000+')).toBeInTheDocument();
    expect(screen.getByText(/vendors within 25 km of/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load more vendors' })).toBeInTheDocument();
  });

  it('says when nothing is near, and offers a wider radius', async () => {
    const api = stubApi({ [listKey]: ok(page([])) });
    const { user } = await openAsUser();
    expect(await screen.findByRole('heading', { name: 'No vendors within 25 km yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Look within 100 km' }));
    await waitFor(() => expect(lastListQuery(api).get('radius_km')).toBe('100'));
  });

  it('shows a failed load with a retry that asks again', async () => {
    const api = stubApi({ [listKey]: refuse(500, 'INTERNAL', 'Something went wrong on our side.') });
    const { user } = await openAsUser();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load vendors.');
    api.on(listKey, ok(page([vendorCard(1)])));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('vendor-card')).toHaveLength(1);
  });
});

describe('favorite heart on the cards', () => {
  it('fills at once, before the server answers, and stays filled', async () => {
    const api = directoryApi([vendorCard(1, { business_name: 'Hudson Bakery' })]);
    let answer: (() => void) | undefined;
    api.on(
      'POST /vendor/a0000000-0000-4000-8000-000000000001/favorite/',
      () => new Promise((resolve) => (answer = () => resolve(ok({ is_favorite: true, favorites_count: 8 })))),
    );
    const { user } = await openAsUser();
    const heart = await screen.findByRole('button', { name: 'Save Hudson Bakery to favorites' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');

    await user.click(heart);
    const pressed = await screen.findByRole('button', { name: 'Save Hudson Bakery to favorites', pressed: true });
    expect(pressed).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(answer).toBeDefined());
    act(() => answer?.());
    await waitFor(() => expect(pressed).toBeEnabled());
    expect(pressed).toHaveAttribute('aria-pressed', 'true');
  });

  it('puts the heart back and says so when the server refuses', async () => {
    const api = directoryApi([vendorCard(1, { business_name: 'Hudson Bakery', is_favorite: true })]);
    api.on('POST /vendor/a0000000-0000-4000-8000-000000000001/favorite/', refuse(503, 'UNAVAILABLE', 'Try again in a minute.'));
    const { user } = await openAsUser();
    await user.click(await screen.findByRole('button', { name: 'Save Hudson Bakery to favorites', pressed: true }));

    expect(await screen.findByText(/We could not remove Hudson Bakery from your favorites. Try again in a minute./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Hudson Bakery to favorites' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.to('POST /vendor/a0000000-0000-4000-8000-000000000001/favorite/')).toHaveLength(1);
  });

  it('asks a visitor to log in instead of saving', async () => {
    const api = directoryApi([vendorCard(1, { business_name: 'Hudson Bakery' })]);
    const app = renderApp('/Vendor');
    await app.user.click(await screen.findByRole('button', { name: 'Save Hudson Bakery to favorites' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in to save favorites' });
    expect(within(dialog).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });
});
