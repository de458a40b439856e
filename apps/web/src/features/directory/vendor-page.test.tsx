import { screen, waitFor, within } from '@testing-library/react';
import type { VendorRatingsResponse } from '@localloop/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, refuse, stubApi } from '../../test/api-stub.ts';
import type { StubRequest } from '../../test/api-stub.ts';
import { storeSession, userLogin, vendorLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { dealCard, dealPage } from '../../test/customer-deal-fixtures.ts';
import { activityCard, activityList } from '../../test/activity-fixtures.ts';
import { bakery, myRating, storedImage, vendorPhoto, vendorRating } from '../../test/vendor-fixtures.ts';

const pageKey = `GET /vendor/public/${bakery.user_id}/`;
const ratingsKey = `GET /vendor/${bakery.id}/ratings/`;
const path = `/vendor/${bakery.user_id}`;

function ratings(results = [vendorRating(1), vendorRating(2, { rating: 3, comment: 'Fine, a bit slow.' })], mine: VendorRatingsResponse['mine'] = null): VendorRatingsResponse {
  // Five ratings in all, two of them on this page: the distribution is the server's count over all five.
  const distribution = [
    { stars: 5, count: 3 },
    { stars: 4, count: 1 },
    { stars: 3, count: 1 },
    { stars: 2, count: 0 },
    { stars: 1, count: 0 },
  ];
  return { count: results.length, page: 1, page_size: 10, results, mine, distribution };
}

function vendorApi(options: { mine?: VendorRatingsResponse['mine'] } = {}) {
  return stubApi({
    [pageKey]: ok(bakery),
    [ratingsKey]: ok(ratings(undefined, options.mine ?? null)),
  });
}

async function openPage({ signedIn = true } = {}) {
  if (signedIn) storeSession(userLogin);
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Hudson Bakery' });
  return app;
}

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

describe('public vendor page (/vendor/{userId})', () => {
  it('lists the deals the shop has on sale, each opening the deal', async () => {
    const api = stubApi({
      [pageKey]: ok(bakery),
      [ratingsKey]: ok(ratings()),
      'GET /deals/lists/': ok(dealPage([dealCard(1, { title: 'A dozen bagels for $9', discount_percent: 40, remaining: 7 })])),
    });
    await openPage();
    const deals = within(section('Current deals'));
    const link = await deals.findByRole('link', { name: /A dozen bagels for \$9/ });
    expect(link).toHaveAttribute('href', `/DealDetails/${dealCard(1).id}`);
    expect(link).toHaveTextContent('40% off · 7 left');
    expect(api.to('GET /deals/lists/')[0]?.query.get('vendor_id')).toBe(bakery.id);
  });

  it('lists the activities the shop\'s owner hosts, each opening the activity', async () => {
    const activitiesKey = `GET /activities/by-vendor/${bakery.id}/`;
    const api = stubApi({
      [pageKey]: ok(bakery),
      [ratingsKey]: ok(ratings()),
      [activitiesKey]: ok(activityList([activityCard(1, { title: 'Sourdough class', participant_count: 4, distance_km: null }), activityCard(2, { title: 'Bread tasting', distance_km: null })])),
    });
    await openPage();
    const upcoming = within(section('Upcoming activities'));
    const link = await upcoming.findByRole('link', { name: /Sourdough class/ });
    expect(link).toHaveAttribute('href', `/ActivitiesDetails/${activityCard(1).id}`);
    expect(link.closest('li')).toHaveTextContent('4 going');
    expect(upcoming.getByRole('link', { name: /Bread tasting/ })).toHaveAttribute('href', `/ActivitiesDetails/${activityCard(2).id}`);
    expect(api.to(activitiesKey)).toHaveLength(1);
  });

  it('says in one line when the shop\'s owner hosts nothing to come', async () => {
    stubApi({ [pageKey]: ok(bakery), [ratingsKey]: ok(ratings()), [`GET /activities/by-vendor/${bakery.id}/`]: ok(activityList([])) });
    await openPage({ signedIn: false });
    expect(await within(section('Upcoming activities')).findByText('Hudson Bakery has no activities coming up.')).toBeInTheDocument();
    expect(within(section('Upcoming activities')).queryByRole('link')).not.toBeInTheDocument();
  });


  it('shows the profile, contact, hours, address, map, services, deals and ratings', async () => {
    const api = vendorApi();
    await openPage();

    expect(api.to(pageKey)[0]?.query.get('lat')).toBe('40.7128');
    expect(screen.getByText('Sourdough and pastries since 1998.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+12125550100' })).toHaveAttribute('href', 'tel:+12125550100');
    expect(screen.getByRole('link', { name: 'hello@hudson.example' })).toHaveAttribute('href', 'mailto:hello@hudson.example');
    expect(screen.getByText('7 people saved this')).toBeInTheDocument();

    const hours = within(section('Opening hours'));
    expect(hours.getByRole('rowheader', { name: /Monday/ }).closest('tr')).toHaveTextContent('8:00 AM – 12:00 PM1:00 PM – 6:00 PM');
    expect(hours.getByRole('rowheader', { name: /Sunday/ }).closest('tr')).toHaveTextContent('Closed');
    expect(hours.getByText(/Times are local to the vendor: .*\(America\/New_York\)/)).toBeInTheDocument();
    expect(section('Opening hours').querySelectorAll('tr[aria-current="date"]')).toHaveLength(1);

    const address = within(section('Address'));
    expect(address.getByText('12 Hudson St, New York, NY 10013, United States')).toBeInTheDocument();
    // Leaflet renders in jsdom: the map, its OpenStreetMap attribution and one marker.
    await waitFor(() => expect(screen.getByTestId('vendor-map').querySelector('.leaflet-container')).not.toBeNull());
    expect(within(screen.getByTestId('vendor-map')).getByRole('link', { name: 'OpenStreetMap' })).toHaveAttribute('href', 'https://www.openstreetmap.org/copyright');
    expect(screen.getByTestId('vendor-map').querySelectorAll('.leaflet-marker-icon')).toHaveLength(1);

    expect(within(section('Services')).getByRole('heading', { name: 'No services to book yet' })).toBeInTheDocument();
    expect(await within(section('Current deals')).findByRole('heading', { name: 'No current deals' })).toBeInTheDocument();

    const ratingsRegion = within(section('Ratings'));
    expect(screen.getByTestId('rating-average')).toHaveTextContent('4.2');
    expect(screen.getByTestId('rating-count')).toHaveTextContent('5 ratings');
    const list = await ratingsRegion.findByRole('list', { name: 'Ratings' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Fine, a bit slow.')).toBeInTheDocument();
    expect(ratingsRegion.getByRole('rowheader', { name: '5 stars' }).closest('tr')).toHaveTextContent('3');
    expect(ratingsRegion.getByRole('rowheader', { name: '1 star' }).closest('tr')).toHaveTextContent('0');
  });

  it('leads with the vendor\'s photos, the cover fetched at once, and opens them large in an accessible lightbox', async () => {
    const photos = [vendorPhoto(1, 'The shop front'), vendorPhoto(2, 'Loaves on the counter')];
    stubApi({
      [pageKey]: ok({ ...bakery, photos, cover_image: photos[0]?.image ?? null, logo_image: storedImage('logo', 512, 512) }),
      [ratingsKey]: ok(ratings()),
    });
    const app = await openPage();
    const gallery = screen.getByRole('region', { name: 'Photos of Hudson Bakery' });
    const cover = gallery.querySelector('img');
    expect(cover).toHaveAttribute('loading', 'eager');
    expect(cover).toHaveAttribute('srcset', expect.stringContaining('/media/images/photo-1.jpg 1600w'));
    // The logo beside the name.
    expect(document.querySelector('header img[srcset*="/media/images/logo.jpg 512w"]')).not.toBeNull();

    await app.user.click(within(gallery).getByRole('button', { name: 'Open photo 2 of 2: Loaves on the counter' }));
    const lightbox = await screen.findByRole('dialog', { name: 'Photos of Hudson Bakery' });
    expect(within(lightbox).getByRole('img', { name: 'Loaves on the counter' })).toBeInTheDocument();
    await app.user.click(within(lightbox).getByRole('button', { name: 'Close photos' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows no gallery without photos, and the initials where there is no logo', async () => {
    vendorApi();
    await openPage();
    expect(screen.queryByRole('region', { name: 'Photos of Hudson Bakery' })).not.toBeInTheDocument();
    expect(screen.getByText('HB')).toBeInTheDocument();
  });

  it('rates the vendor and shows the new average from the answer at once', async () => {
    const api = vendorApi();
    api.on('POST /rate/vendor/', (request: StubRequest) => {
      const body = request.body as { rating: number; comment: string };
      return ok({ rating: myRating({ rating: body.rating, comment: body.comment }), rating_avg: 4.17, rating_count: 6 });
    });
    const { user } = await openPage();
    const form = await screen.findByRole('form', { name: 'Rate Hudson Bakery' });

    await user.click(within(form).getByRole('button', { name: 'Submit rating' }));
    expect(await within(form).findByText('Choose 1 to 5 stars.')).toBeInTheDocument();
    expect(api.to('POST /rate/vendor/')).toHaveLength(0);

    await user.click(within(form).getByRole('radio', { name: '4 stars' }));
    await user.type(within(form).getByLabelText(/Comment/), 'Great croissants.');
    await user.click(within(form).getByRole('button', { name: 'Submit rating' }));

    await waitFor(() => expect(api.to('POST /rate/vendor/')).toHaveLength(1));
    expect(api.to('POST /rate/vendor/')[0]?.body).toEqual({ vendor_id: bakery.id, rating: 4, comment: 'Great croissants.' });
    expect(await screen.findByRole('heading', { name: 'Your rating' })).toBeInTheDocument();
    expect(screen.getByText('Thanks for rating Hudson Bakery.')).toBeInTheDocument();
    expect(screen.getByTestId('rating-average')).toHaveTextContent('4.2');
    expect(screen.getByTestId('rating-count')).toHaveTextContent('6 ratings');
    expect(screen.getByRole('heading', { level: 1, name: 'Hudson Bakery' }).parentElement).toHaveTextContent('4.2');
  });

  it('shows the user their rating and replaces it when edited', async () => {
    const api = vendorApi({ mine: myRating({ rating: 2, comment: 'Too busy.' }) });
    api.on('POST /rate/vendor/', ok({ rating: myRating({ rating: 5, comment: 'Too busy, but worth it.' }), rating_avg: 4.6, rating_count: 5 }));
    const { user } = await openPage();

    const mine = await screen.findByRole('region', { name: 'Your rating' });
    expect(within(mine).getByRole('img', { name: 'Rated 2.0 out of 5' })).toBeInTheDocument();
    expect(within(mine).getByText('Too busy.')).toBeInTheDocument();
    await user.click(within(mine).getByRole('button', { name: 'Edit your rating' }));

    const form = await screen.findByRole('form', { name: 'Rate Hudson Bakery' });
    expect(within(form).getByRole('radio', { name: '2 stars' })).toBeChecked();
    expect(within(form).getByLabelText(/Comment/)).toHaveValue('Too busy.');
    await user.click(within(form).getByRole('radio', { name: '5 stars' }));
    await user.clear(within(form).getByLabelText(/Comment/));
    await user.type(within(form).getByLabelText(/Comment/), 'Too busy, but worth it.');
    await user.click(within(form).getByRole('button', { name: 'Update rating' }));

    expect(await screen.findByText('Your rating has been updated.')).toBeInTheDocument();
    expect(api.to('POST /rate/vendor/')[0]?.body).toEqual({ vendor_id: bakery.id, rating: 5, comment: 'Too busy, but worth it.' });
    expect(screen.getByTestId('rating-average')).toHaveTextContent('4.6');
  });

  it('shows a visitor the ratings but no rate form', async () => {
    vendorApi();
    await openPage({ signedIn: false });
    expect(await screen.findByRole('list', { name: 'Ratings' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Rate Hudson Bakery' })).not.toBeInTheDocument();
    expect(within(section('Ratings')).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('does not offer a vendor to rate its own business', async () => {
    stubApi({ [pageKey]: ok({ ...bakery, user_id: String(userLogin.user.id) }), [`GET /vendor/public/${String(userLogin.user.id)}/`]: ok({ ...bakery, user_id: String(userLogin.user.id) }), [ratingsKey]: ok(ratings()) });
    storeSession(userLogin);
    renderApp(`/vendor/${String(userLogin.user.id)}`);
    expect(await screen.findByText('This is your business, so you cannot rate it.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('toggles the favorite from the page and updates the count', async () => {
    const api = vendorApi();
    api.on(`POST /vendor/${bakery.id}/favorite/`, ok({ is_favorite: true, favorites_count: 8 }));
    const { user } = await openPage();
    const save = screen.getByRole('button', { name: 'Save Hudson Bakery to favorites' });
    expect(save).toHaveAttribute('aria-pressed', 'false');
    await user.click(save);
    expect(await screen.findByText('8 people saved this')).toBeInTheDocument();
    // Saved: the button says so, and is pressed.
    expect(save).toHaveAttribute('aria-pressed', 'true');
    expect(save).toHaveTextContent(/^Saved/);
    expect(screen.getByRole('button', { name: 'Saved Hudson Bakery to favorites', pressed: true })).toBe(save);
  });

  it('says "No ratings yet" with no number or dash standing in for one', async () => {
    stubApi({ [pageKey]: ok({ ...bakery, rating_avg: null, rating_count: 0 }), [ratingsKey]: ok(ratings([])) });
    await openPage({ signedIn: false });
    const region = section('Ratings');
    expect(within(region).getByTestId('rating-count')).toHaveTextContent(/^No ratings yet$/);
    expect(within(region).queryByTestId('rating-average')).not.toBeInTheDocument();
    expect(region.textContent).not.toMatch(/[–—-]\s*No ratings/);
    // Said once: the list below says what comes next, not "No ratings yet" again.
    expect(await within(region).findByText('Be the first to share how it was.')).toBeInTheDocument();
    expect(within(region).getAllByText(/No ratings yet/)).toHaveLength(1);
  });

  describe('when the map cannot be shown', () => {
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('shows the address and an "Open in maps" link instead of the map with no network', async () => {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      vendorApi();
      await openPage();
      const fallback = await screen.findByTestId('vendor-map-fallback');
      expect(fallback).toHaveTextContent('The map cannot be shown right now');
      expect(fallback).toHaveTextContent('Shop: 12 Hudson St, New York, NY 10013, United States');
      expect(within(fallback).getByRole('link', { name: /Open in maps/ })).toHaveAttribute(
        'href',
        'https://www.openstreetmap.org/?mlat=40.7197&mlon=-74.0089#map=17/40.7197/-74.0089',
      );
      expect(screen.queryByTestId('vendor-map')).not.toBeInTheDocument();
    });

    it('swaps the map for the same fallback when its tiles fail to load', async () => {
      vendorApi();
      await openPage();
      const map = await screen.findByTestId('vendor-map');
      await waitFor(() => expect(map.querySelectorAll('img.leaflet-tile').length).toBeGreaterThan(0));
      // As a browser does when the tile server cannot be reached: every tile of the view fails.
      for (const tile of map.querySelectorAll('img.leaflet-tile')) tile.dispatchEvent(new Event('error'));
      const fallback = await screen.findByTestId('vendor-map-fallback');
      expect(within(fallback).getByRole('link', { name: /Open in maps/ })).toBeInTheDocument();
      expect(screen.queryByTestId('vendor-map')).not.toBeInTheDocument();
    });
  });

  describe('a vendor looking at its own page', () => {
    const own = { ...bakery, user_id: String(vendorLogin.user.id) };
    const ownPath = `/vendor/${own.user_id}`;

    it('lets an approved vendor in the vendor view preview it as customers see it, without saving or rating itself', async () => {
      stubApi({
        [`GET /vendor/public/${own.user_id}/`]: ok(own),
        [ratingsKey]: ok(ratings()),
        [`GET /vendor/status/${String(vendorLogin.vendor_id)}/`]: ok({ is_approved: true, kyc_status: 'approved', is_suspended: false }),
      });
      storeSession(vendorLogin);
      const app = renderApp(ownPath);
      expect(await screen.findByRole('heading', { level: 1, name: 'Hudson Bakery' })).toBeInTheDocument();
      expect(app.pathname()).toBe(ownPath);
      const preview = screen.getByRole('complementary', { name: 'Preview of your page' });
      expect(preview).toHaveTextContent('This is how customers see your page');
      expect(within(preview).getByRole('link', { name: 'Edit your profile' })).toHaveAttribute('href', '/BasicInfo');
      expect(within(preview).getByRole('link', { name: 'Back to your dashboard' })).toHaveAttribute('href', '/vendor/dashboard');
      expect(screen.queryByRole('button', { name: /to favorites/ })).not.toBeInTheDocument();
      expect(await screen.findByText('This is your business, so you cannot rate it.')).toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Dashboard');
    });

    it('still sends a vendor from another vendor\'s page to its dashboard', async () => {
      stubApi({ [`GET /vendor/status/${String(vendorLogin.vendor_id)}/`]: ok({ is_approved: true, kyc_status: 'approved', is_suspended: false }) });
      storeSession(vendorLogin);
      const app = renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Vendor Dashboard' })).toBeInTheDocument();
      expect(app.pathname()).toBe('/vendor/dashboard');
    });
  });

  it('says so kindly when the vendor is unknown', async () => {
    stubApi({ [pageKey]: refuse(404, 'NOT_FOUND', 'There is no such vendor.') });
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'We could not find this vendor' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse vendors' })).toHaveAttribute('href', '/Vendor');
  });

  it('does not even ask for an id that is not one', async () => {
    const api = stubApi({});
    renderApp('/vendor/not-a-vendor');
    expect(await screen.findByRole('heading', { name: 'We could not find this vendor' })).toBeInTheDocument();
    expect(api.requests.filter((request) => request.path.startsWith('/vendor/'))).toHaveLength(0);
  });
});
