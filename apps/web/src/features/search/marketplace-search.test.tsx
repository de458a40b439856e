import type { SearchResponse } from '@localloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, refuse, stubApi } from '../../test/api-stub.ts';
import { activityCard } from '../../test/activity-fixtures.ts';
import { dealCard } from '../../test/customer-deal-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { vendorCard } from '../../test/vendor-fixtures.ts';

const none = { count: 0, count_capped: false, results: [] };
const answer = (overrides: Partial<SearchResponse> = {}): SearchResponse => ({ q: 'bagel', deals: none, activities: none, services: none, vendors: none, ...overrides });

const name = 'Search deals, activities, services and vendors near you';
/** The plain field the page starts with; focused, the full box (a combobox) loads and takes its place, focused. */
async function searchBox() {
  (await screen.findByRole('searchbox', { name })).focus();
  const box = await screen.findByRole('combobox', { name });
  await waitFor(() => expect(box).toHaveFocus());
  return box;
}

describe('the search on the landing page', () => {
  it('asks near the area with what is typed and lists the matches grouped by kind, each a way to its page', async () => {
    const api = stubApi({
      'GET /search/': ok(
        answer({
          deals: { count: 1, count_capped: false, results: [dealCard(1, { title: 'A dozen bagels for $9', deal_price: { amount_cents: 900, currency: 'USD' } })] },
          activities: { count: 1, count_capped: false, results: [activityCard(1, { title: 'Bagel brunch walk' })] },
          vendors: { count: 1, count_capped: false, results: [vendorCard(1, { business_name: 'Golden Crust Bakery', category: 'Food & Drink' })] },
        }),
      ),
    });
    const { user, pathname } = renderApp('/');
    await user.type(await searchBox(), 'bagel');
    const results = await screen.findByRole('listbox', { name: 'Results for bagel' });
    expect(within(results).getByRole('group', { name: 'Deals' })).toHaveTextContent('A dozen bagels for $9');
    expect(within(results).getByRole('group', { name: 'Deals' })).toHaveTextContent('$9');
    expect(within(results).getByRole('group', { name: 'Activities' })).toHaveTextContent('Bagel brunch walk');
    expect(within(results).getByRole('group', { name: 'Vendors' })).toHaveTextContent('Golden Crust Bakery');
    // A kind without matches has no group.
    expect(within(results).queryByRole('group', { name: 'Services' })).not.toBeInTheDocument();
    const [request] = api.to('GET /search/');
    expect(Object.fromEntries(request?.query ?? [])).toEqual({ q: 'bagel', lat: '40.7128', lng: '-74.006', per_group: '4' });

    // The keyboard: typing made the first result the active one; down once to the second (the activity), Enter opens it.
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(pathname()).toBe(`/ActivitiesDetails/${activityCard(1).id}`));
  });

  it('offers "See all" on the kind\'s own page when there are more matches than shown', async () => {
    stubApi({ 'GET /search/': ok(answer({ deals: { count: 9, count_capped: false, results: [dealCard(1), dealCard(2)] } })) });
    const { user, location } = renderApp('/');
    await user.type(await searchBox(), 'bagel');
    await user.click(await screen.findByRole('option', { name: 'See all 9 deals' }));
    await waitFor(() => expect(`${location().pathname}${location().search}`).toBe('/PopularDeals?q=bagel'));
  });

  it('offers "See all" activities on Local Activities with the words', async () => {
    stubApi({ 'GET /search/': ok(answer({ q: 'run club', activities: { count: 50, count_capped: true, results: [activityCard(1), activityCard(2)] } })) });
    const { user, location } = renderApp('/');
    await user.type(await searchBox(), 'run club');
    const results = await screen.findByRole('listbox', { name: 'Results for run club' });
    const seeAll = await within(results).findByRole('option', { name: 'See all 50+ activities' });
    expect(within(results).getByRole('group', { name: 'Activities' })).toContainElement(seeAll);
    await user.click(seeAll);
    await waitFor(() => expect(`${location().pathname}${location().search}`).toBe('/LocalActivities?q=run%20club'));
    expect(await screen.findByRole('searchbox', { name: 'Search activities' })).toHaveValue('run club');
  });

  it('offers no "See all" when every match is shown', async () => {
    stubApi({ 'GET /search/': ok(answer({ activities: { count: 2, count_capped: false, results: [activityCard(1), activityCard(2)] } })) });
    const { user } = renderApp('/');
    await user.type(await searchBox(), 'bagel');
    const results = await screen.findByRole('listbox', { name: 'Results for bagel' });
    expect(within(results).getAllByRole('option')).toHaveLength(2);
    expect(within(results).queryByRole('option', { name: /See all/ })).not.toBeInTheDocument();
  });

  it('says when nothing matches and when the search failed, and waits for two characters before asking', async () => {
    const api = stubApi({ 'GET /search/': ok(answer({ q: 'zzzz' })) });
    const { user } = renderApp('/');
    const box = await searchBox();
    await user.type(box, 'z');
    expect(api.to('GET /search/')).toHaveLength(0);
    await user.type(box, 'zzz');
    expect(await screen.findByText('Nothing near you matches “zzzz”. Check the spelling or try another word.')).toBeInTheDocument();
    api.on('GET /search/', refuse(503, 'UNAVAILABLE', 'Try again shortly.'));
    await user.type(box, 'y');
    expect(await screen.findByText('The search did not answer just now. Check your connection and try again.')).toBeInTheDocument();
  });

  it('starts as a plain field, and keeps what was typed into it when the full box takes its place', async () => {
    const api = stubApi({ 'GET /search/': ok(answer({ q: 'bag', vendors: { count: 1, count_capped: false, results: [vendorCard(1, { business_name: 'Bagel Barn' })] } })) });
    const { user } = renderApp('/');
    const plain = await screen.findByRole('searchbox', { name });
    expect(screen.queryByRole('combobox', { name })).not.toBeInTheDocument();
    // Typed at once: the keystrokes land in the plain field, then move with the focus into the full box.
    plain.focus();
    await user.keyboard('bag');
    const box = await screen.findByRole('combobox', { name });
    await waitFor(() => expect(box).toHaveFocus());
    expect(box).toHaveValue('bag');
    expect(await screen.findByRole('option', { name: /Bagel Barn/ })).toBeInTheDocument();
    expect(api.to('GET /search/').at(-1)?.query.get('q')).toBe('bag');
  });
});
