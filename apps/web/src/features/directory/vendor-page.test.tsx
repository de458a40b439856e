import { screen, waitFor, within } from '@testing-library/react';
import type { VendorRatingsResponse } from '@localloop/contract';
import { describe, expect, it } from 'vitest';
import { ok, refuse, stubApi } from '../../test/api-stub.ts';
import type { StubRequest } from '../../test/api-stub.ts';
import { storeSession, userLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { bakery, myRating, vendorRating } from '../../test/vendor-fixtures.ts';

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
    expect(within(section('Current deals')).getByRole('heading', { name: 'No current deals' })).toBeInTheDocument();

    const ratingsRegion = within(section('Ratings'));
    expect(screen.getByTestId('rating-average')).toHaveTextContent('4.2');
    expect(screen.getByTestId('rating-count')).toHaveTextContent('5 ratings');
    const list = await ratingsRegion.findByRole('list', { name: 'Ratings' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Fine, a bit slow.')).toBeInTheDocument();
    expect(ratingsRegion.getByRole('rowheader', { name: '5 stars' }).closest('tr')).toHaveTextContent('3');
    expect(ratingsRegion.getByRole('rowheader', { name: '1 star' }).closest('tr')).toHaveTextContent('0');
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
    expect(save).toHaveAttribute('aria-pressed', 'true');
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
