import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeUserLocation } from '../../session/storage.ts';
import { activityCard } from '../../test/activity-fixtures.ts';
import { dealCard } from '../../test/customer-deal-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { vendorCard } from '../../test/vendor-fixtures.ts';
import { nearbyPicksOf } from './api/get-nearby-picks.ts';

type Answer = { status: number; body: unknown };
const page = (results: unknown[]): Answer => ({ status: 200, body: { count: results.length, page: 1, page_size: results.length, results } });
const nothing = page([]);

/**
 * The landing page fetches the near-me lists itself (no API client, no zod on the front page): a fake network for
 * them, an answer per list (the directory, the deals, the activities); what is not given answers an empty page.
 */
type Answers = { vendors?: Answer; deals?: Answer; activities?: Answer };
function network(answers: Answers | (() => Answers)) {
  const requests: URL[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    requests.push(url);
    const now = typeof answers === 'function' ? answers() : answers;
    const answer = { '/api/vendor/lists/': now.vendors, '/api/deals/lists/': now.deals, '/api/activities/lists/': now.activities }[url.pathname] ?? nothing;
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { to: (pathname: string) => requests.filter((url) => url.pathname === pathname) };
}
const directory = (answer: Answer) => {
  const requests = network({ vendors: answer });
  return {
    get first() {
      return requests.to('/api/vendor/lists/')[0];
    },
  };
};

const picks = [
  vendorCard(1, { business_name: 'Golden Crust Bakery', category: 'Food & Drink', rating_avg: 4.7, rating_count: 3, distance_km: 3.4, city: 'Brooklyn' }),
  vendorCard(2, { business_name: 'Sunrise Yoga Studio', category: 'Fitness & Sports', rating_avg: 4.5, rating_count: 2, distance_km: 0.45, city: 'New York' }),
  vendorCard(3, { business_name: 'Liberty Paws Grooming', category: 'Pets', rating_avg: null, rating_count: 0, distance_km: 2.9, city: 'Jersey City' }),
];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the landing page\'s hero', () => {
  it('shows real vendors near New York by default, best rated first, each linking to its page', async () => {
    const requests = directory({ status: 200, body: { count: 3, page: 1, page_size: 3, results: picks } });
    renderApp('/');
    const hero = await screen.findByRole('region', { name: 'Top rated near New York' });
    const links = (await within(hero).findAllByRole('link')).filter((link) => link.textContent !== 'See all vendors');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(picks.map((pick) => `/vendor/${pick.user_id}`));
    expect(within(hero).getByRole('link', { name: 'See all vendors' })).toHaveAttribute('href', '/Vendor?sort=rating');
    expect(links[0]).toHaveTextContent('Golden Crust Bakery');
    expect(links[0]).toHaveTextContent('Food & Drink · Brooklyn · 3.4 km away');
    expect(links[0]).toHaveTextContent('Rated 4.7');
    expect(links[1]).toHaveTextContent('450 m away');
    // Not rated yet: no stars, no number.
    expect(links[2]).not.toHaveTextContent(/Rated/);
    expect(within(hero).queryByText('Example')).not.toBeInTheDocument();

    const query = requests.first?.searchParams;
    expect(requests.first?.pathname).toBe('/api/vendor/lists/');
    expect(Object.fromEntries(query ?? [])).toEqual({ lat: '40.7128', lng: '-74.006', radius_km: '10', sort: 'rating', page_size: '3' });
  });

  it('asks near the location the visitor chose', async () => {
    storeUserLocation({ city: 'Hoboken', state: 'New Jersey', latitude: 40.744, longitude: -74.0324, country: 'United States', area: '', formattedAddress: 'Hoboken, New Jersey, United States' });
    const requests = directory({ status: 200, body: { count: 1, page: 1, page_size: 3, results: picks.slice(0, 1) } });
    renderApp('/');
    expect(await screen.findByRole('region', { name: 'Top rated near Hoboken' })).toBeInTheDocument();
    expect(requests.first?.searchParams.get('lat')).toBe('40.744');
    expect(requests.first?.searchParams.get('lng')).toBe('-74.0324');
  });

  it('shows examples, marked as examples, when no vendor is near or the directory does not answer', async () => {
    for (const answer of [{ status: 200, body: { count: 0, page: 1, page_size: 3, results: [] } }, { status: 503, body: { error: 'Busy', code: 'SERVICE_UNAVAILABLE' } }]) {
      directory(answer);
      const app = renderApp('/');
      const hero = await screen.findByRole('region', { name: 'What you will find here' });
      const examples = within(hero).getByRole('list', { name: 'What you can find on LocalLoop (examples)' });
      expect(within(examples).getAllByText('Example')).toHaveLength(3);
      expect(within(hero).queryByRole('link')).not.toBeInTheDocument();
      app.unmount();
      vi.unstubAllGlobals();
    }
  });

  it('keeps only the cards that have what a card shows', () => {
    expect(nearbyPicksOf({ results: [picks[0], { id: 'x' }, null, 'card'] })).toEqual([picks[0]]);
    expect(nearbyPicksOf({ error: 'nope' })).toEqual([]);
    expect(nearbyPicksOf(null)).toEqual([]);
  });
});

describe('the landing page\'s live rows', () => {
  it('shows the popular deals and the upcoming activities near New York, each card a way to its page, and See all on the full lists', async () => {
    const requests = network({
      deals: page([dealCard(1, { title: 'A dozen bagels for $9', city: 'Brooklyn' }), dealCard(2, { title: 'Two coffees for one' })]),
      activities: page([activityCard(1, { title: 'Morning run over the Brooklyn Bridge' })]),
    });
    renderApp('/');
    const deals = await screen.findByRole('region', { name: 'Popular deals near New York' });
    expect(await within(deals).findByRole('heading', { level: 3, name: 'A dozen bagels for $9' })).toBeInTheDocument();
    expect(within(deals).getByRole('link', { name: 'A dozen bagels for $9' })).toHaveAttribute('href', `/DealDetails/${dealCard(1).id}`);
    expect(within(deals).getAllByTestId('deal-card')).toHaveLength(2);
    expect(within(deals).getByRole('link', { name: 'See all deals' })).toHaveAttribute('href', '/PopularDeals?sort=popularity');

    const activities = screen.getByRole('region', { name: 'Upcoming activities near New York' });
    expect(await within(activities).findByRole('link', { name: 'Morning run over the Brooklyn Bridge' })).toHaveAttribute('href', `/ActivitiesDetails/${activityCard(1).id}`);
    expect(within(activities).getByRole('link', { name: 'See all activities' })).toHaveAttribute('href', '/LocalActivities');

    expect(Object.fromEntries(requests.to('/api/deals/lists/')[0]?.searchParams ?? [])).toEqual({ lat: '40.7128', lng: '-74.006', radius_km: '10', sort: 'popularity', page_size: '4' });
    expect(Object.fromEntries(requests.to('/api/activities/lists/')[0]?.searchParams ?? [])).toEqual({ lat: '40.7128', lng: '-74.006', radius_km: '10', page_size: '4' });
  });

  it('says when there is nothing near yet, and when a list did not load offers Try again, which asks once more', async () => {
    let dealsAnswer: Answer = { status: 503, body: { error: 'Busy', code: 'SERVICE_UNAVAILABLE' } };
    network(() => ({ deals: dealsAnswer }));
    const { user } = renderApp('/');
    const activities = await screen.findByRole('region', { name: 'Upcoming activities near New York' });
    expect(await within(activities).findByText('Nothing planned near New York yet: start the first activity.')).toBeInTheDocument();
    const deals = screen.getByRole('region', { name: 'Popular deals near New York' });
    const failed = await within(deals).findByRole('alert');
    expect(failed).toHaveTextContent('We could not load the deals near you just now.');
    dealsAnswer = page([dealCard(1, { title: 'A dozen bagels for $9' })]);
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await within(deals).findByRole('link', { name: 'A dozen bagels for $9' })).toBeInTheDocument();
  });

  it('leaves out a card without what a card shows', async () => {
    network({ deals: page([dealCard(1, { title: 'Whole' }), { ...dealCard(2, { title: 'Broken' }), deal_price: null }]) });
    renderApp('/');
    const deals = await screen.findByRole('region', { name: 'Popular deals near New York' });
    expect(await within(deals).findByRole('link', { name: 'Whole' })).toBeInTheDocument();
    expect(within(deals).queryByRole('link', { name: 'Broken' })).not.toBeInTheDocument();
  });

  it('explains how it works for people and for businesses', async () => {
    network({});
    renderApp('/');
    const how = await screen.findByRole('region', { name: 'How it works' });
    expect(within(how).getByRole('group', { name: 'For people nearby' })).toHaveTextContent('Set your area');
    expect(within(how).getByRole('group', { name: 'For local businesses' })).toHaveTextContent('Get approved');
    expect(within(how).getByRole('link', { name: 'Join as a vendor' })).toHaveAttribute('href', '/login');
  });
});
