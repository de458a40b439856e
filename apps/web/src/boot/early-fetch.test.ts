import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../api/client.ts';
import { defaultActivityFilters, getActivitiesNearQueryOptions } from '../features/activities/api/get-activities-near.ts';
import { getDealQueryOptions } from '../features/deals/api/get-deal.ts';
import { defaultDealFilters, getDealsNearQueryOptions } from '../features/deals/api/get-deals-near.ts';
import { earlyAnswersSettled, startEarlyFetch, takeEarlyFetch } from '../lib/early-fetch.ts';
import { defaultLocation } from '../session/default-location.ts';
import { storeUserLocation } from '../session/storage.ts';
import type { StoredLocation } from '../session/storage.ts';
import { earlyPageData } from './page-data.ts';

const emptyPage = { count: 0, count_capped: false, page: 1, page_size: 12, results: [] };
const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const dealId = '7b0f3c52-3f0e-4a8e-9d1c-2a4f5e6b7c8d';
const brooklyn: StoredLocation = { ...defaultLocation, city: 'Brooklyn', latitude: 40.6782, longitude: -73.9442, formattedAddress: 'Brooklyn, New York' };

/** The boot script's network (global fetch) and the app's (the API client's), each recording what it was asked. */
function networks() {
  const early: string[] = [];
  const app: { url: string; auth: string | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      early.push(String(input));
      return answer(emptyPage);
    }),
  );
  const restore = configureApiClient({
    baseUrl: '/api',
    fetch: async (input, init) => {
      app.push({ url: String(input), auth: (init?.headers as Record<string, string> | undefined)?.Authorization });
      return answer(emptyPage);
    },
  });
  return { early, app, restore };
}

/** A query client with the app's fresh time (app/App.tsx): data younger than 30 s is not asked for again. */
const appClient = () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });

let restoreClient = () => undefined as void;
afterEach(() => {
  restoreClient();
  vi.unstubAllGlobals();
  // Nothing left waiting for the next test.
  localStorage.clear();
  for (const pathname of ['/PopularDeals', '/LocalActivities', `/DealDetails/${dealId}`]) {
    const page = earlyPageData(pathname, '', '/api');
    if (page) takeEarlyFetch(page.url);
  }
});

describe('the boot script and the app', () => {
  it('asks exactly what the list pages and a deal page ask first, and the app takes the answer over instead of asking again', async () => {
    const { early, app, restore } = networks();
    restoreClient = restore;
    storeUserLocation(brooklyn);
    const startFor = (pathname: string) => {
      const page = earlyPageData(pathname, '', '/api');
      expect(page, pathname).not.toBeNull();
      void startEarlyFetch(page?.url ?? '');
    };
    startFor('/PopularDeals');
    await new QueryClient().fetchQuery(getDealsNearQueryOptions(brooklyn, '', defaultDealFilters));
    startFor('/LocalActivities');
    await new QueryClient().fetchQuery(getActivitiesNearQueryOptions(brooklyn, '', defaultActivityFilters));
    expect(app).toEqual([]);
    expect(early).toHaveLength(2);
    expect(early[0]).toBe('/api/deals/lists/?lat=40.6782&lng=-73.9442&radius_km=25&sort=distance&page=1&page_size=12');
    expect(early[1]).toBe('/api/activities/lists/?lat=40.6782&lng=-73.9442&radius_km=25&page=1&page_size=12');

    // A deal's page (the answer here is not a deal, so the app's query fails its schema: the request is what counts).
    const deal = earlyPageData(`/dealdetails/${dealId}/`, '', '/api');
    void startEarlyFetch(deal?.url ?? '');
    await expect(new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(getDealQueryOptions(dealId, brooklyn, ''))).rejects.toThrow();
    expect(app).toEqual([]);
    expect(early[2]).toBe(`/api/deals/details/${dealId}/?location=%7B%22lat%22%3A40.6782%2C%22lng%22%3A-73.9442%7D`);
  });

  it('hands an answer over once only, and never for another address: another location or filter asks the network', async () => {
    const { early, app, restore } = networks();
    restoreClient = restore;
    const page = earlyPageData('/PopularDeals', '', '/api');
    void startEarlyFetch(page?.url ?? '');
    // The person is elsewhere by the time the app asks (another tab chose Brooklyn): not New York's answer.
    await new QueryClient().fetchQuery(getDealsNearQueryOptions(brooklyn, '', defaultDealFilters));
    // Another filter at the same place: not the default list's answer either.
    await new QueryClient().fetchQuery(getDealsNearQueryOptions(defaultLocation, '', { ...defaultDealFilters, sort: 'popularity' }));
    expect(app.map((r) => r.url)).toEqual([
      '/api/deals/lists/?lat=40.6782&lng=-73.9442&radius_km=25&sort=distance&page=1&page_size=12',
      '/api/deals/lists/?lat=40.7128&lng=-74.006&radius_km=25&sort=popularity&page=1&page_size=12',
    ]);
    // The matching request takes it (the answer is in by now: as the query's initial data, fresh for the app's client),
    // and a second one (a refetch) asks the network.
    await appClient().fetchQuery(getDealsNearQueryOptions(defaultLocation, '', defaultDealFilters));
    expect(app).toHaveLength(2);
    await new QueryClient().fetchQuery(getDealsNearQueryOptions(defaultLocation, '', defaultDealFilters));
    expect(app).toHaveLength(3);
    expect(early).toHaveLength(1);
  });

  it('gives an answer already in to the first render as the query\'s data, once, with no request of the app\'s', async () => {
    const { early, app, restore } = networks();
    restoreClient = restore;
    const page = earlyPageData('/PopularDeals', '', '/api');
    void startEarlyFetch(page?.url ?? '');
    await earlyAnswersSettled();
    // What useQuery reads on a page's first render.
    const options = getDealsNearQueryOptions(defaultLocation, '', defaultDealFilters);
    const first = new QueryObserver(appClient(), options).getCurrentResult();
    expect(first.status).toBe('success');
    expect(first.data).toEqual(emptyPage);
    expect(app).toEqual([]);
    // Taken: another query of the address (another tab's client, a refetch) asks the network.
    const again = appClient();
    expect(new QueryObserver(again, options).getCurrentResult().data).toBeUndefined();
    await again.fetchQuery(options);
    expect(app).toHaveLength(1);
    expect(early).toHaveLength(1);
  });

  it('gives no data from an answer that fails the response schema: the page asks again and shows its error', async () => {
    const { app, restore } = networks();
    restoreClient = restore;
    const deal = earlyPageData(`/DealDetails/${dealId}`, '', '/api');
    void startEarlyFetch(deal?.url ?? '');
    await earlyAnswersSettled();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const options = getDealQueryOptions(dealId, defaultLocation, '');
    expect(new QueryObserver(client, options).getCurrentResult().data).toBeUndefined();
    await expect(client.fetchQuery(options)).rejects.toThrow();
    expect(app).toHaveLength(1);
  });

  it('leaves a signed-in person to the app: nothing early, and a request with a token never takes a visitor\'s answer', async () => {
    const { early, app, restore } = networks();
    restoreClient = restore;
    const page = earlyPageData('/PopularDeals', '', '/api');
    void startEarlyFetch(page?.url ?? '');
    // Signed in meanwhile (another tab): the app's request carries the token and goes to the network.
    localStorage.setItem('access', 'A1');
    expect(earlyPageData('/PopularDeals', '', '/api')).toBeNull();
    await earlyAnswersSettled();
    await new QueryClient().fetchQuery(getDealsNearQueryOptions(defaultLocation, 'u1', defaultDealFilters));
    expect(app).toEqual([{ url: page?.url, auth: 'Bearer A1' }]);
    expect(early).toHaveLength(1);
  });

  it('starts nothing for a filtered list, another page, or a deal address that is not a UUID', () => {
    expect(earlyPageData('/PopularDeals', '?sort=popularity', '/api')).toBeNull();
    expect(earlyPageData('/LocalActivities', '?when=today', '/api')).toBeNull();
    expect(earlyPageData('/', '', '/api')).toBeNull();
    expect(earlyPageData('/DealDetails/not-a-deal', '', '/api')).toBeNull();
    expect(earlyPageData('/populardeals/', '', '/api')?.page).toBe('popularDeals');
  });

  it('names the first card\'s picture of a list, and a deal\'s cover, with the sizes their <img> has', () => {
    const image = { url: '/media/a.jpg', width: 1280, height: 800, variants: [{ url: '/media/a.w320.webp', width: 320, height: 200, content_type: 'image/webp' }] };
    const list = earlyPageData('/PopularDeals', '', '/api');
    expect(list?.leadImageOf({ results: [{ image }] })).toEqual({ image, sizes: expect.stringContaining('19rem') as unknown });
    expect(list?.leadImageOf({ results: [{ image: null }] })).toBeNull();
    expect(list?.leadImageOf({ results: [] })).toBeNull();
    const deal = earlyPageData(`/DealDetails/${dealId}`, '', '/api');
    expect(deal?.leadImageOf({ images: [image] })).toEqual({ image, sizes: expect.stringContaining('36rem') as unknown });
  });
});
