import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type CalendarFeed, type ServiceInput } from '@localloop/contract';
import { createAccount, createTestApp, inject, login, raw, testClock, testConfig, type TestContext } from '../../../test/helper.ts';
import { vendors } from '../../db/schema.ts';
import { feedToken } from './calendar-feeds.ts';

const newYork = 'America/New_York';
let t: TestContext;
const clock = testClock();

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const dayAhead = (days: number) => DateTime.fromJSDate(clock(), { zone: newYork }).plus({ days }).toISODate() ?? '';
const at = (day: string, time: string) => DateTime.fromISO(`${day}T${time}`, { zone: newYork }).toUTC().toISO() ?? '';

async function customerAccount() {
  const account = await createAccount(t.database);
  return { ...account, access: (await login(t.app, account.email, account.password)).access };
}

const haircut: ServiceInput = {
  name: 'Haircut',
  category: 'Beauty & Wellness',
  duration_minutes: 45,
  buffer_minutes: 15,
  price: { amount_cents: 3500, currency: 'USD' },
};

/** A live shop open every day 09:00-17:00 in New York, with one service and two providers (Ana, Ben) who have slots. */
async function shopWithStaff() {
  const account = await createAccount(t.database, { vendor: { isApproved: true, kycStatus: 'approved' } });
  const access = (await login(t.app, account.email, account.password)).access;
  (await inject(t.app, endpoints.addVendorAddress, { access, body: { line1: '12 Water St', city: 'New York', country: 'United States', latitude: 40.703, longitude: -74.011 } })).json();
  const hours = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '09:00', closes: '17:00' }));
  (await inject(t.app, endpoints.saveServiceTime, { access, body: { time_zone: newYork, time_zone_auto: false, hours } })).json();
  const service = (await inject(t.app, endpoints.createService, { access, body: haircut })).json();
  const staff = [];
  for (const name of ['Ana', 'Ben']) {
    const provider = (await inject(t.app, endpoints.createProvider, { access, body: { name, service_ids: [service.id] } })).json();
    const range = { service_id: service.id, start_date: dayAhead(1), end_date: dayAhead(7) };
    (await inject(t.app, endpoints.generateSlots, { access, params: { provider_id: provider.id }, body: range })).json();
    staff.push(provider);
  }
  const [ana, ben] = staff;
  if (!ana || !ben) throw new Error('fixture: no providers');
  return { access, vendorId: account.vendorId ?? '', service, ana, ben };
}

type Shop = Awaited<ReturnType<typeof shopWithStaff>>;

const makeFeed = (access: string, providerId: string | null) => inject(t.app, endpoints.createCalendarFeed, { access, body: { provider_id: providerId } });

/** Reads a feed's address as a calendar app would: no session, the path of the absolute URL. */
const fetchFeed = (feed: Pick<CalendarFeed, 'url'>) => t.app.inject({ method: 'GET', url: new URL(feed.url).pathname });

/** The events of an iCalendar text, its folded lines unfolded: each one's UID, STATUS and SUMMARY. */
function eventsOf(text: string) {
  const unfolded = text.replace(/\r\n[ \t]/g, '');
  return [...unfolded.matchAll(/BEGIN:VEVENT\r\n([\s\S]*?)END:VEVENT/g)].map(([, body = '']) => {
    const field = (name: string) => new RegExp(`^${name}(?:;[^:]*)?:(.*)$`, 'm').exec(body)?.[1]?.trim() ?? '';
    return { uid: field('UID'), status: field('STATUS'), summary: field('SUMMARY') };
  });
}

/** Bookings by one customer: Ana at 10:00 and 13:00 (the second cancelled by the shop), Ben at 11:00, on a day ahead. */
async function bookings(shop: Shop) {
  const customer = await customerAccount();
  const day = dayAhead(2);
  const book = async (providerId: string, time: string) =>
    (await inject(t.app, endpoints.bookAppointment, { access: customer.access, body: { service_id: shop.service.id, provider_id: providerId, starts_at: at(day, time) } })).json();
  const anaMorning = await book(shop.ana.id, '10:00');
  const anaAfternoon = await book(shop.ana.id, '13:00');
  const benMorning = await book(shop.ben.id, '11:00');
  (await inject(t.app, endpoints.updateAppointmentStatus, { access: shop.access, params: { id: anaAfternoon.id }, body: { status: 'cancelled', reason: 'Ana is ill.' } })).json();
  return { customer, anaMorning, anaAfternoon, benMorning };
}

describe('calendar feeds: /appointments/calendar-feeds/ and /calendar/{token}.ics', () => {
  it('makes a link for the shop, and gives the same link when asked again', async () => {
    const shop = await shopWithStaff();
    const before = (await inject(t.app, endpoints.calendarFeeds, { access: shop.access })).json();
    expect(before).toEqual({
      shop: null,
      providers: [
        { provider: { id: shop.ana.id, name: 'Ana' }, feed: null },
        { provider: { id: shop.ben.id, name: 'Ben' }, feed: null },
      ],
    });
    const made = await makeFeed(shop.access, null);
    expect(made.statusCode).toBe(201);
    const feed = made.json();
    // Absolute, from the configured public address: the feed id and its HMAC under the server's secret.
    expect(feed.url).toBe(`${testConfig().publicUrl}/api/calendar/${feedToken(testConfig().jwtSecret, feed.id)}.ics`);
    expect(feed.url).toMatch(/\/api\/calendar\/[0-9a-f-]{36}-[A-Za-z0-9_-]{43}\.ics$/);
    const after = (await inject(t.app, endpoints.calendarFeeds, { access: shop.access })).json();
    expect(after.shop).toEqual(feed);
    expect(after.providers.map((p) => p.feed)).toEqual([null, null]);
  });

  it('answers a calendar of the shop\'s bookings, a cancelled one as cancelled, to anyone with the link', async () => {
    const shop = await shopWithStaff();
    const { customer, anaMorning, anaAfternoon, benMorning } = await bookings(shop);
    const feed = (await makeFeed(shop.access, null)).json();
    const res = await fetchFeed(feed);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect(res.body).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*\r\nEND:VCALENDAR(?:\r\n)?$/);
    expect(res.body).toContain('X-WR-CALNAME:');
    const events = eventsOf(res.body);
    // By start: Ana 10:00, Ben 11:00, Ana 13:00 (cancelled).
    expect(events.map((e) => e.uid)).toEqual([anaMorning.id, benMorning.id, anaAfternoon.id].map((id) => `${id}@localloop`));
    expect(events.map((e) => e.status)).toEqual(['TENTATIVE', 'TENTATIVE', 'CANCELLED']);
    expect(events[0]?.summary).toBe(`Haircut: ${customer.user.username} with Ana`);
    expect(events[2]?.summary).toMatch(/^Cancelled: Haircut/);
    expect(res.body).toContain('12 Water St');
  });

  it('gives a provider\'s link only that provider\'s bookings', async () => {
    const shop = await shopWithStaff();
    const { anaMorning, anaAfternoon } = await bookings(shop);
    const anaFeed = (await makeFeed(shop.access, shop.ana.id)).json();
    const benFeed = (await makeFeed(shop.access, shop.ben.id)).json();
    expect(anaFeed.url).not.toBe(benFeed.url);
    expect(eventsOf((await fetchFeed(anaFeed)).body).map((e) => e.uid)).toEqual([`${anaMorning.id}@localloop`, `${anaAfternoon.id}@localloop`]);
    expect(eventsOf((await fetchFeed(benFeed)).body)).toHaveLength(1);
    const listed = (await inject(t.app, endpoints.calendarFeeds, { access: shop.access })).json();
    expect(listed.shop).toBeNull();
    expect(listed.providers.map((p) => p.feed?.id)).toEqual([anaFeed.id, benFeed.id]);
  });

  it('resets a link: the old address answers 404, the new one the calendar', async () => {
    const shop = await shopWithStaff();
    const old = (await makeFeed(shop.access, shop.ana.id)).json();
    expect((await fetchFeed(old)).statusCode).toBe(200);
    const fresh = (await makeFeed(shop.access, shop.ana.id)).json();
    expect(fresh.url).not.toBe(old.url);
    const gone = await fetchFeed(old);
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toMatch(/^application\/json/);
    expect(gone.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await fetchFeed(fresh)).statusCode).toBe(200);
    expect((await inject(t.app, endpoints.calendarFeeds, { access: shop.access })).json().providers[0]?.feed).toEqual(fresh);
  });

  it('takes simultaneous resets in turn: one link stays on, the last made', async () => {
    const shop = await shopWithStaff();
    const made = await Promise.all(Array.from({ length: 6 }, () => makeFeed(shop.access, shop.ana.id)));
    expect(made.map((res) => res.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const live = (await inject(t.app, endpoints.calendarFeeds, { access: shop.access })).json().providers[0]?.feed;
    expect(made.map((res) => res.json().id)).toContain(live?.id);
    const answers = await Promise.all(made.map(async (res) => (await fetchFeed(res.json())).statusCode));
    expect(answers.filter((s) => s === 200)).toHaveLength(1);
  });

  it('turns a link off: its address answers 404 from then on, and turning it off again is 404', async () => {
    const shop = await shopWithStaff();
    const feed = (await makeFeed(shop.access, null)).json();
    const off = await inject(t.app, endpoints.deleteCalendarFeed, { access: shop.access, params: { id: feed.id } });
    expect(off.statusCode).toBe(200);
    expect((await fetchFeed(feed)).statusCode).toBe(404);
    expect((await inject(t.app, endpoints.calendarFeeds, { access: shop.access })).json().shop).toBeNull();
    expect((await inject(t.app, endpoints.deleteCalendarFeed, { access: shop.access, params: { id: feed.id } })).statusCode).toBe(404);
    // A new link afterwards is a new address; the old one stays off.
    const again = (await makeFeed(shop.access, null)).json();
    expect(again.id).not.toBe(feed.id);
    expect((await fetchFeed(feed)).statusCode).toBe(404);
  });

  it('keeps a shop\'s links from another shop: it cannot see them, turn them off or make one for its provider', async () => {
    const a = await shopWithStaff();
    const b = await shopWithStaff();
    const feed = (await makeFeed(a.access, a.ana.id)).json();
    const seenByB = (await inject(t.app, endpoints.calendarFeeds, { access: b.access })).json();
    expect(JSON.stringify(seenByB)).not.toContain(feed.id);
    expect(seenByB.providers.map((p) => p.provider.id)).toEqual([b.ana.id, b.ben.id]);
    expect((await inject(t.app, endpoints.deleteCalendarFeed, { access: b.access, params: { id: feed.id } })).statusCode).toBe(404);
    const forA = await makeFeed(b.access, a.ana.id);
    expect(forA.statusCode).toBe(404);
    expect(forA.error()).toMatchObject({ code: 'NOT_FOUND', fields: { provider_id: 'Choose one of your providers.' } });
    // A's link is untouched by all that.
    expect((await fetchFeed(feed)).statusCode).toBe(200);
    expect((await inject(t.app, endpoints.calendarFeeds, { access: a.access })).json().providers[0]?.feed).toEqual(feed);
  });

  it('answers 404 for a tampered, malformed or unknown address', async () => {
    const shop = await shopWithStaff();
    const feed = (await makeFeed(shop.access, null)).json();
    const path = new URL(feed.url).pathname;
    const last = path.at(-5) === 'A' ? 'B' : 'A';
    const tampered = `${path.slice(0, -5)}${last}.ics`;
    const unknown = `/api/calendar/${feedToken(testConfig().jwtSecret, randomUUID())}.ics`;
    const otherSecret = `/api/calendar/${feedToken('another-secret', feed.id)}.ics`;
    for (const url of [tampered, unknown, otherSecret, '/api/calendar/nothing.ics', `/api/calendar/${feed.id}.ics`, '/api/calendar/.ics']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'NOT_FOUND', error: expect.any(String) });
    }
  });

  it('is for approved vendors: a customer gets 403, a visitor 401', async () => {
    const customer = await customerAccount();
    expect((await inject(t.app, endpoints.calendarFeeds, { access: customer.access })).statusCode).toBe(403);
    expect((await makeFeed(customer.access, null)).statusCode).toBe(403);
    expect((await inject(t.app, endpoints.deleteCalendarFeed, { access: customer.access, params: { id: randomUUID() } })).statusCode).toBe(403);
    expect((await inject(t.app, endpoints.calendarFeeds)).statusCode).toBe(401);
  });

  it('refuses a provider that is not an id, or no choice at all, naming the field', async () => {
    const shop = await shopWithStaff();
    const notId = await inject(t.app, endpoints.createCalendarFeed, { access: shop.access, body: raw({ provider_id: 'Ana' }) });
    expect(notId.statusCode).toBe(400);
    expect(notId.error().fields).toEqual({ provider_id: 'Choose one of your providers, or none for the whole shop.' });
    const missing = await inject(t.app, endpoints.createCalendarFeed, { access: shop.access, body: raw({}) });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.error().fields ?? {})).toEqual(['provider_id']);
    expect((await inject(t.app, endpoints.calendarFeeds, { access: shop.access })).json().shop).toBeNull();
  });

  it('goes when its provider is removed', async () => {
    const shop = await shopWithStaff();
    const feed = (await makeFeed(shop.access, shop.ben.id)).json();
    (await inject(t.app, endpoints.deleteProvider, { access: shop.access, params: { id: shop.ben.id } })).json();
    expect((await fetchFeed(feed)).statusCode).toBe(404);
    expect((await inject(t.app, endpoints.calendarFeeds, { access: shop.access })).json().providers.map((p) => p.provider.name)).toEqual(['Ana']);
  });

  it('stops answering while its shop is suspended (its owner cannot manage the links then), and answers again after', async () => {
    const shop = await shopWithStaff();
    const feed = (await makeFeed(shop.access, null)).json();
    await t.database.db.update(vendors).set({ isSuspended: true }).where(eq(vendors.id, shop.vendorId));
    expect((await fetchFeed(feed)).statusCode).toBe(404);
    await t.database.db.update(vendors).set({ isSuspended: false }).where(eq(vendors.id, shop.vendorId));
    expect((await fetchFeed(feed)).statusCode).toBe(200);
  });

  it('holds one address to 30 reads a minute, leaving the others theirs', async () => {
    const shop = await shopWithStaff();
    const busy = (await makeFeed(shop.access, shop.ana.id)).json();
    const quiet = (await makeFeed(shop.access, shop.ben.id)).json();
    const answers = [];
    for (let i = 0; i < 31; i += 1) answers.push((await fetchFeed(busy)).statusCode);
    expect(answers.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(answers[30]).toBe(429);
    expect((await fetchFeed(busy)).json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await fetchFeed(quiet)).statusCode).toBe(200);
  });

  // Last: it moves the file's clock.
  it('carries bookings from 30 days back to 365 days ahead', async () => {
    const shop = await shopWithStaff();
    const { anaMorning } = await bookings(shop);
    const feed = (await makeFeed(shop.access, shop.ana.id)).json();
    expect(eventsOf((await fetchFeed(feed)).body).map((e) => e.uid)).toContain(`${anaMorning.id}@localloop`);
    clock.advance(31 * 86_400_000);
    expect(eventsOf((await fetchFeed(feed)).body).map((e) => e.uid)).toContain(`${anaMorning.id}@localloop`);
    clock.advance(2 * 86_400_000);
    expect(eventsOf((await fetchFeed(feed)).body)).toEqual([]);
  });
});
