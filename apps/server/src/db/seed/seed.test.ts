import { and, count, eq, gt, notExists, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@localloop/contract';
import { favoriteVendors, users, vendorAddresses, vendorHours, vendorRatings, vendors } from '../schema.ts';
import { createTestApp, inject, login, type TestContext } from '../../../test/helper.ts';
import { DEMO_PASSWORD } from './accounts.ts';
import { seedDemoData } from './index.ts';
import { demoVendors } from './vendors.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db);
});
afterAll(() => t.close());

const rowCounts = async () => {
  const tables = { users, vendors, vendorAddresses, vendorHours, vendorRatings, favoriteVendors };
  const counts: Record<string, number | undefined> = {};
  for (const [name, table] of Object.entries(tables)) counts[name] = (await t.database.db.select({ n: count() }).from(table))[0]?.n;
  return counts;
};

const newYork = { lat: 40.7128, lng: -74.006, radius_km: 30, page_size: 50 };

describe('demo data', () => {
  it('is idempotent: a second run adds nothing', async () => {
    const before = await rowCounts();
    await seedDemoData(t.database.db);
    expect(await rowCounts()).toEqual(before);
  });

  it('has a user, an approved vendor near New York, a pending vendor and an operator', async () => {
    const user = await login(t.app, 'user@example.com', DEMO_PASSWORD);
    expect(user).toMatchObject({ user: { phone_number: '+15550000001' }, vendor_id: null });

    const vendor = await login(t.app, 'vendor@example.com', DEMO_PASSWORD);
    expect(vendor).toMatchObject({ user: { phone_number: '+15550000002' }, is_approved: true, kyc_status: 'approved' });
    const [profile] = await t.database.db.select().from(vendors).where(eq(vendors.id, vendor.vendor_id ?? ''));
    expect(profile).toMatchObject({ latitude: 40.7128, longitude: -74.006 });

    expect(await login(t.app, 'pending@example.com', DEMO_PASSWORD)).toMatchObject({ is_approved: false, kyc_status: 'pending' });

    const [operator] = await t.database.db.select().from(users).where(eq(users.email, 'admin@example.com'));
    expect(operator?.isOperator).toBe(true);
  });

  it('lists thirteen approved vendors around New York with hours and addresses, the demo vendor nearest City Hall, never the pending one', async () => {
    const res = await inject(t.app, endpoints.vendorList, { query: newYork });
    const page = res.json();
    expect(page.count).toBe(13);
    expect(page.results[0]).toMatchObject({ business_name: 'Hudson Corner Studio', distance_km: 0, city: 'New York', rating_count: 2 });
    expect(page.results.map((v) => v.business_name)).not.toContain('Brooklyn Bike Repair');
    expect(new Set(page.results.map((v) => v.category)).size).toBeGreaterThanOrEqual(12);
    expect(page.results.map((v) => v.state)).toEqual(expect.arrayContaining(['NY', 'NJ']));

    for (const card of page.results) {
      const shop = (await inject(t.app, endpoints.vendorPublic, { params: { user_id: card.user_id } })).json();
      expect(shop.addresses.length, card.business_name).toBeGreaterThan(0);
      expect(shop.service_time.time_zone).toBe('America/New_York');
      expect(shop.service_time.hours.length, card.business_name).toBeGreaterThan(0);
    }
    // some days close for lunch, and some shops close on Sundays
    const db = t.database.db;
    const split = await db.select({ vendorId: vendorHours.vendorId }).from(vendorHours).groupBy(vendorHours.vendorId, vendorHours.weekday).having(gt(count(), 1));
    expect(split.length).toBeGreaterThan(0);
    const sundays = db.select({ one: sql`1` }).from(vendorHours).where(and(eq(vendorHours.vendorId, vendors.id), eq(vendorHours.weekday, 7)));
    const closedSunday = await db.select({ id: vendors.id }).from(vendors).where(and(eq(vendors.isApproved, true), notExists(sundays)));
    expect(closedSunday.length).toBeGreaterThan(0);
  });

  it('keeps each vendor\'s rating figures equal to its stored ratings', async () => {
    const rows = await t.database.db
      .select({
        name: vendors.businessName,
        sum: vendors.ratingSum,
        count: vendors.ratingCount,
        storedSum: sql<number>`coalesce((SELECT sum(r.rating)::int FROM ${vendorRatings} r WHERE r.vendor_id = ${vendors.id}), 0)`,
        storedCount: sql<number>`(SELECT count(*)::int FROM ${vendorRatings} r WHERE r.vendor_id = ${vendors.id})`,
      })
      .from(vendors)
      // With a join Drizzle names each column with its table, which the correlated subqueries need.
      .innerJoin(users, eq(users.id, vendors.userId));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect([r.sum, r.count], r.name).toEqual([r.storedSum, r.storedCount]);
    const [rated] = await t.database.db.select({ n: count() }).from(vendorRatings);
    expect(rated?.n).toBeGreaterThanOrEqual(15);
  });

  it('gives the demo user two favorites and ratings of their own, and finds the bakery despite a typo', async () => {
    const { access } = await login(t.app, 'user@example.com', DEMO_PASSWORD);
    const favorites = (await inject(t.app, endpoints.favoriteVendors, { access })).json();
    expect(favorites.map((v) => v.business_name).sort()).toEqual(['Golden Crust Bakery', 'Sunrise Yoga Studio']);

    const bakery = (await inject(t.app, endpoints.vendorList, { query: { ...newYork, q: 'bakry' }, access })).json();
    expect(bakery.results).toEqual([expect.objectContaining({ business_name: 'Golden Crust Bakery', is_favorite: true, rating_count: 3 })]);
    const ratings = (await inject(t.app, endpoints.vendorRatings, { params: { id: bakery.results[0]?.id ?? '' }, access })).json();
    expect(ratings.mine).toMatchObject({ rating: 5, user: { name: 'demo_user' } });
    expect(ratings.results.map((r) => r.user.name)).toEqual(['Maya Chen', 'Leo Rossi', 'demo_user']);
  });

  it('lets every seeded vendor log in as an approved vendor', async () => {
    for (const v of demoVendors) {
      expect(await login(t.app, v.email, DEMO_PASSWORD), v.email).toMatchObject({ is_approved: true, kyc_status: 'approved' });
    }
  });

  it('does not put back what a person changed since', async () => {
    const { access } = await login(t.app, 'user@example.com', DEMO_PASSWORD);
    const [favorite] = (await inject(t.app, endpoints.favoriteVendors, { access })).json();
    await inject(t.app, endpoints.toggleFavoriteVendor, { params: { id: favorite?.id ?? '' }, access });
    const [yoga] = await t.database.db.select().from(vendors).where(eq(vendors.businessName, 'Sunrise Yoga Studio'));
    await t.database.db.delete(vendorHours).where(eq(vendorHours.vendorId, yoga?.id ?? ''));

    const before = await rowCounts();
    await seedDemoData(t.database.db);
    expect(await rowCounts()).toEqual(before);
  });

  // Last: it deletes two of the demo accounts the tests above use.
  it('never brings back a demo account that was deleted, operator or vendor', async () => {
    for (const email of ['admin@example.com', 'vendor3@example.com']) {
      const { access } = await login(t.app, email, DEMO_PASSWORD);
      const gone = await inject(t.app, endpoints.deleteAccount, { access, body: { password: DEMO_PASSWORD, confirm: true } });
      expect(gone.statusCode).toBe(200);
    }
    const before = await rowCounts();
    await seedDemoData(t.database.db);
    expect(await rowCounts()).toEqual(before);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'admin@example.com'))).toEqual([]);
    const res = await inject(t.app, endpoints.login, { body: { email: 'admin@example.com', password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(401);
  });
});
