import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverCategoryOf, endpoints } from '@localloop/contract';
import { seedDemoData } from '../../db/seed/index.ts';
import { createTestApp, inject, signedInAccount, type InjectQuery, type TestContext } from '../../../test/helper.ts';

/**
 * /discover/ on the demo data near New York: each kind is what its own list answers first for the same point and
 * radius, narrowed by a theme to the kind's categories under it, every card with the point a map needs.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db);
});
afterAll(() => t.close());

const newYork = { lat: 40.7128, lng: -74.006 };
const kinds = ['deals', 'activities', 'services', 'vendors'] as const;

async function discover(query: InjectQuery<typeof endpoints.discover> = {}, access?: string) {
  const res = await inject(t.app, endpoints.discover, { query: { ...newYork, ...query }, ...(access ? { access } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** What each kind's own list answers first for the same point and radius, and one of its categories. */
async function ownLists(pageSize: number, category?: { vendor?: string; activity?: string }) {
  const at = { ...newYork, page_size: pageSize };
  const answer = async <T>(res: { statusCode: number; body: string; json(): T }) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const shops = category?.vendor ? { category: category.vendor as never } : {};
  return {
    deals: await answer(await inject(t.app, endpoints.dealList, { query: { ...at, ...shops } })),
    activities: await answer(await inject(t.app, endpoints.activityList, { query: { ...at, ...(category?.activity ? { category: category.activity as never } : {}) } })),
    services: await answer(await inject(t.app, endpoints.allServices, { query: { ...at, ...shops } })),
    vendors: await answer(await inject(t.app, endpoints.vendorList, { query: { ...at, ...shops } })),
  };
}

/** Great-circle kilometres between two points (the cards' distances are measured the same way, to a few metres). */
function kmBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}

describe('GET /discover/', () => {
  it('answers each kind near New York as its own list does first: its nearest per_group and how many there are', async () => {
    const body = await discover({ per_group: 3 });
    expect(body.category).toBeNull();
    const own = await ownLists(3);
    for (const kind of kinds) {
      expect(body[kind], kind).toEqual({ count: own[kind].count, count_capped: own[kind].count_capped, results: own[kind].results });
      expect(body[kind].results.length, kind).toBeGreaterThan(0);
      expect(body[kind].results.length, kind).toBeLessThanOrEqual(3);
    }
    // Nearest first, each kind.
    for (const kind of kinds) {
      const distances = body[kind].results.map((r) => r.distance_km ?? Number.NaN);
      expect(distances, kind).toEqual([...distances].sort((a, b) => a - b));
    }
  });

  it('gives every card the point a map places it at, as far from the asked point as the card says', async () => {
    const body = await discover({ per_group: 20 });
    const cards = [...body.deals.results, ...body.activities.results, ...body.services.results, ...body.vendors.results];
    expect(cards.length).toBeGreaterThan(8);
    expect(body.deals.results.map((d) => d.title)).toContain('A dozen bagels for $9');
    for (const card of cards) {
      expect(card.latitude, JSON.stringify(card)).toEqual(expect.any(Number));
      expect(card.longitude, JSON.stringify(card)).toEqual(expect.any(Number));
      const point = { lat: card.latitude ?? Number.NaN, lng: card.longitude ?? Number.NaN };
      expect(Math.abs(kmBetween(newYork, point) - (card.distance_km ?? Number.NaN)), JSON.stringify(card)).toBeLessThan(0.05);
    }
  });

  it('narrows every kind to a theme: its shop categories for deals, services and vendors, its activity categories for activities', async () => {
    const theme = discoverCategoryOf('fitness-sports');
    const body = await discover({ category: 'fitness-sports', per_group: 20 });
    expect(body.category).toBe('fitness-sports');
    const own = await ownLists(20, { vendor: 'Fitness & Sports', activity: 'Sports & Fitness' });
    for (const kind of kinds) {
      expect(body[kind], kind).toEqual({ count: own[kind].count, count_capped: own[kind].count_capped, results: own[kind].results });
      expect(body[kind].count, kind).toBeGreaterThan(0);
    }
    for (const card of [...body.deals.results, ...body.services.results, ...body.vendors.results]) expect(theme?.vendor).toContain(card.category);
    for (const card of body.activities.results) expect(theme?.activity).toContain(card.category);
    expect(body.activities.results.map((a) => a.title)).toContain('Morning run over the Brooklyn Bridge');
  });

  it('takes in every category of a theme at once, nearest first across them', async () => {
    const body = await discover({ category: 'beauty-wellness', per_group: 20 });
    const beauty = await ownLists(20, { vendor: 'Beauty & Wellness' });
    const care = await ownLists(20, { vendor: 'Health & Care' });
    for (const kind of ['deals', 'services', 'vendors'] as const) {
      expect(body[kind].count, kind).toBe(beauty[kind].count + care[kind].count);
      expect(body[kind].results.map((r) => r.id).sort(), kind).toEqual([...beauty[kind].results, ...care[kind].results].map((r) => r.id).sort());
      const distances = body[kind].results.map((r) => r.distance_km ?? Number.NaN);
      expect(distances, kind).toEqual([...distances].sort((a, b) => a - b));
    }
    expect(new Set(body.vendors.results.map((v) => v.category))).toEqual(new Set(['Beauty & Wellness', 'Health & Care']));
  });

  it('answers nothing of a kind the theme takes nothing of (no shop is "Outdoors", no activity is "Pets")', async () => {
    const outdoors = await discover({ category: 'outdoors' });
    for (const kind of ['deals', 'services', 'vendors'] as const) expect(outdoors[kind], kind).toEqual({ count: 0, count_capped: false, results: [] });
    const pets = await discover({ category: 'pets' });
    expect(pets.activities).toEqual({ count: 0, count_capped: false, results: [] });
    expect(pets.vendors.results.map((v) => v.category)).toEqual(pets.vendors.results.map(() => 'Pets'));
    expect(pets.vendors.count).toBeGreaterThan(0);
  });

  it('finds nothing far from every shop and activity', async () => {
    const body = await discover({ lat: -77.85, lng: 166.67 });
    for (const kind of kinds) expect(body[kind]).toEqual({ count: 0, count_capped: false, results: [] });
  });

  it('answers a visitor and a signed-in person alike, the person with their own marks', async () => {
    const person = await signedInAccount(t);
    const visitor = await discover({ per_group: 4 });
    const signedIn = await discover({ per_group: 4 }, person.access);
    for (const kind of kinds) expect(signedIn[kind].results.map((r) => r.id), kind).toEqual(visitor[kind].results.map((r) => r.id));
    expect(signedIn.vendors.results.every((v) => v.is_favorite === false)).toBe(true);
    expect(signedIn.activities.results.every((a) => a.my_state === 'none')).toBe(true);
  });

  it('refuses an unknown theme, a group past 20, a radius out of range and a point off the globe, naming each field', async () => {
    const fields = async (query: Record<string, string | number>) => {
      const res = await inject(t.app, endpoints.discover, { query: query as never });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.error().code).toBe('VALIDATION_FAILED');
      return res.error().fields ?? {};
    };
    expect(Object.keys(await fields({ category: 'Food & Drink' }))).toEqual(['category']);
    expect(await fields({ per_group: 21 })).toEqual({ per_group: 'Show at most 20 of each.' });
    expect(await fields({ radius_km: 0 })).toEqual({ radius_km: 'The radius is at least 1 km.' });
    expect(Object.keys(await fields({ lat: 91, lng: 181 })).sort()).toEqual(['lat', 'lng']);
  });
});
