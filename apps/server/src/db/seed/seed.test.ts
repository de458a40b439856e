import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq, gt, isNotNull, notExists, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@localloop/contract';
import { activities, activityParticipants, chatMessages, dealImages, deals, favoriteVendors, media, purchases, users, vendorAddresses, vendorBankAccounts, vendorDocuments, vendorHours, vendorPhotos, vendorRatings, vendors } from '../schema.ts';
import { createLocalStorage, createPrivateStorage, mediaRoot } from '../../lib/storage.ts';
import { createTestApp, inject, login, type TestContext } from '../../../test/helper.ts';
import { DEMO_PASSWORD } from './accounts.ts';
import { seedDemoData } from './index.ts';
import { demoVendors } from './vendors.ts';

let t: TestContext;
let dataDir: string;
/** How long the first seed took, pictures included. */
let firstSeedMs = 0;

/**
 * The seed as `npm start` runs it: pictures in the storage the app serves /media/ from, the pending vendor's documents
 * in the app's own private storage (the ones the API serves).
 */
const seed = () =>
  seedDemoData(t.database.db, {
    pictures: { storage: createLocalStorage(mediaRoot({ dataDir })), concurrency: 2 },
    documents: createPrivateStorage({ dataDir, s3: undefined }),
  });

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'localloop-seed-'));
  t = await createTestApp({ config: { dataDir } });
  const started = performance.now();
  await seed();
  firstSeedMs = performance.now() - started;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const storedFiles = () => readdirSync(path.join(dataDir, 'media', 'images')).sort();

const rowCounts = async () => {
  const tables = { users, vendors, vendorAddresses, vendorHours, vendorRatings, favoriteVendors, vendorDocuments, vendorBankAccounts, media, vendorPhotos, deals, dealImages, purchases, activities, activityParticipants, chatMessages };
  const counts: Record<string, number | undefined> = {};
  for (const [name, table] of Object.entries(tables)) counts[name] = (await t.database.db.select({ n: count() }).from(table))[0]?.n;
  const [logos] = await t.database.db.select({ n: count() }).from(vendors).where(isNotNull(vendors.logoId));
  return { ...counts, logos: logos?.n, files: storedFiles().length };
};

const newYork = { lat: 40.7128, lng: -74.006, radius_km: 30, page_size: 50 };

describe('demo data', () => {
  it('puts deals on sale near New York, each led by its shop\'s photo, with the demo user\'s orders to show and to redeem', async () => {
    const list = (await inject(t.app, endpoints.dealList, { query: { lat: newYork.lat, lng: newYork.lng, radius_km: 30, page_size: 50 } })).json();
    expect(list.results.length).toBeGreaterThanOrEqual(4);
    expect(list.results.every((d) => d.image !== null && d.discount_percent > 0)).toBe(true);
    const user = await login(t.app, 'user@example.com', DEMO_PASSWORD);
    const orders = (await inject(t.app, endpoints.myPurchases, { access: user.access })).json();
    expect(orders.results.map((p) => p.status).sort()).toEqual(['fulfilled', 'fulfilled', 'paid']);
    expect(orders.results.find((p) => p.status === 'paid')?.qr).toMatchObject({ purchase_id: expect.any(String), sig: expect.any(String) });
    // A deal's sold count is its purchases', as the shop's sales show them.
    const mismatched = await t.database.db.execute(
      sql`SELECT d.id FROM deals d WHERE d.quantity_sold <> (SELECT coalesce(sum(p.quantity), 0) FROM purchases p WHERE p.deal_id = d.id AND p.status <> 'refunded')`,
    );
    expect((mismatched as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it('puts activities near New York: the demo user hosts an approval-only one that customer1 asked to join, and joined customer2\'s open one with its chat going', async () => {
    const list = (await inject(t.app, endpoints.activityList, { query: { lat: newYork.lat, lng: newYork.lng, radius_km: 30, page_size: 50 } })).json();
    expect(list.results.length).toBeGreaterThanOrEqual(4);
    const user = await login(t.app, 'user@example.com', DEMO_PASSWORD);
    const created = (await inject(t.app, endpoints.myActivities, { access: user.access, query: { filter: 'created' } })).json().results;
    expect(created.map((a) => a.join_mode)).toEqual(['approval']);
    const hosted = (await inject(t.app, endpoints.activityDetails, { access: user.access, params: { id: created[0]?.id ?? '' } })).json();
    const [maya] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'customer1@example.com'));
    expect(hosted.pending.map((p) => [p.user.id, p.status])).toEqual([[maya?.id, 'requested']]);
    const joined = (await inject(t.app, endpoints.myActivities, { access: user.access, query: { filter: 'joined' } })).json().results;
    expect(joined.map((a) => [a.join_mode, a.my_state, a.participant_count])).toEqual([['open', 'joined', 2]]);
    // Its group chat has a conversation going, the demo user's own message last and read by them.
    const [room] = (await inject(t.app, endpoints.chatRooms, { access: user.access, params: { id: joined[0]?.id ?? '' } })).json();
    expect(room).toMatchObject({ kind: 'group', member_count: 3, unread_count: 0 });
    const history = (await inject(t.app, endpoints.chatMessages, { access: user.access, params: { room_id: room?.id ?? '' } })).json();
    expect(history.results).toHaveLength(4);
    expect(history.results.at(-1)?.sender.id).toBe((await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'user@example.com')))[0]?.id);
    // Each activity's joined count is its participants'.
    const mismatched = await t.database.db.execute(
      sql`SELECT a.id FROM activities a WHERE a.participant_count <> (SELECT count(*) FROM activity_participants p WHERE p.activity_id = a.id AND p.status = 'joined')`,
    );
    expect((mismatched as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it('gives the demo user an answered support request about their order, without a notification of it', async () => {
    const { access } = await login(t.app, 'user@example.com', DEMO_PASSWORD);
    const [request] = (await inject(t.app, endpoints.mySupportRequests, { access })).json().results;
    expect(request).toMatchObject({ status: 'answered', topic: 'orders', message_count: 2, reference: { kind: 'purchase' } });
    const thread = (await inject(t.app, endpoints.supportRequest, { access, params: { id: request?.id ?? '' } })).json();
    expect(thread.messages.map((m) => m.author)).toEqual(['person', 'support']);
    const notes = (await inject(t.app, endpoints.notifications, { access })).json();
    expect(notes.filter((n) => n.notification_type.startsWith('support'))).toEqual([]);
  });

  it('is idempotent: a second run adds nothing', async () => {
    const before = await rowCounts();
    await seed();
    expect(await rowCounts()).toEqual(before);
  });

  it('gives the pending vendor a complete application, as a real one waiting for review has: every step, two documents the operator can open, a payout account', async () => {
    const pending = await login(t.app, 'pending@example.com', DEMO_PASSWORD);
    const mine = (await inject(t.app, endpoints.myVendor, { access: pending.access })).json();
    expect(mine).toMatchObject({
      business_name: 'Brooklyn Bike Repair',
      kyc_status: 'pending',
      steps: { basic_info: true, documents: true, bank_details: true, service_time: true, addresses: true },
      bank_details: { kind: 'us_account', bank_name: 'JPMorgan Chase', account_number_masked: '•••• 4321', routing_number: '021000021' },
    });
    expect(mine.documents.map((d) => [d.kind, d.content_type])).toEqual([
      ['identity', 'application/pdf'],
      ['business_registration', 'application/pdf'],
    ]);
    expect(mine.addresses[0]).toMatchObject({ city: 'Brooklyn', time_zone: 'America/New_York' });

    const operator = await login(t.app, 'admin@example.com', DEMO_PASSWORD);
    const queue = (await inject(t.app, endpoints.adminVendors, { access: operator.access })).json();
    expect(queue.results.map((r) => r.business_name)).toContain('Brooklyn Bike Repair');
    for (const document of mine.documents) {
      const file = await t.app.inject({ method: 'GET', url: document.url, headers: { authorization: `Bearer ${operator.access}` } });
      expect(file.statusCode, document.file_name).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(file.rawPayload.length).toBe(document.bytes);
    }
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

  it('gives every demo vendor a logo and three captioned photos, stored with their renditions and served at their URLs', async () => {
    const page = (await inject(t.app, endpoints.vendorList, { query: newYork })).json();
    expect(page.results).toHaveLength(13);
    const coverKinds = new Set<string>();
    for (const card of page.results) {
      expect(card.logo_image, card.business_name).not.toBeNull();
      expect(card.cover_image, card.business_name).toMatchObject({ width: 1280, height: 800 });
      expect(card.cover_image?.variants.map((v) => [v.width, v.content_type]), card.business_name).toEqual([
        [320, 'image/webp'],
        [640, 'image/webp'],
      ]);
      const shop = (await inject(t.app, endpoints.vendorPublic, { params: { user_id: card.user_id } })).json();
      expect(shop.photos, card.business_name).toHaveLength(3);
      expect(shop.photos[0]?.image).toEqual(card.cover_image);
      for (const photo of shop.photos) expect(photo.caption.length, card.business_name).toBeGreaterThan(20);
      coverKinds.add(shop.photos[0]?.caption.split(' ')[0] ?? '');
    }

    // The bakery's pictures, fetched as a browser would: real images of the sizes the answer says.
    const bakery = page.results.find((v) => v.business_name === 'Golden Crust Bakery');
    const logo = await t.app.inject({ method: 'GET', url: bakery?.logo_image?.url ?? '' });
    expect(logo.statusCode).toBe(200);
    expect(await sharp(logo.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 512, height: 512 });
    for (const variant of bakery?.cover_image?.variants ?? []) {
      const file = await t.app.inject({ method: 'GET', url: variant.url });
      expect(file.headers['content-type']).toBe('image/webp');
      expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'webp', width: variant.width, height: variant.height });
    }
    const bakeryPhotos = (await inject(t.app, endpoints.vendorPublic, { params: { user_id: bakery?.user_id ?? '' } })).json().photos;
    expect(bakeryPhotos.map((p) => p.caption)).toEqual([
      'Still life of a slice of cake, a cookie and a croissant on a table',
      'Drawing of the Golden Crust Bakery shop front, with a striped awning',
      'Pattern of ears of wheat, a slice of cake and a cookie in the shop\'s colours',
    ]);
    // Not every cover is a shop front: the directory's covers vary.
    expect(coverKinds).toEqual(new Set(['Drawing', 'Still']));
    // The pending vendor has its pictures too, ready for when it is approved.
    const [pending] = await t.database.db.select().from(vendors).where(eq(vendors.businessName, 'Brooklyn Bike Repair'));
    expect(pending?.logoId).not.toBeNull();
    expect(await t.database.db.select().from(vendorPhotos).where(eq(vendorPhotos.vendorId, pending?.id ?? ''))).toHaveLength(3);
  });

  it('draws the pictures quickly: the whole first seed, pictures included, within a budget even on a busy machine', () => {
    // 56 images and their renditions took 6 s of a 16 s first start on a 2-core machine at load 14; 3 s when quiet.
    expect(firstSeedMs).toBeLessThan(60_000);
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
    // The yoga studio took its photos down and its logo off: they stay off.
    await t.database.db.delete(vendorPhotos).where(eq(vendorPhotos.vendorId, yoga?.id ?? ''));
    await t.database.db.update(vendors).set({ logoId: null }).where(eq(vendors.id, yoga?.id ?? ''));

    const before = await rowCounts();
    await seed();
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
    await seed();
    expect(await rowCounts()).toEqual(before);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'admin@example.com'))).toEqual([]);
    const res = await inject(t.app, endpoints.login, { body: { email: 'admin@example.com', password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(401);
  });
});

describe('demo data without private storage', () => {
  let bare: TestContext;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(() => bare.close());

  it('adds the pending vendor\'s documents and payout account on the first run that has storage, once', async () => {
    const db = bare.database.db;
    await seedDemoData(db);
    const pendingVendor = async () =>
      (await db.select({ id: vendors.id }).from(vendors).innerJoin(users, eq(users.id, vendors.userId)).where(eq(users.email, 'pending@example.com')))[0]?.id ?? '';
    const papers = async () => (await db.select({ n: count() }).from(vendorDocuments).where(eq(vendorDocuments.vendorId, await pendingVendor())))[0]?.n;
    expect(await papers()).toBe(0);
    const documents = createPrivateStorage({ dataDir: mkdtempSync(path.join(tmpdir(), 'localloop-seed-late-')), s3: undefined });
    await seedDemoData(db, { documents });
    expect(await papers()).toBe(2);
    expect(await db.select().from(vendorBankAccounts).where(eq(vendorBankAccounts.vendorId, await pendingVendor()))).toHaveLength(1);
    await seedDemoData(db, { documents });
    expect(await papers()).toBe(2);
  });
});
