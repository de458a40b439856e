import { DateTime } from 'luxon';
import { endpoints, type ServiceInput } from '@localloop/contract';
import type { Clock } from '../src/lib/clock.ts';
import { createAccount, inject, login, type TestContext } from './helper.ts';

/**
 * Shops, customers and bookable services for the appointments tests (services, bookings, reminders, calendar feeds):
 * `bookingFixtures(() => t, clock)` inside a test file whose app `t` is made in beforeAll.
 */
export function bookingFixtures(context: () => TestContext, clock: Clock) {
  const newYork = 'America/New_York';


  /** A day some days ahead in New York, YYYY-MM-DD. */
  const dayAhead = (days: number) => DateTime.fromJSDate(clock(), { zone: newYork }).plus({ days }).toISODate() ?? '';
  /** The instant of a wall-clock time on a New York day. */
  const at = (day: string, time: string) => DateTime.fromISO(`${day}T${time}`, { zone: newYork }).toUTC().toISO({ suppressMilliseconds: false }) ?? '';
  const sameInstant = (a: string, b: string) => new Date(a).getTime() === new Date(b).getTime();

  /** An approved, listed shop in Lower Manhattan open every day 09:00-17:00 New York time. */
  async function shopAccount() {
    const account = await createAccount(context().database, { vendor: { isApproved: true, kycStatus: 'approved' } });
    const access = (await login(context().app, account.email, account.password)).access;
    (await inject(context().app, endpoints.addVendorAddress, { access, body: { line1: '12 Water St', city: 'New York', country: 'United States', latitude: 40.703, longitude: -74.011 } })).json();
    const hours = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '09:00', closes: '17:00' }));
    (await inject(context().app, endpoints.saveServiceTime, { access, body: { time_zone: newYork, time_zone_auto: false, hours } })).json();
    return { ...account, access, vendorId: account.vendorId ?? '' };
  }

  async function customerAccount() {
    const account = await createAccount(context().database);
    return { ...account, access: (await login(context().app, account.email, account.password)).access };
  }

  const haircut = (over: Partial<ServiceInput> = {}): ServiceInput => ({
    name: 'Haircut',
    description: 'Wash, cut and style.',
    category: 'Beauty & Wellness',
    duration_minutes: 45,
    buffer_minutes: 15,
    price: { amount_cents: 3500, currency: 'USD' },
    ...over,
  });

  /** A shop with a service, a provider who performs it and slots made for the next few days. */
  async function bookableShop(serviceOver: Partial<ServiceInput> = {}) {
    const shop = await shopAccount();
    const service = (await inject(context().app, endpoints.createService, { access: shop.access, body: haircut(serviceOver) })).json();
    const provider = (await inject(context().app, endpoints.createProvider, { access: shop.access, body: { name: 'Ana', service_ids: [service.id] } })).json();
    const made = (
      await inject(context().app, endpoints.generateSlots, {
        access: shop.access,
        params: { provider_id: provider.id },
        body: { service_id: service.id, start_date: dayAhead(1), end_date: dayAhead(7) },
      })
    ).json();
    return { shop, service, provider, made };
  }

  const slotsOn = (access: string | undefined, q: { provider_id: string; service_id: string; for_date: string; time?: string }) =>
    inject(context().app, endpoints.timeSlots, { ...(access ? { access } : {}), query: q });

  const book = (access: string, body: { service_id: string; provider_id: string; starts_at: string; notes?: string }) => inject(context().app, endpoints.bookAppointment, { access, body });

  return { newYork, dayAhead, at, sameInstant, shopAccount, customerAccount, haircut, bookableShop, slotsOn, book };
}
