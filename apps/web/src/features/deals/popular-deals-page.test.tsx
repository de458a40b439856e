import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../test/api-stub.ts';
import { dealCard, dealPage } from '../../test/customer-deal-fixtures.ts';
import { storeSession, userLogin } from '../../test/fixtures.ts';
import { storedImage } from '../../test/vendor-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const brooklyn = { city: 'Brooklyn', state: 'New York', latitude: 40.6782, longitude: -73.9442, country: 'United States', area: '', formattedAddress: 'Brooklyn, New York, United States' };

describe('popular deals (/PopularDeals)', () => {
  it('shows a visitor the deals near New York with both prices, discount, distance, rating, sold and left', async () => {
    const api = stubApi({
      'GET /deals/lists/': ok(
        dealPage([
          dealCard(1, { title: 'Half-price pizza night', remaining: 3, rating_avg: 4.5, rating_count: 8, sold_count: 40 }),
          dealCard(2, { title: 'Two coffees for one', discount_percent: 50, deal_price: { amount_cents: 450, currency: 'USD' }, original_price: { amount_cents: 900, currency: 'USD' } }),
        ]),
      ),
    });
    renderApp('/PopularDeals');
    expect(await screen.findByRole('heading', { level: 1, name: 'Popular Deals' })).toBeInTheDocument();
    const cards = await screen.findAllByTestId('deal-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByRole('link', { name: 'Half-price pizza night' })).toHaveAttribute('href', `/DealDetails/${dealCard(1).id}`);
    expect(cards[0]).toHaveTextContent('Tony’s Pizzeria');
    expect(cards[0]).toHaveTextContent('30% off');
    expect(cards[0]).toHaveTextContent('Deal price $14');
    expect(first.getByText('$20', { exact: false }).closest('del')).not.toBeNull();
    expect(cards[0]).toHaveTextContent('1.2 km · New York');
    expect(first.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    expect(cards[0]).toHaveTextContent('40 sold · 3 left');
    // No stock limit: no "left".
    expect(cards[1]).not.toHaveTextContent('left');
    expect(cards[1]).toHaveTextContent('No ratings yet');
    expect(screen.getByRole('status')).toHaveTextContent('2 deals within 25 km of New York, nearest first');
    const query = api.to('GET /deals/lists/')[0]?.query;
    expect([query?.get('lat'), query?.get('lng'), query?.get('sort'), query?.get('radius_km')]).toEqual(['40.7128', '-74.006', 'distance', '25']);
  });

  it('fetches the first card\'s picture at once, as what a phone shows first, and the others when scrolled near', async () => {
    stubApi({ 'GET /deals/lists/': ok(dealPage([dealCard(1, { image: storedImage('first') }), dealCard(2, { image: storedImage('second') })])) });
    renderApp('/PopularDeals');
    const cards = await screen.findAllByTestId('deal-card');
    const [first, second] = cards.map((card) => card.querySelector('img'));
    expect([first?.getAttribute('loading'), first?.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
    expect([second?.getAttribute('loading'), second?.getAttribute('fetchpriority')]).toEqual(['lazy', 'auto']);
  });

  it('sorts by popularity and filters by category and words, in the address', async () => {
    const api = stubApi({
      'GET /deals/lists/': (request) =>
        ok(dealPage(request.query.get('sort') === 'popularity' ? [dealCard(2, { sold_count: 90 }), dealCard(1)] : [dealCard(1), dealCard(2, { sold_count: 90 })])),
    });
    storeSession(userLogin, { userLocation: JSON.stringify(brooklyn) });
    const { user, location } = renderApp('/PopularDeals');
    await waitFor(() => expect(screen.getAllByTestId('deal-card').map((card) => within(card).getByRole('link').textContent)).toEqual(['Deal 1', 'Deal 2']));
    expect(api.to('GET /deals/lists/')[0]?.query.get('lat')).toBe('40.6782');

    await user.selectOptions(screen.getByLabelText('Sort by'), 'popularity');
    await waitFor(() => expect(location().search).toBe('?sort=popularity'));
    await waitFor(() => expect(screen.getAllByTestId('deal-card').map((card) => within(card).getByRole('link').textContent)).toEqual(['Deal 2', 'Deal 1']));
    expect(screen.getByRole('status')).toHaveTextContent('2 deals within 25 km of Brooklyn, most popular first');

    await user.selectOptions(screen.getByLabelText('Category'), 'Food & Drink');
    await waitFor(() => expect(api.to('GET /deals/lists/').at(-1)?.query.get('category')).toBe('Food & Drink'));
    await user.type(screen.getByLabelText('Search deals'), 'pizza');
    await waitFor(() => expect(api.to('GET /deals/lists/').at(-1)?.query.get('q')).toBe('pizza'));
    expect(new URLSearchParams(location().search).get('sort')).toBe('popularity');
  });

  it('pages through the deals, a page at a time', async () => {
    const api = stubApi({
      'GET /deals/lists/': (request) => {
        const page = Number(request.query.get('page'));
        return ok(dealPage([dealCard(page * 100)], { count: 30, page }));
      },
    });
    const { user, location } = renderApp('/PopularDeals');
    const pager = await screen.findByRole('navigation', { name: 'Pages of deals' });
    expect(pager).toHaveTextContent('Page 1 of 3');
    expect(within(pager).queryByRole('link', { name: /Previous/ })).not.toBeInTheDocument();
    await user.click(within(pager).getByRole('link', { name: /Next/ }));
    await waitFor(() => expect(location().search).toBe('?page=2'));
    expect(await screen.findByRole('link', { name: 'Deal 200' })).toBeInTheDocument();
    expect(api.to('GET /deals/lists/').at(-1)?.query.get('page')).toBe('2');
    expect(screen.getByRole('navigation', { name: 'Pages of deals' })).toHaveTextContent('Page 2 of 3');
    // A new sort starts again at the first page.
    await user.selectOptions(screen.getByLabelText('Sort by'), 'popularity');
    await waitFor(() => expect(location().search).toBe('?sort=popularity'));
  });

  it('offers a wider search when nothing is on sale near, and clearing when nothing matches', async () => {
    stubApi({ 'GET /deals/lists/': ok(dealPage([])) });
    const { user } = renderApp('/PopularDeals');
    expect(await screen.findByRole('heading', { name: 'No deals within 25 km right now' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Look within 100 km' }));
    expect(await screen.findByRole('heading', { name: 'No deals within 100 km right now' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Category'), 'Food & Drink');
    expect(await screen.findByRole('heading', { name: 'No deals match' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and category' }));
    expect(await screen.findByRole('heading', { name: 'No deals within 100 km right now' })).toBeInTheDocument();
  });
});
