import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AllServicesQuery, endpoints, NEARBY_LIST_DEPTH, vendorCategories } from '@localloop/contract';
import { favoriteServices, media, serviceImages, services, users, vendorAddresses, vendors } from '../../db/schema.ts';
import { chordOf, earthPoint } from '../../lib/geo-sql.ts';
import { explain } from '../../../test/explain.ts';
import { createTestApp, inject, signedInAccount, type InjectQuery, type TestContext } from '../../../test/helper.ts';
import { servicesNearSql } from './services-near.ts';
import { near, prng, type Point } from '../../../test/places.ts';

/**
 * "Services near me" on the directory's read path (issue 12): the unfiltered page walks the GiST index of listed
 * addresses in KNN order, pages agree with a plain ORDER BY over every service, and the count stops at 1,000.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());


const names = ['Haircut', 'Beard trim', 'Massage', 'Facial', 'Manicure', 'Yoga class'];

type Shop = { places: Point[]; services: { name: string; active?: boolean; priceCents?: number }[]; approved?: boolean };

let batch = 0;
/** Vendors, their addresses and services written in bulk; `listed` is left to the database's triggers. */
async function bulkShops(shops: Shop[]): Promise<{ vendorIds: string[]; serviceIds: string[] }> {
  batch += 1;
  const { db } = t.database;
  const owners = await db
    .insert(users)
    .values(shops.map((_, i) => ({ email: `near-${batch}-${i}@example.test`, username: `near_${batch}_${i}` })))
    .returning({ id: users.id });
  const made = await db
    .insert(vendors)
    .values(
      owners.map((o, i) => {
        const approved = shops[i]?.approved ?? true;
        return {
          userId: o.id,
          businessName: `Shop ${batch}-${i}`,
          category: 'Beauty & Wellness',
          kycStatus: approved ? ('approved' as const) : ('pending' as const),
          isApproved: approved,
          approvedAt: approved ? new Date() : null,
        };
      }),
    )
    .returning({ id: vendors.id, userId: vendors.userId });
  const idOf = new Map(made.map((v) => [v.userId, v.id]));
  const vendorIds = owners.map((o) => idOf.get(o.id) ?? '');
  const addresses = shops.flatMap((s, i) =>
    s.places.map((p, j) => ({ vendorId: vendorIds[i] ?? '', line1: `${j + 1} Near Street`, city: `Town ${i}-${j}`, country: 'US', latitude: p.lat, longitude: p.lng, isPrimary: j === 0 })),
  );
  for (let i = 0; i < addresses.length; i += 500) await db.insert(vendorAddresses).values(addresses.slice(i, i + 500));
  const offered = shops.flatMap((s, i) =>
    s.services.map((o, j) => ({
      vendorId: vendorIds[i] ?? '',
      name: o.name,
      category: vendorCategories[j % 3] ?? 'Other',
      durationMinutes: 30,
      priceCents: o.priceCents ?? 1000 + 500 * j,
      currency: 'USD',
      isActive: o.active ?? true,
    })),
  );
  const serviceIds: string[] = [];
  for (let i = 0; i < offered.length; i += 500) serviceIds.push(...(await db.insert(services).values(offered.slice(i, i + 500)).returning({ id: services.id })).map((r) => r.id));
  return { vendorIds, serviceIds };
}

async function page(p: Point, query: InjectQuery<typeof endpoints.allServices> = {}, access?: string) {
  const res = await inject(t.app, endpoints.allServices, { ...(access ? { access } : {}), query: { lat: p.lat, lng: p.lng, ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The answer by brute force: every active service of a listed vendor at its nearest address, sorted by distance, name, id. */
async function everyServiceByDistance(p: Point, radiusKm: number): Promise<string[]> {
  const point = earthPoint(p.lat, p.lng);
  const rows = (await t.database.db.execute(sql`
    SELECT s.id::text AS id FROM services s JOIN vendors v ON v.id = s.vendor_id
    JOIN (SELECT vendor_id, min(earth <-> ${point}::cube) AS chord FROM vendor_addresses WHERE listed GROUP BY vendor_id) nearest ON nearest.vendor_id = s.vendor_id
    WHERE s.is_active AND v.listed AND nearest.chord <= ${chordOf(radiusKm * 1000)}::float8
    ORDER BY nearest.chord, s.name, s.id`)) as unknown as { rows: { id: string }[] };
  return rows.rows.map((r) => r.id);
}

describe('services near a point, nearest first', () => {
  const centre = { lat: 46.2, lng: 6.15 };
  const building = near(centre, 0.8, -0.4);
  let shown: { serviceId: string; vendorId: string };

  beforeAll(async () => {
    const random = prng(12);
    // The first: the service whose card is checked in full.
    const shops: Shop[] = [{ places: [near(centre, 0.3, 0.2)], services: [{ name: 'Signature facial' }] }];
    for (let i = 0; i < 220; i += 1) {
      const home = near(centre, (random() - 0.5) * 50, (random() - 0.5) * 50);
      const places = [home];
      if (random() < 0.3) places.push(near(centre, (random() - 0.5) * 70, (random() - 0.5) * 70));
      // From none to five services, with repeated names (ties in name go by id) and some inactive.
      const offered = Array.from({ length: Math.floor(random() * 6) }, () => ({ name: names[Math.floor(random() * names.length)] ?? 'Haircut', active: random() > 0.2 }));
      shops.push({ places, services: offered });
    }
    // 25 shops in one building, one service each, and one with 30 services (a page edge inside one shop).
    for (let i = 0; i < 25; i += 1) shops.push({ places: [building], services: [{ name: names[i % names.length] ?? 'Haircut' }] });
    shops.push({ places: [near(building, 0.05, 0)], services: Array.from({ length: 30 }, (_, i) => ({ name: `Treatment ${i % 7}` })) });
    // Shops that never show: not approved, or with only inactive services (they must not use up a window either).
    shops.push(...Array.from({ length: 30 }, () => ({ places: [near(centre, 0.1, 0.1)], services: [{ name: 'Hidden' }], approved: false })));
    shops.push(...Array.from({ length: 60 }, () => ({ places: [near(centre, 0.05, -0.05)], services: [{ name: 'Retired', active: false }] })));
    const { vendorIds, serviceIds } = await bulkShops(shops);
    shown = { serviceId: serviceIds[0] ?? '', vendorId: vendorIds[0] ?? '' };
    await t.database.db.execute(sql`ANALYZE`);
  });

  it('are, page after page, what sorting every active service by its shop\'s nearest address gives, ties at page edges included', async () => {
    for (const radius of [3, 25]) {
      const expected = await everyServiceByDistance(centre, radius);
      expect(expected.length).toBeGreaterThan(20);
      for (const size of [7, 20, 50]) {
        const seen: string[] = [];
        for (let n = 1; (n - 1) * size < expected.length + size; n += 1) {
          const answer = await page(centre, { radius_km: radius, page_size: size, page: n });
          expect(answer.count_capped).toBe(false);
          expect(answer.count).toBe(expected.length);
          seen.push(...answer.results.map((r) => r.id));
        }
        expect(seen).toEqual(expected);
      }
    }
  });

  it('puts the services of one building in one order across page edges, each once', async () => {
    const expected = await everyServiceByDistance(building, 1);
    expect(expected.length).toBeGreaterThan(50);
    const seen: string[] = [];
    for (let n = 1; n <= 4; n += 1) seen.push(...(await page(building, { radius_km: 1, page_size: 20, page: n })).results.map((r) => r.id));
    expect(seen).toEqual(expected.slice(0, 80));
  });

  it('answers the same cards as the radius\'s box does (a filter that keeps everything): picture, favorite, city and distance', async () => {
    const { db } = t.database;
    const caller = await signedInAccount(t);
    const [picture] = await db
      .insert(media)
      .values({ ownerId: caller.user.id, storageKey: 'images/near.jpg', thumbnailKey: 'images/near.thumb.webp', contentType: 'image/jpeg', width: 640, height: 480, bytes: 1000 })
      .returning({ id: media.id });
    await db.insert(serviceImages).values({ serviceId: shown.serviceId, mediaId: picture?.id ?? '', position: 0 });
    await db.insert(favoriteServices).values({ userId: caller.user.id, serviceId: shown.serviceId });
    const access = caller.access;
    for (const [who, token] of [['visitor', undefined], ['caller', access]] as const) {
      const knn = await page(centre, { radius_km: 30, page_size: 50, page: 2 }, token);
      const box = await page(centre, { radius_km: 30, page_size: 50, page: 2, min_price_cents: 0 }, token);
      expect(knn, who).toEqual(box);
      const all = [...(await page(centre, { radius_km: 30, page_size: 50 }, token)).results, ...knn.results];
      const card = (await page(centre, { radius_km: 30, vendor_id: shown.vendorId }, token)).results.find((c) => c.id === shown.serviceId);
      expect(card?.image?.url).toMatch(/images\/near\.jpg$/);
      expect(card?.is_favorite).toBe(who === 'caller');
      if (all.some((c) => c.id === shown.serviceId)) expect(all.find((c) => c.id === shown.serviceId)).toEqual(card);
    }
  });

  it('walk the GiST index nearest first (KNN) in the plan a prepared statement keeps, on PGlite and PostgreSQL', async () => {
    for (const callerId of [null, '00000000-0000-4000-8000-000000000000']) {
      const query = AllServicesQuery.parse({ lat: centre.lat, lng: centre.lng, radius_km: 25 });
      const { page: statement } = servicesNearSql(t.database.db, callerId, query);
      for (const generic of [false, true]) {
        const plan = (await explain(t.database, statement, { generic })).join('\n');
        expect(plan, plan).toMatch(/Index Scan using vendor_addresses_listed_earth_idx/);
        expect(plan, plan).toMatch(/Order By: \(earth <->/);
        // Each vendor once and only with an active service, checked row by row as the scan goes (it stops after the window).
        expect(plan, plan).toMatch(/Nested Loop Anti Join/);
        expect(plan, plan).toMatch(/Nested Loop Semi Join/);
        expect(plan, plan).not.toMatch(/Bitmap|Seq Scan on vendor_addresses|Seq Scan on services offered|Hash (Right )?(Anti|Semi) Join/);
      }
    }
  });

  it('bound a filtered page by the radius, or a search too short for trigrams: the index answers the box', async () => {
    const several = { categories: ['Beauty & Wellness', 'Health & Care'] as const };
    for (const filter of [{ category: 'Beauty & Wellness' as const }, { q: 'ma' }, { max_price_cents: 2000 }, several]) {
      const query = { ...AllServicesQuery.parse({ lat: centre.lat, lng: centre.lng, radius_km: 5, ...filter }), ...filter };
      const plan = (await explain(t.database, servicesNearSql(t.database.db, null, query).page, { generic: true })).join('\n');
      expect(plan, plan).toMatch(/vendor_addresses_listed_earth_idx/);
      expect(plan, plan).toMatch(/@>|<@/);
    }
  });
});

describe('how deep a list of services near a point goes', () => {
  const crowd = { lat: -34.6, lng: -58.4 };

  beforeAll(async () => {
    const random = prng(21);
    // 450 shops with three services each: 1,350 services, more than a list goes deep.
    await bulkShops(
      Array.from({ length: 450 }, () => ({
        places: [near(crowd, (random() - 0.5) * 20, (random() - 0.5) * 20)],
        services: [{ name: 'Haircut' }, { name: 'Massage' }, { name: 'Facial' }],
      })),
    );
    await t.database.db.execute(sql`ANALYZE`);
  });

  it('counts exactly up to 1,000 and answers "1,000+" past it, filtered or not', async () => {
    const many = await page(crowd, { radius_km: 25 });
    expect(many).toMatchObject({ count: NEARBY_LIST_DEPTH, count_capped: true });
    expect(many.results.map((r) => r.id)).toEqual((await everyServiceByDistance(crowd, 25)).slice(0, 20));
    expect(await page(crowd, { radius_km: 25, min_price_cents: 0 })).toMatchObject({ count: NEARBY_LIST_DEPTH, count_capped: true });
    const few = await page(crowd, { radius_km: 2 });
    const expected = await everyServiceByDistance(crowd, 2);
    expect(expected.length).toBeGreaterThan(20);
    expect(few).toMatchObject({ count: expected.length, count_capped: false });
    // A page past the end still says how many there are.
    expect(await page(crowd, { radius_km: 2, page: 40 })).toMatchObject({ count: expected.length, count_capped: false, results: [] });
  });

  it('pages through the first 1,000 and no further, even where a page reaches past them', async () => {
    const expected = await everyServiceByDistance(crowd, 25);
    expect(expected.length).toBeGreaterThan(NEARBY_LIST_DEPTH);
    const last = await page(crowd, { radius_km: 25, page: 20, page_size: 50 });
    expect(last.results.map((r) => r.id)).toEqual(expected.slice(950, 1000));
    const middle = await page(crowd, { radius_km: 25, page: 9, page_size: 50 });
    expect(middle.results.map((r) => r.id)).toEqual(expected.slice(400, 450));
    // Offset 990, 30 a page: the ten that are left of the first 1,000.
    const across = await page(crowd, { radius_km: 25, page: 34, page_size: 30 });
    expect(across.results.map((r) => r.id)).toEqual(expected.slice(990, 1000));
    const res = await inject(t.app, endpoints.allServices, { query: { lat: crowd.lat, lng: crowd.lng, page: 21, page_size: 50 } });
    expect(res.statusCode).toBe(400);
  });
});
