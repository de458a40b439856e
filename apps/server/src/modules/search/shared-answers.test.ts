import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpoints } from '@localloop/contract';
import { activities, activityParticipants, deals, favoriteServices, favoriteVendors, services, vendors } from '../../db/schema.ts';
import { seedDemoData } from '../../db/seed/index.ts';
import { bookingFixtures } from '../../../test/booking-fixtures.ts';
import { createTestApp, inject, signedInAccount, testClock, type TestContext } from '../../../test/helper.ts';

/**
 * Search and /Discover keep an answer for the next asker of the same, PUBLIC_ANSWER_SECONDS long (lib/answer-cache.ts),
 * seen through a deal renamed meanwhile; a signed-in person gets it with their own marks, which are what each kind's own
 * list answers them. The four lists near a point and a deal's page keep a visitor's answer the same way; a signed-in
 * person's is fresh. An activity's page and a provider's free times are kept for everyone until they change
 * (lib/kept-until-changed.ts): a change the apps do not make (a title rewritten in the database) shows after the time.
 */
const clock = testClock();
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ clock, config: { publicAnswerTtlMs: 10_000 } });
  await seedDemoData(t.database.db);
});
afterAll(() => t.close());

const newYork = { lat: 40.7128, lng: -74.006 };
const before = 'A dozen bagels for $9';
const after = 'A dozen sesame bagels for $9';
const rename = (from: string, to: string) => t.database.db.update(deals).set({ title: to }).where(eq(deals.title, from));

async function searched(query: Record<string, string | number>, access?: string) {
  const res = await inject(t.app, endpoints.search, { query: { ...newYork, ...query } as never, ...(access ? { access } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().deals.results.map((d) => d.title);
}

async function discovered(query: Record<string, string | number>, access?: string) {
  const res = await inject(t.app, endpoints.discover, { query: { ...newYork, per_group: 20, ...query } as never, ...(access ? { access } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().deals.results.map((d) => d.title);
}

describe('shared answers', () => {
  it('a search: the same again within the time, for a visitor and a signed-in person; another question afresh; all afresh after it', async () => {
    const person = await signedInAccount(t);
    expect(await searched({ q: 'bagels' })).toContain(before);
    await rename(before, after);
    try {
      expect(await searched({ q: 'bagels' })).toContain(before);
      expect(await searched({ q: 'bagels' }, person.access)).toContain(before);
      expect(await searched({ q: 'bagels', per_group: 3 })).toContain(after);
      expect(await searched({ q: 'bagels', lat: 40.7129 })).toContain(after);
      clock.advance(10_001);
      expect(await searched({ q: 'bagels' })).toContain(after);
    } finally {
      await rename(after, before);
      clock.advance(10_001);
    }
  });

  it('/Discover: the same', async () => {
    const person = await signedInAccount(t);
    expect(await discovered({})).toContain(before);
    await rename(before, after);
    try {
      expect(await discovered({})).toContain(before);
      expect(await discovered({}, person.access)).toContain(before);
      expect(await discovered({ category: 'food-drink' })).toContain(after);
      clock.advance(10_001);
      expect(await discovered({})).toContain(after);
    } finally {
      await rename(after, before);
      clock.advance(10_001);
    }
  });
});

describe('the lists near a point', () => {
  const lists = [
    { name: 'deals', endpoint: endpoints.dealList, table: deals, column: 'title' as const, of: (r: { title: string }) => r.title },
    { name: 'activities', endpoint: endpoints.activityList, table: activities, column: 'title' as const, of: (r: { title: string }) => r.title },
    { name: 'services', endpoint: endpoints.allServices, table: services, column: 'name' as const, of: (r: { name: string }) => r.name },
    { name: 'shops', endpoint: endpoints.vendorList, table: vendors, column: 'businessName' as const, of: (r: { business_name: string }) => r.business_name },
  ];

  it.each(lists)('$name: a visitor gets the answer kept for the same question asked again within the time; a signed-in person and another question afresh', async (list) => {
    const person = await signedInAccount(t);
    const ask = async (query: Record<string, number> = {}, access?: string) => {
      const res = await inject(t.app, list.endpoint as typeof endpoints.dealList, { query: { ...newYork, ...query } as never, ...(access ? { access } : {}) });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().results as never[]).map((r) => ({ id: (r as { id: string }).id, name: list.of(r as never) }));
    };
    const [first] = await ask();
    if (!first) throw new Error(`no ${list.name} near New York in the demo data`);
    // Kept from its second ask within the time (a one-off question is not kept: answer-cache's fromSecondAsk).
    await ask();
    const table = list.table as typeof deals;
    const column = (list.table as unknown as Record<string, typeof deals.title>)[list.column] as typeof deals.title;
    const renamed = `${first.name} (renamed)`;
    await t.database.db.update(table).set({ [list.column]: renamed } as never).where(eq(table.id, first.id));
    try {
      expect((await ask()).find((r) => r.id === first.id)?.name).toBe(first.name);
      expect((await ask({}, person.access)).find((r) => r.id === first.id)?.name).toBe(renamed);
      expect((await ask({ radius_km: 30 })).find((r) => r.id === first.id)?.name).toBe(renamed);
      clock.advance(10_001);
      expect((await ask()).find((r) => r.id === first.id)?.name).toBe(renamed);
    } finally {
      await t.database.db.update(table).set({ [list.column]: first.name } as never).where(eq(column, renamed));
      clock.advance(10_001);
    }
  });
});

describe('a deal\'s and an activity\'s page', () => {
  it('a visitor gets the page kept within the time; a signed-in person a deal\'s afresh, an activity\'s kept as well; another deal and everyone after it afresh', async () => {
    const person = await signedInAccount(t);
    const [deal, other] = await t.database.db.select({ id: deals.id, title: deals.title }).from(deals).limit(2);
    const [activity] = await t.database.db.select({ id: activities.id, title: activities.title }).from(activities).limit(1);
    if (!deal || !other || !activity) throw new Error('the demo data has two deals and an activity');
    const dealTitle = async (id: string, access?: string) => (await inject(t.app, endpoints.dealDetails, { params: { deal_uuid: id }, ...(access ? { access } : {}) })).json().title;
    const activityTitle = async (access?: string) => (await inject(t.app, endpoints.activityDetails, { params: { id: activity.id }, ...(access ? { access } : {}) })).json().title;
    expect(await dealTitle(deal.id)).toBe(deal.title);
    // A visitor's deal page is kept from its second ask within the time.
    expect(await dealTitle(deal.id)).toBe(deal.title);
    expect(await activityTitle()).toBe(activity.title);
    await t.database.db.update(deals).set({ title: `${deal.title} (renamed)` }).where(eq(deals.id, deal.id));
    await t.database.db.update(deals).set({ title: `${other.title} (renamed)` }).where(eq(deals.id, other.id));
    await t.database.db.update(activities).set({ title: `${activity.title} (renamed)` }).where(eq(activities.id, activity.id));
    try {
      expect(await dealTitle(deal.id)).toBe(deal.title);
      expect(await activityTitle()).toBe(activity.title);
      expect(await dealTitle(deal.id, person.access)).toBe(`${deal.title} (renamed)`);
      expect(await activityTitle(person.access)).toBe(activity.title);
      expect(await dealTitle(other.id)).toBe(`${other.title} (renamed)`);
      clock.advance(10_001);
      expect(await dealTitle(deal.id)).toBe(`${deal.title} (renamed)`);
      expect(await activityTitle()).toBe(`${activity.title} (renamed)`);
    } finally {
      await t.database.db.update(deals).set({ title: deal.title }).where(eq(deals.id, deal.id));
      await t.database.db.update(deals).set({ title: other.title }).where(eq(deals.id, other.id));
      await t.database.db.update(activities).set({ title: activity.title }).where(eq(activities.id, activity.id));
      clock.advance(10_001);
    }
  });
});

describe('a provider\'s free times', () => {
  it('everyone gets them kept within the time, and sees a booked one gone at once', async () => {
    const { bookableShop, customerAccount, dayAhead, slotsOn, book } = bookingFixtures(() => t, clock);
    const { service, provider } = await bookableShop();
    const q = { provider_id: provider.id, service_id: service.id, for_date: dayAhead(2) };
    const starts = async (access?: string) => (await slotsOn(access, q)).json().slots.map((slot) => slot.starts_at);
    const [first] = await starts();
    if (!first) throw new Error('the new shop has free times on that day');
    const customer = await customerAccount();
    expect(await starts(customer.access)).toContain(first);
    expect((await book(customer.access, { service_id: service.id, provider_id: provider.id, starts_at: first })).statusCode).toBe(201);
    expect(await starts()).not.toContain(first);
    expect(await starts(customer.access)).not.toContain(first);
  });
});

describe('a signed-in person\'s marks', () => {
  it('are those each kind\'s own list gives them: their place in each activity, their favourite services and shops', async () => {
    const person = await signedInAccount(t);
    const first = await inject(t.app, endpoints.discover, { query: { ...newYork, per_group: 20 } });
    const shared = first.json();
    const [joined, hosted] = shared.activities.results;
    const [liked] = shared.services.results;
    const [favourite] = shared.vendors.results;
    if (!joined || !hosted || !liked || !favourite) throw new Error('the demo data near New York has two activities, a service and a shop');
    const db = t.database.db;
    const [{ hostId: host } = { hostId: '' }] = await db.select({ hostId: activities.hostId }).from(activities).where(eq(activities.id, hosted.id));
    await db.insert(activityParticipants).values({ activityId: joined.id, userId: person.user.id, status: 'joined' });
    await db.update(activities).set({ hostId: person.user.id }).where(eq(activities.id, hosted.id));
    await db.insert(favoriteServices).values({ userId: person.user.id, serviceId: liked.id });
    await db.insert(favoriteVendors).values({ userId: person.user.id, vendorId: favourite.id });
    // Joining and the new host are everyone's to see, on the next computed answer.
    clock.advance(10_001);
    try {
      const access = { access: person.access };
      const own = {
        activities: (await inject(t.app, endpoints.activityList, { query: { ...newYork, page_size: 20 }, ...access })).json().results,
        services: (await inject(t.app, endpoints.allServices, { query: { ...newYork, page_size: 20 }, ...access })).json().results,
        vendors: (await inject(t.app, endpoints.vendorList, { query: { ...newYork, page_size: 20 }, ...access })).json().results,
      };
      const mine = (await inject(t.app, endpoints.discover, { query: { ...newYork, per_group: 20 }, ...access })).json();
      expect(mine.activities.results).toEqual(own.activities);
      expect(mine.services.results).toEqual(own.services);
      expect(mine.vendors.results).toEqual(own.vendors);
      expect(mine.activities.results.find((a) => a.id === joined.id)?.my_state).toBe('joined');
      expect(mine.activities.results.find((a) => a.id === hosted.id)?.my_state).toBe('host');
      expect(mine.services.results.find((s) => s.id === liked.id)?.is_favorite).toBe(true);
      expect(mine.vendors.results.find((v) => v.id === favourite.id)?.is_favorite).toBe(true);
      // The answer kept for others still carries no one's marks.
      const visitor = (await inject(t.app, endpoints.discover, { query: { ...newYork, per_group: 20 } })).json();
      expect(visitor.activities.results.every((a) => a.my_state === 'none')).toBe(true);
      expect(visitor.services.results.some((s) => s.is_favorite) || visitor.vendors.results.some((v) => v.is_favorite)).toBe(false);
      // A search too.
      const searchedMine = (await inject(t.app, endpoints.search, { query: { ...newYork, q: joined.title }, ...access })).json();
      expect(searchedMine.activities.results.find((a) => a.id === joined.id)?.my_state).toBe('joined');
    } finally {
      await db.update(activities).set({ hostId: host }).where(eq(activities.id, hosted.id));
    }
  });
});
