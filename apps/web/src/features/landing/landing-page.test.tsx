import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeUserLocation } from '../../session/storage.ts';
import { renderApp } from '../../test/render-app.tsx';
import { vendorCard } from '../../test/vendor-fixtures.ts';
import { nearbyPicksOf } from './api/get-nearby-picks.ts';

type Answer = { status: number; body: unknown };

/** The landing page fetches the directory itself (no API client, no zod on the front page): a fake network for it. */
function directory(answer: Answer | (() => Promise<Answer>)) {
  const requests: URL[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL) => {
    requests.push(new URL(String(input), 'http://localhost'));
    const { status, body } = typeof answer === 'function' ? await answer() : answer;
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchStub);
  return requests;
}

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
    const links = await within(hero).findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(picks.map((pick) => `/vendor/${pick.user_id}`));
    expect(links[0]).toHaveTextContent('Golden Crust Bakery');
    expect(links[0]).toHaveTextContent('Food & Drink · Brooklyn · 3.4 km away');
    expect(links[0]).toHaveTextContent('Rated 4.7');
    expect(links[1]).toHaveTextContent('450 m away');
    // Not rated yet: no stars, no number.
    expect(links[2]).not.toHaveTextContent(/Rated/);
    expect(within(hero).queryByText('Example')).not.toBeInTheDocument();

    const query = requests[0]?.searchParams;
    expect(requests[0]?.pathname).toBe('/api/vendor/lists/');
    expect(Object.fromEntries(query ?? [])).toEqual({ lat: '40.7128', lng: '-74.006', radius_km: '10', sort: 'rating', page_size: '3' });
  });

  it('asks near the location the visitor chose', async () => {
    storeUserLocation({ city: 'Hoboken', state: 'New Jersey', latitude: 40.744, longitude: -74.0324, country: 'United States', area: '', formattedAddress: 'Hoboken, New Jersey, United States' });
    const requests = directory({ status: 200, body: { count: 1, page: 1, page_size: 3, results: picks.slice(0, 1) } });
    renderApp('/');
    expect(await screen.findByRole('region', { name: 'Top rated near Hoboken' })).toBeInTheDocument();
    expect(requests[0]?.searchParams.get('lat')).toBe('40.744');
    expect(requests[0]?.searchParams.get('lng')).toBe('-74.0324');
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
