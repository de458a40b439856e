import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, refuse, stubApi } from '../../test/api-stub.ts';
import { deal, dealRating, dealRatings, purchase, purchaseList } from '../../test/customer-deal-fixtures.ts';
import { storeSession, userLogin, vendorLogin } from '../../test/fixtures.ts';
import { installIntersectionObserver } from '../../test/intersection-observer.ts';
import { renderApp } from '../../test/render-app.tsx';

const dealId = deal().id;
const detailsKey = `GET /deals/details/${dealId}/`;
const ratingsKey = `GET /rate-deal/${dealId}/`;

describe('a deal\'s page (/DealDetails/{deal_uuid})', () => {
  it('shows the deal with its prices, state, end, terms, shop, where to redeem it and its ratings, asked with the location as JSON', async () => {
    const api = stubApi({
      [detailsKey]: ok(deal()),
      [ratingsKey]: ok(dealRatings([dealRating(1, { comment: 'Crisp crust, friendly staff.' }), dealRating(2, { rating: 4 })])),
    });
    renderApp(`/DealDetails/${dealId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Half-price pizza night' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('On sale')).toBeInTheDocument();
    expect(screen.getByText('30% off')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tony’s Pizzeria' })).toHaveAttribute('href', `/vendor/${deal().vendor.user_id}`);
    expect(screen.getByText('12 Mulberry Street, New York, NY 10013')).toBeInTheDocument();
    expect(screen.getByText('840 m from New York')).toBeInTheDocument();
    expect(screen.getByText('Dine in only. One per table.')).toBeInTheDocument();
    expect(screen.getByText(/12 sold/)).toHaveTextContent('12 sold · 8 left');
    const ratings = await screen.findByRole('list', { name: 'Ratings of this deal' });
    expect(within(ratings).getAllByRole('listitem')).toHaveLength(2);
    expect(ratings).toHaveTextContent('Crisp crust, friendly staff.');
    expect(JSON.parse(api.to(detailsKey)[0]?.query.get('location') ?? '')).toEqual({ lat: 40.7128, lng: -74.006 });
    // A visitor is asked to log in, and told the payment is a test.
    expect(screen.getByRole('link', { name: 'Log in to buy' })).toHaveAttribute('href', '/login');
    expect(screen.getByText('Test payment — no money is taken')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Buy now/ })).not.toBeInTheDocument();
  });

  it('buys the chosen quantity with an Idempotency-Key, then opens My Orders with a toast', async () => {
    const api = stubApi({
      [detailsKey]: ok(deal()),
      [ratingsKey]: ok(dealRatings([])),
      'POST /buy-deal/dummy/': { status: 201, body: purchase(1, { quantity: 3, deal: { ...purchase(1).deal, id: dealId, title: 'Half-price pizza night' } }) },
      'GET /get/user/purchases/': ok(purchaseList([purchase(1)])),
    });
    storeSession(userLogin);
    const { user, pathname } = renderApp(`/DealDetails/${dealId}`);
    const form = await screen.findByRole('form', { name: 'Buy Half-price pizza night' });
    expect(within(form).getByText('Test payment — no money is taken')).toBeInTheDocument();
    expect(within(form).getAllByRole('option')).toHaveLength(4);
    await user.selectOptions(within(form).getByLabelText('Quantity'), '3');
    expect(within(form).getByRole('status')).toHaveTextContent('$42');
    await user.click(within(form).getByRole('button', { name: 'Buy now' }));

    expect(await screen.findByText('You bought 3 × Half-price pizza night. Show its QR code at the shop to redeem it.')).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/mypurchasedeal'));
    const [sent] = api.to('POST /buy-deal/dummy/');
    expect(sent?.body).toEqual({ deal_id: dealId, quantity: 3 });
    expect(sent?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the server\'s 409 message, retries the same attempt with the same key and a changed one with a new key', async () => {
    const api = stubApi({
      [detailsKey]: ok(deal({ remaining: 2 })),
      [ratingsKey]: ok(dealRatings([])),
      'POST /buy-deal/dummy/': refuse(409, 'DEAL_SOLD_OUT', 'Only 2 left: choose 2 or fewer.', { quantity: 'Only 2 left: choose 2 or fewer.' }),
    });
    storeSession(userLogin);
    const { user, pathname } = renderApp(`/DealDetails/${dealId}`);
    const form = await screen.findByRole('form', { name: 'Buy Half-price pizza night' });
    await user.selectOptions(within(form).getByLabelText('Quantity'), '3');
    await user.click(within(form).getByRole('button', { name: 'Buy now' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Only 2 left: choose 2 or fewer.');
    expect(pathname()).toBe(`/DealDetails/${dealId}`);

    // The same attempt again (say the answer was lost): the same key, so the server never buys twice.
    await user.click(within(form).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.to('POST /buy-deal/dummy/')).toHaveLength(2));
    const [first, second] = api.to('POST /buy-deal/dummy/');
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);

    // Another quantity is another attempt: a new key.
    await user.selectOptions(within(form).getByLabelText('Quantity'), '2');
    await user.click(within(form).getByRole('button', { name: 'Buy now' }));
    await waitFor(() => expect(api.to('POST /buy-deal/dummy/')).toHaveLength(3));
    const third = api.to('POST /buy-deal/dummy/')[2];
    expect(third?.body).toEqual({ deal_id: dealId, quantity: 2 });
    expect(third?.headers['idempotency-key']).not.toBe(first?.headers['idempotency-key']);
  });

  it('keeps the key when the network drops during a purchase, so the retry cannot buy twice', async () => {
    let calls = 0;
    const api = stubApi({
      [detailsKey]: ok(deal()),
      [ratingsKey]: ok(dealRatings([])),
      'POST /buy-deal/dummy/': () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return { status: 201, body: purchase(1) };
      },
      'GET /get/user/purchases/': ok(purchaseList([purchase(1)])),
    });
    storeSession(userLogin);
    const { user, pathname } = renderApp(`/DealDetails/${dealId}`);
    const form = await screen.findByRole('form', { name: 'Buy Half-price pizza night' });
    await user.click(within(form).getByRole('button', { name: 'Buy now' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('We could not reach LocalLoop.');
    await user.click(within(form).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(pathname()).toBe('/mypurchasedeal'));
    const [first, second] = api.to('POST /buy-deal/dummy/');
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
  });

  it('shows its owner no Buy button, and says honestly when a deal cannot be bought', async () => {
    const api = stubApi({ [detailsKey]: ok(deal({ is_owner: true, can_buy_quantity: null, my_quantity: null })), [ratingsKey]: ok(dealRatings([])) });
    storeSession(vendorLogin);
    const first = renderApp(`/DealDetails/${dealId}`);
    expect(await screen.findByText('This is your deal: customers buy it here.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Buy/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage your deals' })).toHaveAttribute('href', '/MyDeals');
    first.unmount();

    localStorage.clear();
    storeSession(userLogin);
    api.on(detailsKey, ok(deal({ state: 'sold_out', remaining: 0 })));
    const second = renderApp(`/DealDetails/${dealId}`);
    expect(await screen.findByText('This deal is sold out.')).toBeInTheDocument();
    expect(screen.getByText('Sold out')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Buy/ })).not.toBeInTheDocument();
    second.unmount();

    api.on(detailsKey, ok(deal({ state: 'paused', is_paused: true })));
    renderApp(`/DealDetails/${dealId}`);
    expect(await screen.findByText('The shop has paused this deal for now. Check back later.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Buy/ })).not.toBeInTheDocument();
  });

  it('tells a customer who reached the per-customer limit, with the way to their code', async () => {
    stubApi({ [detailsKey]: ok(deal({ my_quantity: 4, can_buy_quantity: 0 })), [ratingsKey]: ok(dealRatings([])) });
    storeSession(userLogin);
    renderApp(`/DealDetails/${dealId}`);
    expect(await screen.findByText('You have bought as many of this deal as one customer may (4).')).toBeInTheDocument();
    expect(screen.getByText(/You have 4 of this deal/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Buy/ })).not.toBeInTheDocument();
  });

  it('says a deal does not exist, for an unknown id or a malformed one', async () => {
    const api = stubApi({ [detailsKey]: refuse(404, 'NOT_FOUND', 'That deal was not found.') });
    const first = renderApp(`/DealDetails/${dealId}`);
    expect(await screen.findByRole('heading', { name: 'This deal does not exist' })).toBeInTheDocument();
    first.unmount();
    renderApp('/DealDetails/not-a-deal');
    expect(await screen.findByRole('heading', { level: 1, name: 'Deal Details' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'This deal does not exist' })).toBeInTheDocument();
    expect(api.requests.filter((request) => request.path.startsWith('/deals/details/not-a-deal'))).toHaveLength(0);
  });

  it('asks for the ratings when their section comes near the view, showing the deal\'s own average until then', async () => {
    const { cross } = installIntersectionObserver();
    const api = stubApi({
      [detailsKey]: ok(deal({ rating_avg: 4.5, rating_count: 2 })),
      [ratingsKey]: ok(dealRatings([dealRating(1, { comment: 'Crisp crust, friendly staff.' }), dealRating(2, { rating: 4 })])),
    });
    renderApp(`/DealDetails/${dealId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Half-price pizza night' })).toBeInTheDocument();
    expect(screen.getByTestId('deal-rating-average')).toHaveTextContent('4.5');
    expect(screen.queryByRole('list', { name: 'Ratings of this deal' })).not.toBeInTheDocument();
    expect(screen.queryByText('Loading ratings…')).not.toBeInTheDocument();
    expect(api.to(ratingsKey)).toHaveLength(0);
    cross(true);
    const ratings = await screen.findByRole('list', { name: 'Ratings of this deal' });
    expect(within(ratings).getAllByRole('listitem')).toHaveLength(2);
    expect(api.to(ratingsKey)).toHaveLength(1);
  });
});
