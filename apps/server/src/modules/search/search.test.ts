import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@localloop/contract';
import { seedDemoData } from '../../db/seed/index.ts';
import { createTestApp, inject, signedInAccount, type TestContext } from '../../../test/helper.ts';

/**
 * One search across the marketplace, on the demo data near New York: each group is what the kind's own list answers for
 * the same words, point and radius (the same typo tolerance and rules), its first `per_group`.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db);
});
afterAll(() => t.close());

const newYork = { lat: 40.7128, lng: -74.006 };
const search = (query: Record<string, string | number>, access?: string) => inject(t.app, endpoints.search, { query: { ...newYork, ...query } as never, ...(access ? { access } : {}) });
const names = async (q: string) => {
  const res = await search({ q });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return {
    deals: body.deals.results.map((d) => d.title),
    activities: body.activities.results.map((a) => a.title),
    services: body.services.results.map((s) => s.name),
    vendors: body.vendors.results.map((v) => v.business_name),
  };
};

describe('GET /search/', () => {
  it('finds deals, activities, services and vendors by their names, typos of one short word included', async () => {
    expect((await names('bagels')).deals).toContain('A dozen bagels for $9');
    expect((await names('brookln bridge')).activities).toContain('Morning run over the Brooklyn Bridge');
    expect((await names('massage')).services).toContain('Deep tissue massage');
    expect((await names('goldn crust')).vendors).toContain('Golden Crust Bakery');
  });

  it('answers each group as the kind\'s own list does for the same search, its first per_group, with the total', async () => {
    const res = await search({ q: 'studio', per_group: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.q).toBe('studio');
    const own = {
      deals: (await inject(t.app, endpoints.dealList, { query: { ...newYork, q: 'studio', page_size: 2 } })).json(),
      activities: (await inject(t.app, endpoints.activityList, { query: { ...newYork, q: 'studio', page_size: 2 } })).json(),
      services: (await inject(t.app, endpoints.allServices, { query: { ...newYork, q: 'studio', page_size: 2 } })).json(),
      vendors: (await inject(t.app, endpoints.vendorList, { query: { ...newYork, q: 'studio', page_size: 2 } })).json(),
    };
    for (const kind of ['deals', 'activities', 'services', 'vendors'] as const) {
      expect(body[kind], kind).toEqual({ count: own[kind].count, count_capped: own[kind].count_capped, results: own[kind].results });
      expect(body[kind].results.length, kind).toBeLessThanOrEqual(2);
    }
    expect(body.vendors.count).toBeGreaterThan(0);
  });

  it('finds nothing far from every shop and activity', async () => {
    const res = await search({ q: 'bakery', lat: -77.85, lng: 166.67 });
    expect(res.statusCode, res.body).toBe(200);
    for (const kind of ['deals', 'activities', 'services', 'vendors'] as const) expect(res.json()[kind]).toEqual({ count: 0, count_capped: false, results: [] });
  });

  it('answers a visitor and a signed-in person alike, the person with their own marks (a favorite shop)', async () => {
    const person = await signedInAccount(t);
    const res = await search({ q: 'golden crust' }, person.access);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().vendors.results[0]).toMatchObject({ business_name: 'Golden Crust Bakery', is_favorite: false });
  });

  it('refuses a missing or too short search, a search over 100 characters, and a group size past 10, naming each field', async () => {
    const fields = async (query: Record<string, string | number>) => {
      const res = await inject(t.app, endpoints.search, { query: query as never });
      expect(res.statusCode, res.body).toBe(400);
      return Object.keys(res.error().fields ?? {});
    };
    expect(await fields({})).toEqual(['q']);
    expect(await fields({ q: ' a ' })).toEqual(['q']);
    expect(await fields({ q: 'x'.repeat(101) })).toEqual(['q']);
    expect(await fields({ q: 'bakery', per_group: 11 })).toEqual(['per_group']);
    expect(await fields({ q: 'bakery', lat: 91 })).toEqual(['lat']);
  });
});
