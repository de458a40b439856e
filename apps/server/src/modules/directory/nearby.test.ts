import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, NEARBY_LIST_DEPTH, VendorListQuery } from '@localloop/contract';
import { users, vendorAddresses, vendors } from '../../db/schema.ts';
import { chordOf, earthPoint } from '../../lib/geo-sql.ts';
import { explain } from '../../../test/explain.ts';
import { createAccount, createTestApp, inject, type InjectQuery, type TestContext } from '../../../test/helper.ts';
import { vendorListSql } from './list.ts';
import { near, prng, type Point } from '../../../test/places.ts';

/**
 * The read path of "near me" lists (issue 10): the nearest-first page walks the GiST index in KNN order, the listed
 * flag is kept by the database, pages agree with a plain ORDER BY over every row, and the count stops at 1,000.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());


let batch = 0;
/**
 * Approved vendors written in bulk, each with the given addresses (a few hundred in one statement each). `listed` is
 * left to the database's triggers.
 */
async function bulkVendors(places: Point[][], opts: { approved?: boolean } = {}): Promise<string[]> {
  batch += 1;
  const approved = opts.approved ?? true;
  const owners = await t.database.db
    .insert(users)
    .values(places.map((_, i) => ({ email: `bulk-${batch}-${i}@example.test`, username: `bulk_${batch}_${i}` })))
    .returning({ id: users.id });
  const made = await t.database.db
    .insert(vendors)
    .values(
      owners.map((o, i) => ({
        userId: o.id,
        businessName: `Bulk ${batch}-${i}`,
        category: 'Other',
        kycStatus: approved ? ('approved' as const) : ('pending' as const),
        isApproved: approved,
        approvedAt: approved ? new Date() : null,
      })),
    )
    .returning({ id: vendors.id, userId: vendors.userId });
  const idOf = new Map(made.map((v) => [v.userId, v.id]));
  const ids = owners.map((o) => idOf.get(o.id) ?? '');
  const rows = places.flatMap((at, i) =>
    at.map((p, j) => ({ vendorId: ids[i] ?? '', line1: `${j + 1} Bulk Street`, city: 'Bulkton', country: 'US', latitude: p.lat, longitude: p.lng, isPrimary: j === 0 })),
  );
  for (let i = 0; i < rows.length; i += 500) await t.database.db.insert(vendorAddresses).values(rows.slice(i, i + 500));
  return ids;
}

async function page(p: Point, query: InjectQuery<typeof endpoints.vendorList> = {}) {
  const res = await inject(t.app, endpoints.vendorList, { query: { lat: p.lat, lng: p.lng, ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The answer by brute force: every listed vendor's nearest address, every row read, sorted by distance then id. */
async function everyListedByDistance(p: Point, radiusKm: number): Promise<string[]> {
  const point = earthPoint(p.lat, p.lng);
  const rows = (await t.database.db.execute(sql`
    SELECT vendor_id::text AS id FROM (
      SELECT vendor_id, min(earth <-> ${point}::cube) AS chord FROM vendor_addresses WHERE listed GROUP BY vendor_id
    ) nearest WHERE chord <= ${chordOf(radiusKm * 1000)}::float8 ORDER BY chord, vendor_id`)) as unknown as { rows: { id: string }[] };
  return rows.rows.map((r) => r.id);
}

describe('the listed flag, kept by the database', () => {
  const listedOf = async (vendorId: string) => {
    const [v] = await t.database.db.select({ listed: vendors.listed }).from(vendors).where(eq(vendors.id, vendorId));
    const addresses = await t.database.db.select({ listed: vendorAddresses.listed }).from(vendorAddresses).where(eq(vendorAddresses.vendorId, vendorId));
    return { vendor: v?.listed, addresses: addresses.map((a) => a.listed) };
  };

  it('follows approval, suspension and the owner account closing, on the vendor and every address, whatever the app writes', async () => {
    const owner = await createAccount(t.database, { vendor: { isApproved: false, kycStatus: 'pending' } });
    const id = owner.vendorId ?? '';
    const place = { latitude: 10, longitude: 10, line1: '1 Road', city: 'X', country: 'US' };
    await t.database.db.insert(vendorAddresses).values({ ...place, vendorId: id, isPrimary: true });
    expect(await listedOf(id)).toEqual({ vendor: false, addresses: [false] });

    await t.database.db.update(vendors).set({ isApproved: true, kycStatus: 'approved', approvedAt: new Date() }).where(eq(vendors.id, id));
    expect(await listedOf(id)).toEqual({ vendor: true, addresses: [true] });
    // A new address of a listed vendor is listed from the start.
    await t.database.db.insert(vendorAddresses).values({ ...place, vendorId: id });
    expect(await listedOf(id)).toEqual({ vendor: true, addresses: [true, true] });

    await t.database.db.update(vendors).set({ isSuspended: true }).where(eq(vendors.id, id));
    expect(await listedOf(id)).toEqual({ vendor: false, addresses: [false, false] });
    // Writing the flag itself changes nothing: it is recomputed.
    await t.database.db.update(vendors).set({ listed: true }).where(eq(vendors.id, id));
    await t.database.db.update(vendorAddresses).set({ listed: true }).where(eq(vendorAddresses.vendorId, id));
    expect(await listedOf(id)).toEqual({ vendor: false, addresses: [false, false] });

    await t.database.db.update(vendors).set({ isSuspended: false }).where(eq(vendors.id, id));
    expect(await listedOf(id)).toEqual({ vendor: true, addresses: [true, true] });
    await t.database.db.update(users).set({ isActive: false, deletedAt: new Date() }).where(eq(users.id, owner.user.id));
    expect(await listedOf(id)).toEqual({ vendor: false, addresses: [false, false] });
    await t.database.db.update(users).set({ isActive: true, deletedAt: null }).where(eq(users.id, owner.user.id));
    expect(await listedOf(id)).toEqual({ vendor: true, addresses: [true, true] });
  });

  it('stays true to the vendor when an approval and new addresses are written at the same time', async () => {
    const owner = await createAccount(t.database, { vendor: { isApproved: false, kycStatus: 'pending' } });
    const id = owner.vendorId ?? '';
    const place = { latitude: 11, longitude: 11, line1: '1 Road', city: 'X', country: 'US', vendorId: id };
    await Promise.all([
      t.database.db.transaction(async (tx) => {
        await tx.update(vendors).set({ isApproved: true, kycStatus: 'approved', approvedAt: new Date() }).where(eq(vendors.id, id));
      }),
      ...Array.from({ length: 8 }, () => t.database.db.transaction((tx) => tx.insert(vendorAddresses).values(place))),
    ]);
    expect(await listedOf(id)).toEqual({ vendor: true, addresses: Array.from({ length: 8 }, () => true) });
  });
});

describe('nearest-first pages', () => {
  const centre = { lat: 47.5, lng: 8.5 };
  let ids: string[] = [];

  beforeAll(async () => {
    const random = prng(7);
    const places: Point[][] = [];
    for (let i = 0; i < 260; i += 1) {
      const home = near(centre, (random() - 0.5) * 60, (random() - 0.5) * 60);
      // A third have a second address, some a third; 30 share one building (a tie in distance).
      const at = [home];
      if (random() < 0.33) at.push(near(centre, (random() - 0.5) * 80, (random() - 0.5) * 80));
      if (random() < 0.1) at.push(near(home, 0.3, 0.3));
      places.push(at);
    }
    const building = near(centre, 1.2, -0.7);
    for (let i = 0; i < 30; i += 1) places.push([building]);
    ids = await bulkVendors(places);
    // Unlisted vendors in the same area never show.
    await bulkVendors(Array.from({ length: 40 }, () => [near(centre, (random() - 0.5) * 10, (random() - 0.5) * 10)]), { approved: false });
    await t.database.db.execute(sql`ANALYZE`);
  });

  it('are, page after page, what sorting every listed vendor by its nearest address gives, ties at a page edge included', async () => {
    expect(ids).toHaveLength(290);
    for (const radius of [5, 25]) {
      const expected = await everyListedByDistance(centre, radius);
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

  it('puts the 30 vendors of one building in one order across page edges, each once', async () => {
    const building = near(centre, 1.2, -0.7);
    const first = await page(building, { radius_km: 1, page_size: 20 });
    const second = await page(building, { radius_km: 1, page_size: 20, page: 2 });
    const all = [...first.results, ...second.results].map((r) => r.id);
    expect(new Set(all).size).toBe(all.length);
    expect(all.slice(0, 30)).toEqual(await everyListedByDistance(building, 0.001).then((tied) => tied.slice(0, 30)));
  });

  it('walk the GiST index nearest first (KNN) in the plan a prepared statement keeps, on PGlite and PostgreSQL', async () => {
    const query = VendorListQuery.parse({ lat: centre.lat, lng: centre.lng, radius_km: 25 });
    const { page: statement } = vendorListSql(t.database.db, null, query);
    for (const generic of [false, true]) {
      const plan = (await explain(t.database, statement, { generic })).join('\n');
      expect(plan, plan).toMatch(/Index Scan using vendor_addresses_listed_earth_idx/);
      expect(plan, plan).toMatch(/Order By: \(earth <->/);
      expect(plan, plan).not.toMatch(/Bitmap|Seq Scan on vendor_addresses|Hash Anti Join/);
    }
  });

  it('bound a page searched by too short a word for trigrams by the radius: the index answers the box, and no vendor outside it is read', async () => {
    const query = VendorListQuery.parse({ lat: centre.lat, lng: centre.lng, radius_km: 5, q: 'bu' });
    const plan = (await explain(t.database, vendorListSql(t.database.db, null, query).page, { generic: true })).join('\n');
    expect(plan, plan).toMatch(/vendor_addresses_listed_earth_idx/);
    expect(plan, plan).toMatch(/@>|<@/);
  });

  it('bound a page of several categories (a theme of /Discover) by the radius the same way', async () => {
    const query = { ...VendorListQuery.parse({ lat: centre.lat, lng: centre.lng, radius_km: 5 }), categories: ['Food & Drink', 'Pets'] as const };
    const plan = (await explain(t.database, vendorListSql(t.database.db, null, query).page, { generic: true })).join('\n');
    expect(plan, plan).toMatch(/vendor_addresses_listed_earth_idx/);
    expect(plan, plan).toMatch(/@>|<@/);
  });
});

describe('how deep a list near a point goes', () => {
  const crowd = { lat: -33.9, lng: 18.4 };

  beforeAll(async () => {
    const random = prng(11);
    await bulkVendors(Array.from({ length: NEARBY_LIST_DEPTH + 20 }, () => [near(crowd, (random() - 0.5) * 20, (random() - 0.5) * 20)]));
    await t.database.db.execute(sql`ANALYZE`);
  });

  it('counts exactly up to 1,000 and answers "1,000+" past it', async () => {
    const many = await page(crowd, { radius_km: 25 });
    expect(many).toMatchObject({ count: NEARBY_LIST_DEPTH, count_capped: true });
    expect(many.results).toHaveLength(20);
    const few = await page(crowd, { radius_km: 1 });
    expect(few.count_capped).toBe(false);
    expect(few.count).toBe((await everyListedByDistance(crowd, 1)).length);
  });

  it('pages through the first 1,000 and refuses a page past them with a 400 on the page', async () => {
    const last = await page(crowd, { radius_km: 25, page: 20, page_size: 50 });
    expect(last.results).toHaveLength(50);
    expect(last.results.map((r) => r.id)).toEqual((await everyListedByDistance(crowd, 25)).slice(950, 1000));
    const res = await inject(t.app, endpoints.vendorList, { query: { lat: crowd.lat, lng: crowd.lng, page: 21, page_size: 50 } });
    expect(res.statusCode).toBe(400);
    expect(res.error()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { page: expect.stringMatching(/first 1,000 results/) } });
  });
});
