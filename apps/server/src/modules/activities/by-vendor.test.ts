import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, PageQuery } from '@localloop/contract';
import { activities, users, vendors } from '../../db/schema.ts';
import { explain } from '../../../test/explain.ts';
import { activityFixtures } from '../../../test/activity-fixtures.ts';
import { createAccount, createTestApp, inject, login, testClock, type TestContext } from '../../../test/helper.ts';
import { vendorActivitiesSql } from './by-vendor.ts';

/**
 * A shop's activities on its public page (GET /activities/by-vendor/{id}/): what its owner's account hosts, listed and
 * not ended, soonest first; an unlisted shop is its owner's alone. And the hosting figures that come with every page of
 * /activities/mine/ (the vendor dashboard's card).
 */
let t: TestContext;
const clock = testClock();
const f = activityFixtures(() => t, clock);

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

async function shop(vendor: { isApproved: boolean; kycStatus: 'pending' | 'approved' } = { isApproved: true, kycStatus: 'approved' }) {
  const account = await createAccount(t.database, { vendor });
  return { ...account, id: account.user.id, vendorId: account.vendorId ?? '', access: (await login(t.app, account.email, account.password)).access };
}

const host = async (access: string, over: Parameters<typeof f.input>[0] = {}) => {
  const res = await inject(t.app, endpoints.createActivity, { access, body: f.input(over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
};

const list = (vendorId: string, opts: { access?: string; page?: number; page_size?: number } = {}) =>
  inject(t.app, endpoints.vendorActivities, { params: { id: vendorId }, query: { page: opts.page, page_size: opts.page_size }, ...(opts.access ? { access: opts.access } : {}) });

describe('a shop\'s activities on its public page', () => {
  it('lists what the shop\'s owner hosts, public and not ended, soonest first, to a visitor', async () => {
    const owner = await shop();
    const later = await host(owner.access, { title: 'Cheese tasting', starts_at: f.hours(72), ends_at: f.hours(74) });
    const sooner = await host(owner.access, { title: 'Bread class', starts_at: f.hours(24), ends_at: f.hours(26) });
    const unlisted = await host(owner.access, { title: 'Friends only', visibility: 'unlisted' });
    const deactivated = await host(owner.access, { title: 'Called off' });
    expect((await inject(t.app, endpoints.deactivateActivity, { access: owner.access, params: { id: deactivated } })).statusCode).toBe(200);
    const ended = await host(owner.access, { title: 'Already over', starts_at: f.hours(1), ends_at: f.hours(2) });
    await t.database.db
      .update(activities)
      .set({ startsAt: new Date(clock().getTime() - 3 * 3_600_000), endsAt: new Date(clock().getTime() - 3_600_000) })
      .where(eq(activities.id, ended));
    // Someone else's activity is not the shop's.
    await f.hosted();

    const res = await list(owner.vendorId);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.results.map((a) => a.id)).toEqual([sooner, later]);
    expect(body).toMatchObject({ count: 2, page: 1 });
    expect(body.results[0]).toMatchObject({ title: 'Bread class', state: 'upcoming', my_state: 'none', distance_km: null, host: { id: owner.id } });
    for (const hidden of [unlisted, deactivated, ended]) expect(body.results.map((a) => a.id)).not.toContain(hidden);
  });

  it('pages with an exact count, and tells a signed-in person their place in each', async () => {
    const owner = await shop();
    const ids = [];
    for (let i = 0; i < 5; i += 1) ids.push(await host(owner.access, { title: `Class ${i}`, starts_at: f.hours(24 + i), ends_at: f.hours(25 + i) }));
    const visitor = await f.person();
    expect((await f.join(visitor.access, ids[1] ?? '')).statusCode).toBe(200);
    const first = (await list(owner.vendorId, { page_size: 2, access: visitor.access })).json();
    expect(first).toMatchObject({ count: 5, page_size: 2 });
    expect(first.results.map((a) => [a.id, a.my_state])).toEqual([
      [ids[0], 'none'],
      [ids[1], 'joined'],
    ]);
    const last = (await list(owner.vendorId, { page: 3, page_size: 2 })).json();
    expect(last).toMatchObject({ count: 5, page: 3 });
    expect(last.results.map((a) => a.id)).toEqual([ids[4]]);
    const beyond = (await list(owner.vendorId, { page: 4, page_size: 2 })).json();
    expect(beyond).toMatchObject({ count: 5, results: [] });
  });

  it('answers an empty list for a listed shop whose owner hosts nothing', async () => {
    const owner = await shop();
    expect((await list(owner.vendorId)).json()).toMatchObject({ count: 0, results: [] });
  });

  it('keeps an unlisted shop to its owner (its preview), as its page does: 404 to anyone else', async () => {
    const owner = await shop({ isApproved: false, kycStatus: 'pending' });
    const id = await host(owner.access);
    const other = await f.person();
    for (const access of [undefined, other.access]) {
      const res = await list(owner.vendorId, { access });
      expect(res.statusCode).toBe(404);
      expect(res.error()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await list(owner.vendorId, { access: owner.access })).json().results.map((a) => a.id)).toEqual([id]);
    // Suspended: off the page too.
    const live = await shop();
    await host(live.access);
    await t.database.db.update(vendors).set({ isSuspended: true }).where(eq(vendors.id, live.vendorId));
    expect((await list(live.vendorId)).statusCode).toBe(404);
  });

  it('answers an unknown or malformed id, and a bad page, with a 4xx in the one error shape', async () => {
    const missing = await list('00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.error()).toMatchObject({ code: 'NOT_FOUND', error: 'That vendor was not found.' });
    // A person's account id is not a vendor id.
    const person = await f.person();
    expect((await list(person.id)).statusCode).toBe(404);
    const malformed = await t.app.inject({ method: 'GET', url: '/api/activities/by-vendor/not-a-uuid/' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { id: expect.any(String) } });
    const owner = await shop();
    const badPage = await t.app.inject({ method: 'GET', url: `/api/activities/by-vendor/${owner.vendorId}/?page_size=500` });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { page_size: expect.any(String) } });
  });

  it('walks the host\'s index (host_id, starts_at) in the plan a prepared statement keeps, not the near-me GiST index', async () => {
    // Many hosts with a few activities each (a group chat room each, by trigger: slow to write), so a scan of the table
    // would cost far more than the index.
    const hosts = await t.database.db
      .insert(users)
      .values(Array.from({ length: 100 }, (_, i) => ({ email: `by-vendor-${i}@example.test`, username: `by_vendor_${i}` })))
      .returning({ id: users.id });
    const now = clock().getTime();
    const rows = hosts.flatMap((h, i) =>
      Array.from({ length: 4 }, (_, k) => ({
        hostId: h.id,
        title: `Bulk ${i}-${k}`,
        description: 'An activity for the plan test.',
        category: 'Outdoors',
        startsAt: new Date(now + (k + 1) * 86_400_000),
        endsAt: new Date(now + (k + 1) * 86_400_000 + 3_600_000),
        addressText: `${i} Main St`,
        city: 'Springfield',
        latitude: 40 + i / 1000,
        longitude: -74,
      })),
    );
    for (let i = 0; i < rows.length; i += 500) await t.database.db.insert(activities).values(rows.slice(i, i + 500));
    await t.database.db.execute(sql`ANALYZE activities`);
    for (const generic of [false, true]) {
      const plan = (await explain(t.database, vendorActivitiesSql(t.database.db, hosts[7]?.id ?? '', PageQuery.parse({ page_size: 12 }), clock()), { generic })).join('\n');
      expect(plan, plan).toMatch(/Index Scan using activities_host_idx|Bitmap Index Scan on activities_host_idx/);
      expect(plan, plan).not.toMatch(/Seq Scan on activities|activities_listed_earth_idx/);
    }
  }, 60_000);
});

describe('the hosting figures with /activities/mine/', () => {
  it('count what the caller hosts and is still to come, the requests waiting on them, and the soonest', async () => {
    const owner = await shop();
    const mine = () => inject(t.app, endpoints.myActivities, { access: owner.access, query: { filter: 'created', page_size: 1 } });
    expect((await mine()).json().hosting).toEqual({ upcoming: 0, requests: 0, next: null });

    const approval = await host(owner.access, { title: 'Tasting on request', join_mode: 'approval', starts_at: f.hours(48), ends_at: f.hours(50) });
    const open = await host(owner.access, { title: 'Open bake', visibility: 'unlisted', starts_at: f.hours(30), ends_at: f.hours(31) });
    const cancelled = await host(owner.access, { title: 'Off', join_mode: 'approval' });
    const [a, b, c] = [await f.person(), await f.person(), await f.person()];
    for (const p of [a, b]) expect((await f.join(p.access, approval)).json().my_state).toBe('requested');
    expect((await f.join(c.access, open)).json().my_state).toBe('joined');
    expect((await f.join(c.access, cancelled)).json().my_state).toBe('requested');
    expect((await inject(t.app, endpoints.deactivateActivity, { access: owner.access, params: { id: cancelled } })).statusCode).toBe(200);
    // What the owner joined elsewhere is not what it hosts.
    const elsewhere = await f.hosted({ starts_at: f.hours(3), ends_at: f.hours(4) });
    expect((await f.join(owner.access, elsewhere.activity.id)).statusCode).toBe(200);

    const hosting = (await mine()).json().hosting;
    expect(hosting).toMatchObject({ upcoming: 2, requests: 2, next: { id: open, title: 'Open bake', participant_count: 1, my_state: 'host' } });

    // Once the soonest is over, the next is the other (a new session: the clock outran the first).
    clock.advance(32 * 3_600_000);
    owner.access = (await login(t.app, owner.email, owner.password)).access;
    expect((await mine()).json().hosting).toMatchObject({ upcoming: 1, requests: 2, next: { id: approval } });
  });
});
