import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TimeSlotsResponse } from '@localloop/contract';
import { timeSlots } from '../../db/schema.ts';
import { bookingFixtures } from '../../../test/booking-fixtures.ts';
import { closeBoth, inject, testClock, twoAppsOnOneDatabase, type TestContext } from '../../../test/helper.ts';
import type { App } from '../../lib/http.ts';
import { until } from '../../../test/sockets.ts';

/**
 * A provider's free times kept for everyone (kept-slots.ts), in two server processes on one database: `a` and `b`, each
 * with its own kept answers, told of each other's bookings by the bus. A slot deleted in the database behind the
 * apps' backs shows whether an answer was read or kept.
 */
let a: TestContext;
let b: TestContext;
const clock = testClock();

beforeAll(async () => {
  [a, b] = await twoAppsOnOneDatabase({ clock, config: { publicAnswerTtlMs: 10_000 } });
});
afterAll(() => closeBoth([a, b]));

const { dayAhead, bookableShop, customerAccount, haircut } = bookingFixtures(() => a, clock);

async function slots(app: App, access: string | undefined, q: { provider_id: string; service_id: string; for_date: string }): Promise<string[]> {
  const res = await inject(app, endpoints.timeSlots, { ...(access ? { access } : {}), query: q });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as TimeSlotsResponse).slots.map((s) => s.starts_at);
}

/** Deletes a made slot without the apps knowing (as an operator's fix would). */
const dropSlot = (providerId: string, startsAt: string) => a.database.db.delete(timeSlots).where(and(eq(timeSlots.providerId, providerId), eq(timeSlots.startsAt, new Date(startsAt))));

describe('kept free times', () => {
  it('answers visitors and customers from one read, forgets it at once where a booking or cancellation is made and in the other process once the bus tells it', async () => {
    const { shop, service, provider } = await bookableShop();
    const q = { provider_id: provider.id, service_id: service.id, for_date: dayAhead(2) };
    const [customer, other] = [await customerAccount(), await customerAccount()];
    const first = await slots(a.app, undefined, q);
    expect(first.length).toBeGreaterThan(4);
    const [dropped, bookedElsewhere, bookedHere] = first as [string, string, string];
    await dropSlot(provider.id, dropped);
    // Kept: a customer gets the visitor's answer as it was read; the shop's owner reads afresh.
    expect(await slots(a.app, customer.access, q)).toEqual(first);
    expect(await slots(a.app, shop.access, q)).toEqual(first.slice(1));
    expect(await slots(b.app, other.access, q)).toEqual(first.slice(1));

    // Booked in the other process: forgotten here once the bus tells of it.
    const book = (app: App, access: string, startsAt: string) => inject(app, endpoints.bookAppointment, { access, body: { service_id: service.id, provider_id: provider.id, starts_at: startsAt } });
    expect((await book(b.app, other.access, bookedElsewhere)).statusCode).toBe(201);
    expect(await slots(b.app, other.access, q)).not.toContain(bookedElsewhere);
    let seen: string[] = [];
    expect(await until(async () => !(seen = await slots(a.app, customer.access, q)).includes(bookedElsewhere))).toBe(true);
    expect(seen).not.toContain(dropped);

    // Booked here: gone at once for whoever asks here, the one who booked first.
    const booking = await book(a.app, customer.access, bookedHere);
    expect(booking.statusCode).toBe(201);
    expect(await slots(a.app, customer.access, q)).not.toContain(bookedHere);
    expect(await slots(a.app, undefined, q)).not.toContain(bookedHere);
    expect(await until(async () => !(await slots(b.app, undefined, q)).includes(bookedHere))).toBe(true);

    // Cancelled in the other process: free again here once the bus tells of it.
    const cancelled = await inject(b.app, endpoints.updateAppointmentStatus, { access: customer.access, params: { id: booking.json().id }, body: { status: 'cancelled', reason: 'Plans changed' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await slots(b.app, customer.access, q)).toContain(bookedHere);
    expect(await until(async () => (await slots(a.app, customer.access, q)).includes(bookedHere))).toBe(true);
  });

  it('keeps an answer for the ttl at most', async () => {
    const { service, provider } = await bookableShop();
    const q = { provider_id: provider.id, service_id: service.id, for_date: dayAhead(3) };
    const customer = await customerAccount();
    const first = await slots(a.app, customer.access, q);
    await dropSlot(provider.id, first[0] ?? '');
    expect(await slots(a.app, undefined, q)).toEqual(first);
    clock.advance(10_001);
    expect(await slots(a.app, customer.access, q)).toEqual(first.slice(1));
  });

  it('still answers a pairing customers cannot book to its owner alone, afresh', async () => {
    const { shop, service, provider } = await bookableShop();
    const q = { provider_id: provider.id, service_id: service.id, for_date: dayAhead(2) };
    const customer = await customerAccount();
    expect((await slots(a.app, customer.access, q)).length).toBeGreaterThan(0);
    const off = await inject(a.app, endpoints.updateService, { access: shop.access, params: { id: service.id }, body: haircut({ is_active: false }) });
    expect(off.statusCode, off.body).toBe(200);
    // The owner reads afresh; customers may see the kept answer until the ttl (a service's change is not on the bus).
    expect((await slots(a.app, shop.access, q)).length).toBeGreaterThan(0);
    clock.advance(10_001);
    expect((await inject(a.app, endpoints.timeSlots, { access: customer.access, query: q })).statusCode).toBe(404);
    expect((await inject(b.app, endpoints.timeSlots, { query: q })).statusCode).toBe(404);
    expect((await slots(b.app, shop.access, q)).length).toBeGreaterThan(0);
  });
});
