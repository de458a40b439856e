import { count, eq, sql, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type RateVendorInput, type VendorCard, type VendorCategory } from '@localloop/contract';
import { notifications, users, vendorAddresses, vendorHours, vendorRatings, vendors } from '../../db/schema.ts';
import { createAccount, createTestApp, inject, login, onPostgres, raw, testClock, type InjectQuery, type TestContext, type Unchecked } from '../../../test/helper.ts';

const clock = testClock();
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

type Point = { lat: number; lng: number };

let spots = 0;
/** A place of its own for each test, 330 km from the others, so tests sharing the database do not see each other's vendors. */
function spot(): Point {
  spots += 1;
  return { lat: -45 + spots * 3, lng: 150 };
}

/** The point `north` km north and `east` km east of `p` (flat-earth approximation, fine over tens of km). */
function offset(p: Point, north: number, east = 0): Point {
  return { lat: p.lat + north / 111.195, lng: p.lng + east / (111.195 * Math.cos((p.lat * Math.PI) / 180)) };
}

type VendorOpts = {
  name: string;
  category?: VendorCategory;
  at: Point[];
  kyc?: 'not_submitted' | 'pending' | 'approved' | 'rejected';
  suspended?: boolean;
  ownerActive?: boolean;
  ratings?: { sum: number; count: number };
};

/** A vendor with its own account and addresses, written straight to the database (KYC has its own tests). */
async function vendor(opts: VendorOpts) {
  const kyc = opts.kyc ?? 'approved';
  // A rejection needs its reason, set below; the helper inserts without one.
  const account = await createAccount(t.database, {
    vendor: { isApproved: kyc === 'approved', kycStatus: kyc === 'rejected' ? 'pending' : kyc },
    isActive: opts.ownerActive ?? true,
  });
  const id = account.vendorId ?? '';
  await t.database.db
    .update(vendors)
    .set({
      businessName: opts.name,
      category: opts.category ?? 'Other',
      description: `About ${opts.name}`,
      contactEmail: account.email,
      contactPhone: account.user.phoneNumber,
      isSuspended: opts.suspended ?? false,
      kycStatus: kyc,
      rejectionReason: kyc === 'rejected' ? 'Blurry documents' : null,
      ratingSum: opts.ratings?.sum ?? 0,
      ratingCount: opts.ratings?.count ?? 0,
    })
    .where(eq(vendors.id, id));
  if (opts.at.length) {
    await t.database.db.insert(vendorAddresses).values(
      opts.at.map((p, i) => ({
        vendorId: id,
        line1: `${i + 1} Main Street`,
        city: `Town ${i + 1}`,
        state: 'NY',
        postalCode: '10001',
        country: 'United States',
        latitude: p.lat,
        longitude: p.lng,
        isPrimary: i === 0,
      })),
    );
  }
  return { id, userId: account.user.id, email: account.email, password: account.password };
}

async function signedIn(names: { firstName?: string; lastName?: string } = {}) {
  const account = await createAccount(t.database);
  if (names.firstName || names.lastName) await t.database.db.update(users).set(names).where(eq(users.id, account.user.id));
  const session = await login(t.app, account.email, account.password);
  return { ...account, access: session.access };
}

async function loggedIn(v: { email: string; password: string }) {
  return (await login(t.app, v.email, v.password)).access;
}

type ListQuery = InjectQuery<typeof endpoints.vendorList>;

async function list(p: Point, query: ListQuery = {}, access?: string) {
  const res = await inject(t.app, endpoints.vendorList, { query: { lat: p.lat, lng: p.lng, ...query }, access });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const names = (r: { results: VendorCard[] }) => r.results.map((c) => c.business_name);

describe('GET /api/vendor/lists/', () => {
  it('lists vendors within the radius, nearest first, and none beyond it', async () => {
    const here = spot();
    await vendor({ name: 'Eight km', at: [offset(here, 0, 8)] });
    await vendor({ name: 'One km', at: [offset(here, 1)] });
    await vendor({ name: 'Thirty km', at: [offset(here, -30)] });
    await vendor({ name: 'Three km', at: [offset(here, 0, -3)] });

    const near = await list(here, { radius_km: 10 });
    expect(names(near)).toEqual(['One km', 'Three km', 'Eight km']);
    expect(near.count).toBe(3);
    expect(near.results.map((c) => c.distance_km)).toEqual([expect.closeTo(1, 1), expect.closeTo(3, 1), expect.closeTo(8, 1)]);
    expect(near.results[0]).toMatchObject({ city: 'Town 1', state: 'NY', category: 'Other', rating_avg: null, rating_count: 0, is_favorite: false, logo: null });

    expect(names(await list(here, { radius_km: 29 }))).toEqual(['One km', 'Three km', 'Eight km']);
    expect(names(await list(here, { radius_km: 31 }))).toEqual(['One km', 'Three km', 'Eight km', 'Thirty km']);
  });

  it('measures a vendor with several addresses at its nearest one and lists it once', async () => {
    const here = spot();
    await vendor({ name: 'Two shops', at: [offset(here, 20), offset(here, 0, 2)] });
    await vendor({ name: 'One shop', at: [offset(here, 5)] });
    const res = await list(here, { radius_km: 25 });
    expect(names(res)).toEqual(['Two shops', 'One shop']);
    expect(res.results[0]).toMatchObject({ distance_km: expect.closeTo(2, 1), city: 'Town 2' });
    expect(res.count).toBe(2);
    // to the metre what earthdistance says
    const east = offset(here, 0, 2);
    const [exact] = await t.database.db
      .select({ m: sql<number>`earth_distance(ll_to_earth(${here.lat}::float8, ${here.lng}::float8), ll_to_earth(${east.lat}::float8, ${east.lng}::float8))` })
      .from(users)
      .limit(1);
    expect(res.results[0]?.distance_km).toBe(Math.round(exact?.m ?? 0) / 1000);
  });

  it('never lists vendors that are not approved, suspended, or whose account is closed, nor vendors without an address', async () => {
    const here = spot();
    await vendor({ name: 'Open Bakery', category: 'Food & Drink', at: [here] });
    await vendor({ name: 'Pending Bakery', category: 'Food & Drink', kyc: 'pending', at: [here] });
    await vendor({ name: 'Draft Bakery', category: 'Food & Drink', kyc: 'not_submitted', at: [here] });
    await vendor({ name: 'Rejected Bakery', category: 'Food & Drink', kyc: 'rejected', at: [here] });
    await vendor({ name: 'Suspended Bakery', category: 'Food & Drink', suspended: true, at: [here] });
    await vendor({ name: 'Closed Bakery', category: 'Food & Drink', ownerActive: false, at: [here] });
    await vendor({ name: 'Nowhere Bakery', category: 'Food & Drink', at: [] });
    const someone = await signedIn();
    for (const params of [{}, { q: 'bakery' }, { category: 'Food & Drink' }, { sort: 'rating' }] satisfies ListQuery[]) {
      expect(names(await list(here, params))).toEqual(['Open Bakery']);
      expect(names(await list(here, params, someone.access))).toEqual(['Open Bakery']);
    }
  });

  it('sorts by rating: the average first, then the number of ratings, then the distance', async () => {
    const here = spot();
    await vendor({ name: 'Unrated, nearest', at: [offset(here, 0.5)] });
    await vendor({ name: 'Four and a half', at: [offset(here, 1)], ratings: { sum: 9, count: 2 } });
    await vendor({ name: 'Five once, far', at: [offset(here, 9)], ratings: { sum: 5, count: 1 } });
    await vendor({ name: 'Five thrice', at: [offset(here, 7)], ratings: { sum: 15, count: 3 } });
    await vendor({ name: 'Five once, near', at: [offset(here, 3)], ratings: { sum: 5, count: 1 } });
    await vendor({ name: 'Two', at: [offset(here, 2)], ratings: { sum: 4, count: 2 } });

    const res = await list(here, { sort: 'rating' });
    expect(names(res)).toEqual(['Five thrice', 'Five once, near', 'Five once, far', 'Four and a half', 'Two', 'Unrated, nearest']);
    expect(res.results.map((c) => [c.rating_avg, c.rating_count])).toEqual([[5, 3], [5, 1], [5, 1], [4.5, 2], [2, 2], [null, 0]]);
    expect(names(await list(here, { sort: 'distance' }))[0]).toBe('Unrated, nearest');
  });

  it('finds a business by its name or category despite typos', async () => {
    const here = spot();
    await vendor({ name: 'Sunrise Yoga Studio', category: 'Fitness & Sports', at: [offset(here, 1)] });
    await vendor({ name: 'Golden Crust Bakery', category: 'Food & Drink', at: [offset(here, 2)] });
    await vendor({ name: 'Hudson Corner Studio', category: 'Beauty & Wellness', at: [offset(here, 3)] });
    await vendor({ name: 'Paws & Claws Grooming', category: 'Pets', at: [offset(here, 4)] });
    await vendor({ name: '100% Juice_Bar', category: 'Food & Drink', at: [offset(here, 5)] });

    const found = async (q: string) => names(await list(here, { q }));
    expect(await found('yoga studo')).toEqual(['Sunrise Yoga Studio']);
    expect(await found('Sunrse Yoga')).toEqual(['Sunrise Yoga Studio']);
    expect(await found('bakry')).toEqual(['Golden Crust Bakery']);
    expect(await found('GOLDEN')).toEqual(['Golden Crust Bakery']);
    expect(await found('gold')).toEqual(['Golden Crust Bakery']);
    expect(await found('studio')).toEqual(['Sunrise Yoga Studio', 'Hudson Corner Studio']);
    expect(await found('crust')).toEqual(['Golden Crust Bakery']);
    // by category
    expect(await found('fitnes')).toEqual(['Sunrise Yoga Studio']);
    expect(await found('pets')).toEqual(['Paws & Claws Grooming']);
    expect(await found('food')).toEqual(['Golden Crust Bakery', '100% Juice_Bar']);
    // LIKE's wildcards are plain characters in a search
    expect(await found('100%')).toEqual(['100% Juice_Bar']);
    expect(await found('%')).toEqual([]);
    expect(await found('xylophone repair')).toEqual([]);
  });

  it('filters by category, and refuses a category that does not exist', async () => {
    const here = spot();
    await vendor({ name: 'Corner Cafe', category: 'Food & Drink', at: [offset(here, 1)] });
    await vendor({ name: 'Corner Gym', category: 'Fitness & Sports', at: [offset(here, 2)] });
    await vendor({ name: 'Bagel Place', category: 'Food & Drink', at: [offset(here, 3)] });
    expect(names(await list(here, { category: 'Food & Drink' }))).toEqual(['Corner Cafe', 'Bagel Place']);
    expect(names(await list(here, { category: 'Food & Drink', q: 'corner' }))).toEqual(['Corner Cafe']);
    const bad = await inject(t.app, endpoints.vendorList, { query: raw({ lat: here.lat, lng: here.lng, category: 'Spaceships' }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.error().fields?.category).toBe('Choose a category.');
  });

  it('pages the results and counts them all', async () => {
    const here = spot();
    for (let i = 1; i <= 5; i += 1) await vendor({ name: `Shop ${i}`, at: [offset(here, i)] });
    const first = await list(here, { page_size: 2 });
    expect(first).toMatchObject({ count: 5, page: 1, page_size: 2 });
    expect(names(first)).toEqual(['Shop 1', 'Shop 2']);
    expect(names(await list(here, { page_size: 2, page: 2 }))).toEqual(['Shop 3', 'Shop 4']);
    const last = await list(here, { page_size: 2, page: 3 });
    expect(last).toMatchObject({ count: 5, page: 3 });
    expect(names(last)).toEqual(['Shop 5']);
    const past = await list(here, { page_size: 2, page: 4 });
    expect(past).toMatchObject({ count: 5, page: 4, results: [] });
  });

  it('refuses a point or a radius out of range with a message per field', async () => {
    const res = await inject(t.app, endpoints.vendorList, { query: { lat: 91, lng: -200, radius_km: 501, page_size: 51 } });
    expect(res.statusCode).toBe(400);
    expect(res.error()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { lat: 'Latitude is between -90 and 90.', lng: 'Longitude is between -180 and 180.', radius_km: expect.any(String), page_size: expect.any(String) },
    });
  });

  it('marks the signed-in caller\'s favorites, and only theirs', async () => {
    const here = spot();
    const liked = await vendor({ name: 'Liked', at: [offset(here, 1)] });
    await vendor({ name: 'Other', at: [offset(here, 2)] });
    const fan = await signedIn();
    const stranger = await signedIn();
    expect((await inject(t.app, endpoints.toggleFavoriteVendor, { params: { id: liked.id }, access: fan.access })).statusCode).toBe(200);
    const flags = async (access?: string) => (await list(here, {}, access)).results.map((c) => [c.business_name, c.is_favorite]);
    expect(await flags(fan.access)).toEqual([['Liked', true], ['Other', false]]);
    expect(await flags(stranger.access)).toEqual([['Liked', false], ['Other', false]]);
    expect(await flags()).toEqual([['Liked', false], ['Other', false]]);
  });
});

describe('GET /api/vendor/public/{user_id}/', () => {
  it('shows a listed vendor\'s page: card, contact, opening hours, addresses, favorites count; the distance when asked from a point', async () => {
    const here = spot();
    const shop = await vendor({ name: 'Harbor Tea House', category: 'Food & Drink', at: [offset(here, 6), offset(here, 0, 2)] });
    await t.database.db.insert(vendorHours).values([
      { vendorId: shop.id, weekday: 2, opensMinute: 13 * 60, closesMinute: 18 * 60 },
      { vendorId: shop.id, weekday: 1, opensMinute: 9 * 60, closesMinute: 12 * 60 },
      { vendorId: shop.id, weekday: 1, opensMinute: 13 * 60 + 30, closesMinute: 24 * 60 },
    ]);
    const fan = await signedIn();
    await inject(t.app, endpoints.toggleFavoriteVendor, { params: { id: shop.id }, access: fan.access });

    const res = await inject(t.app, endpoints.vendorPublic, { params: { user_id: shop.userId } });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({
      id: shop.id,
      user_id: shop.userId,
      business_name: 'Harbor Tea House',
      category: 'Food & Drink',
      description: 'About Harbor Tea House',
      contact_email: shop.email,
      contact_phone: expect.stringMatching(/^\+1555/),
      favorites_count: 1,
      is_favorite: false,
      distance_km: null,
      city: 'Town 1',
      service_time: {
        time_zone: 'America/New_York',
        hours: [
          { weekday: 1, opens: '09:00', closes: '12:00' },
          { weekday: 1, opens: '13:30', closes: '24:00' },
          { weekday: 2, opens: '13:00', closes: '18:00' },
        ],
      },
    });
    expect(page.addresses).toHaveLength(2);
    expect(page.addresses[0]).toMatchObject({ is_primary: true, formatted_address: '1 Main Street, Town 1, NY 10001, United States' });

    const fromHere = (await inject(t.app, endpoints.vendorPublic, { params: { user_id: shop.userId }, query: { lat: here.lat, lng: here.lng }, access: fan.access })).json();
    expect(fromHere).toMatchObject({ distance_km: expect.closeTo(2, 1), city: 'Town 2', is_favorite: true });
  });

  it('answers 404 for a vendor that is not listed, or unknown; its owner and operators still see it', async () => {
    const here = spot();
    const pending = await vendor({ name: 'Not Yet', kyc: 'pending', at: [here] });
    const suspended = await vendor({ name: 'Paused', suspended: true, at: [here] });
    const someone = await signedIn();
    const operator = await signedIn();
    await t.database.db.update(users).set({ isOperator: true }).where(eq(users.id, operator.user.id));

    for (const v of [pending, suspended]) {
      expect((await inject(t.app, endpoints.vendorPublic, { params: { user_id: v.userId } })).statusCode).toBe(404);
      expect((await inject(t.app, endpoints.vendorPublic, { params: { user_id: v.userId }, access: someone.access })).statusCode).toBe(404);
      expect((await inject(t.app, endpoints.vendorPublic, { params: { user_id: v.userId }, access: await loggedIn(v) })).statusCode).toBe(200);
      expect((await inject(t.app, endpoints.vendorPublic, { params: { user_id: v.userId }, access: operator.access })).statusCode).toBe(200);
    }
    // a user who is no vendor, and an id of nobody
    expect((await inject(t.app, endpoints.vendorPublic, { params: { user_id: someone.user.id } })).statusCode).toBe(404);
    expect((await inject(t.app, endpoints.vendorPublic, { params: { user_id: crypto.randomUUID() } })).error()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await inject(t.app, endpoints.vendorPublic, { params: { user_id: 'not-a-uuid' } })).statusCode).toBe(400);
  });
});

describe('POST /api/rate/vendor/ and GET /api/vendor/{id}/ratings/', () => {
  const rate = (access: string | undefined, body: RateVendorInput | Unchecked) => inject(t.app, endpoints.rateVendor, { access, body });

  it('refuses a visitor with 401', async () => {
    const shop = await vendor({ name: 'Any Shop', at: [spot()] });
    expect((await rate(undefined, { vendor_id: shop.id, rating: 5 })).statusCode).toBe(401);
  });

  it('takes 1 to 5 whole stars only, with a message on the field', async () => {
    const shop = await vendor({ name: 'Strict Shop', at: [spot()] });
    const me = await signedIn();
    for (const rating of [0, 6, 4.5, '5', null, undefined]) {
      const res = await rate(me.access, raw({ vendor_id: shop.id, rating, comment: 'x' }));
      expect(res.statusCode).toBe(400);
      expect(res.error().fields).toEqual({ rating: 'Choose 1 to 5 stars.' });
    }
    const long = await rate(me.access, { vendor_id: shop.id, rating: 3, comment: 'x'.repeat(1001) });
    expect(long.error().fields).toEqual({ comment: 'Use at most 1000 characters.' });
    expect((await rate(me.access, { vendor_id: 'nope', rating: 3 })).error().fields).toEqual({ vendor_id: 'Unknown vendor.' });
    const [row] = await t.database.db.select().from(vendors).where(eq(vendors.id, shop.id));
    expect(row).toMatchObject({ ratingSum: 0, ratingCount: 0 });
  });

  it('replaces a person\'s first rating with their second; the average and the count are exact', async () => {
    const shop = await vendor({ name: 'Rated Shop', at: [spot()] });
    const ann = await signedIn({ firstName: 'Ann', lastName: 'Lee' });
    const bob = await signedIn();

    const first = await rate(ann.access, { vendor_id: shop.id, rating: 5, comment: '  Lovely tea.  ' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      rating: { vendor_id: shop.id, rating: 5, comment: 'Lovely tea.', user: { id: ann.user.id, name: 'Ann Lee', image: null } },
      rating_avg: 5,
      rating_count: 1,
    });
    expect((await rate(bob.access, { vendor_id: shop.id, rating: 4 })).json()).toMatchObject({ rating_avg: 4.5, rating_count: 2 });
    clock.advance(1000);
    const again = await rate(ann.access, { vendor_id: shop.id, rating: 2, comment: 'Gone downhill.' });
    expect(again.json()).toMatchObject({ rating: { id: first.json().rating.id, rating: 2, comment: 'Gone downhill.' }, rating_avg: 3, rating_count: 2 });
    expect(again.json().rating.updated_at > again.json().rating.created_at).toBe(true);

    const [row] = await t.database.db.select().from(vendors).where(eq(vendors.id, shop.id));
    expect(row).toMatchObject({ ratingSum: 6, ratingCount: 2 });
    const stored = await t.database.db.select().from(vendorRatings).where(eq(vendorRatings.vendorId, shop.id));
    expect(stored.map((r) => r.rating).sort()).toEqual([2, 4]);
    // the directory and the public page show the same figures
    const page = (await inject(t.app, endpoints.vendorPublic, { params: { user_id: shop.userId } })).json();
    expect(page).toMatchObject({ rating_avg: 3, rating_count: 2 });
  });

  it('does not let a vendor rate its own business', async () => {
    const shop = await vendor({ name: 'Self Shop', at: [spot()] });
    const res = await rate(await loggedIn(shop), { vendor_id: shop.id, rating: 5 });
    expect(res.statusCode).toBe(403);
    expect(res.error()).toEqual({ error: 'You cannot rate your own business.', code: 'FORBIDDEN' });
  });

  it('rates only listed vendors: others answer 404', async () => {
    const here = spot();
    const me = await signedIn();
    const pending = await vendor({ name: 'Pending Shop', kyc: 'pending', at: [here] });
    const suspended = await vendor({ name: 'Suspended Shop', suspended: true, at: [here] });
    for (const id of [pending.id, suspended.id, crypto.randomUUID()]) {
      const res = await rate(me.access, { vendor_id: id, rating: 4 });
      expect(res.statusCode).toBe(404);
      expect(res.error().code).toBe('NOT_FOUND');
    }
    expect(await t.database.db.select().from(vendorRatings).where(eq(vendorRatings.userId, me.user.id))).toEqual([]);
  });

  it('tells the vendor about a new rating, opening its own public page', async () => {
    const shop = await vendor({ name: 'Told Shop', at: [spot()] });
    const me = await signedIn({ firstName: 'Cara' });
    await rate(me.access, { vendor_id: shop.id, rating: 1, comment: 'Closed when it said open.' });
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, shop.userId));
    expect(notes).toEqual([
      expect.objectContaining({ notificationType: 'vendor_rated', title: 'Cara rated you 1 star', body: 'Closed when it said open.', data: expect.objectContaining({ vendor_id: shop.id, rating: 1 }), targetKind: 'vendor_page', targetId: shop.userId }),
    ]);
  });

  it('lists ratings newest first with each rater\'s name, page by page, and the caller\'s own as `mine`', async () => {
    const shop = await vendor({ name: 'Reviewed Shop', at: [spot()] });
    const ann = await signedIn({ firstName: 'Ann', lastName: 'Old' });
    const ben = await signedIn();
    const cy = await signedIn({ lastName: 'Cy' });
    for (const [who, stars] of [[ann, 3], [ben, 4], [cy, 5]] as const) {
      await rate(who.access, { vendor_id: shop.id, rating: stars, comment: `${stars} from me` });
      clock.advance(60_000);
    }
    const firstPage = (await inject(t.app, endpoints.vendorRatings, { params: { id: shop.id }, query: { page_size: 2 }, access: ann.access })).json();
    expect(firstPage).toMatchObject({ count: 3, page: 1, page_size: 2 });
    expect(firstPage.results.map((r: { user: { name: string } }) => r.user.name)).toEqual(['Cy', ben.user.username]);
    expect(firstPage.mine).toMatchObject({ rating: 3, comment: '3 from me', user: { name: 'Ann Old' } });

    const second = (await inject(t.app, endpoints.vendorRatings, { params: { id: shop.id }, query: { page_size: 2, page: 2 } })).json();
    expect(second.results.map((r: { rating: number }) => r.rating)).toEqual([3]);
    expect(second.mine).toBeNull();
    // a changed rating comes back to the top
    await rate(ann.access, { vendor_id: shop.id, rating: 4, comment: 'Better now' });
    const again = (await inject(t.app, endpoints.vendorRatings, { params: { id: shop.id } })).json();
    expect(again.results.map((r: { comment: string }) => r.comment)).toEqual(['Better now', '5 from me', '4 from me']);
    // The stars distribution counts every rating, whatever the page.
    expect(again.distribution).toEqual([
      { stars: 5, count: 1 },
      { stars: 4, count: 2 },
      { stars: 3, count: 0 },
      { stars: 2, count: 0 },
      { stars: 1, count: 0 },
    ]);
  });

  it('hides the ratings of a vendor that is not listed', async () => {
    const shop = await vendor({ name: 'Hidden Shop', kyc: 'pending', at: [spot()] });
    expect((await inject(t.app, endpoints.vendorRatings, { params: { id: shop.id } })).statusCode).toBe(404);
    expect((await inject(t.app, endpoints.vendorRatings, { params: { id: shop.id }, access: await loggedIn(shop) })).statusCode).toBe(200);
  });

  it(`keeps the sum and count equal to the stored ratings under concurrent ratings from many people${onPostgres ? ' (PostgreSQL)' : ''}`, async () => {
    const shop = await vendor({ name: 'Busy Shop', at: [spot()] });
    const people = await Promise.all(Array.from({ length: 12 }, () => signedIn()));
    const firstRound = await Promise.all(people.map((p, i) => rate(p.access, { vendor_id: shop.id, rating: (i % 5) + 1 })));
    expect(firstRound.map((r) => r.statusCode)).toEqual(people.map(() => 200));
    // Everyone changes their mind three times at once: without the lock on the vendor, two changes of one
    // person would both read the same earlier stars and move the sum twice from it.
    const secondRound = await Promise.all(
      people.flatMap((p, i) => [1, 2, 3].map((k) => rate(p.access, { vendor_id: shop.id, rating: ((i + k) % 5) + 1 }))),
    );
    expect(secondRound.every((r) => r.statusCode === 200)).toBe(true);

    const [stored] = await t.database.db
      .select({ n: count(), total: sum(vendorRatings.rating).mapWith(Number) })
      .from(vendorRatings)
      .where(eq(vendorRatings.vendorId, shop.id));
    const [row] = await t.database.db.select().from(vendors).where(eq(vendors.id, shop.id));
    expect(stored?.n).toBe(12);
    expect(row).toMatchObject({ ratingCount: 12, ratingSum: stored?.total });
  });
});

describe('favorites: POST /api/vendor/{id}/favorite/ and GET /api/vendor/favorites/', () => {
  const toggle = (id: string, access?: string) => inject(t.app, endpoints.toggleFavoriteVendor, { params: { id }, access });
  const favorites = async (access: string) => {
    const res = await inject(t.app, endpoints.favoriteVendors, { access });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('toggles a vendor in and out of the caller\'s favorites, with the count of everyone\'s', async () => {
    const shop = await vendor({ name: 'Loved Shop', at: [spot()] });
    const ann = await signedIn();
    const bob = await signedIn();
    expect((await toggle(shop.id, ann.access)).json()).toEqual({ is_favorite: true, favorites_count: 1 });
    expect((await toggle(shop.id, bob.access)).json()).toEqual({ is_favorite: true, favorites_count: 2 });
    expect((await toggle(shop.id, ann.access)).json()).toEqual({ is_favorite: false, favorites_count: 1 });
    expect((await toggle(shop.id, ann.access)).json()).toEqual({ is_favorite: true, favorites_count: 2 });
  });

  it('lists the caller\'s listed favorites, the most recently added first, without a distance', async () => {
    const here = spot();
    const a = await vendor({ name: 'First Liked', at: [here] });
    const b = await vendor({ name: 'Second Liked', at: [offset(here, 1)] });
    const c = await vendor({ name: 'Later Suspended', at: [offset(here, 2)] });
    const me = await signedIn();
    const other = await signedIn();
    for (const v of [a, b, c]) {
      await toggle(v.id, me.access);
      clock.advance(1000);
    }
    await toggle(a.id, other.access);
    await t.database.db.update(vendors).set({ isSuspended: true }).where(eq(vendors.id, c.id));

    const mine = await favorites(me.access);
    expect(mine.map((v) => v.business_name)).toEqual(['Second Liked', 'First Liked']);
    expect(mine[0]).toMatchObject({ id: b.id, user_id: b.userId, distance_km: null, city: 'Town 1', is_favorite: true });
    expect((await favorites(other.access)).map((v) => v.id)).toEqual([a.id]);
    expect(await favorites((await signedIn()).access)).toEqual([]);

    // a favorite of a vendor no longer listed can still be taken off, not put back
    expect((await toggle(c.id, me.access)).json()).toEqual({ is_favorite: false, favorites_count: 0 });
    expect((await toggle(c.id, me.access)).statusCode).toBe(404);
  });

  it('refuses visitors, vendors that are not listed, and one\'s own business', async () => {
    const here = spot();
    const shop = await vendor({ name: 'Own Shop', at: [here] });
    const pending = await vendor({ name: 'Pending Fav', kyc: 'pending', at: [here] });
    const me = await signedIn();
    expect((await toggle(shop.id)).statusCode).toBe(401);
    expect((await inject(t.app, endpoints.favoriteVendors)).statusCode).toBe(401);
    expect((await toggle(pending.id, me.access)).statusCode).toBe(404);
    expect((await toggle(crypto.randomUUID(), me.access)).statusCode).toBe(404);
    const own = await toggle(shop.id, await loggedIn(shop));
    expect(own.statusCode).toBe(403);
    expect(own.error().error).toBe('You cannot add your own business to your favorites.');
  });
});
