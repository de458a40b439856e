import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@localloop/contract';
import { appointments, notifications, services, timeSlots } from '../../db/schema.ts';
import { png, multipartBody } from '../../../test/inputs.ts';
import { bookingFixtures } from '../../../test/booking-fixtures.ts';
import { createTestApp, encoded, inject, login, raw, testClock, type TestContext } from '../../../test/helper.ts';

let t: TestContext;
const clock = testClock();
const { newYork, dayAhead, at, sameInstant, shopAccount, customerAccount, haircut, bookableShop, slotsOn, book } = bookingFixtures(() => t, clock);

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

describe('services: /appointments/*-service/', () => {
  it('creates a service with its images, lists it, and shows it to customers only while active', async () => {
    const shop = await shopAccount();
    const upload = (await inject(t.app, endpoints.uploadImages, { access: shop.access, body: encoded(await multipartBody([{ name: 'images', fileName: 'cut.png', bytes: await png() }])) })).json();
    const image = upload.images[0];
    const created = await inject(t.app, endpoints.createService, { access: shop.access, body: haircut({ image_ids: [image?.id ?? ''] }) });
    expect(created.statusCode).toBe(201);
    const service = created.json();
    expect(service).toMatchObject({
      name: 'Haircut',
      duration_minutes: 45,
      buffer_minutes: 15,
      price: { amount_cents: 3500, currency: 'USD' },
      is_active: true,
      image_ids: [image?.id],
      upcoming_bookings: 0,
      vendor: { id: shop.vendorId, time_zone: newYork },
    });
    expect(service.images[0]?.url).toBe(image?.url);

    const mine = (await inject(t.app, endpoints.myServices, { access: shop.access })).json();
    expect(mine.results.map((s) => s.id)).toEqual([service.id]);

    const visitor = await inject(t.app, endpoints.getService, { params: { id: service.id } });
    expect(visitor.json()).toMatchObject({ id: service.id, upcoming_bookings: null, is_favorite: false });

    (await inject(t.app, endpoints.updateService, { access: shop.access, params: { id: service.id }, body: haircut({ is_active: false }) })).json();
    expect((await inject(t.app, endpoints.getService, { params: { id: service.id } })).statusCode).toBe(404);
    expect((await inject(t.app, endpoints.getService, { access: shop.access, params: { id: service.id } })).json().is_active).toBe(false);
  });

  it('refuses bad input with a message per field', async () => {
    const shop = await shopAccount();
    const res = await inject(t.app, endpoints.createService, {
      access: shop.access,
      body: raw({ name: 'X', category: 'Nope', duration_minutes: 47, buffer_minutes: -5, price: { amount_cents: 10.5, currency: 'XYZ' } }),
    });
    expect(res.statusCode).toBe(400);
    const fields = res.error().fields ?? {};
    expect(Object.keys(fields).sort()).toEqual(['buffer_minutes', 'category', 'duration_minutes', 'name', 'price.amount_cents', 'price.currency']);
    expect(fields.duration_minutes).toBe('Use steps of 5 minutes for the duration.');
  });

  it('refuses an image that is not the vendor\'s own', async () => {
    const shop = await shopAccount();
    const other = await customerAccount();
    const upload = (await inject(t.app, endpoints.uploadImages, { access: other.access, body: encoded(await multipartBody([{ name: 'images', fileName: 'x.png', bytes: await png() }])) })).json();
    const res = await inject(t.app, endpoints.createService, { access: shop.access, body: haircut({ image_ids: [upload.images[0]?.id ?? ''] }) });
    expect(res.statusCode).toBe(404);
    expect(res.error()).toMatchObject({ code: 'IMAGE_NOT_FOUND', fields: { 'image_ids.0': expect.any(String) } });
  });

  it('lets only its shop change or delete a service; others get 404, customers 403', async () => {
    const { service } = await bookableShop();
    const otherShop = await shopAccount();
    const customer = await customerAccount();
    expect((await inject(t.app, endpoints.updateService, { access: otherShop.access, params: { id: service.id }, body: haircut({ name: 'Stolen' }) })).statusCode).toBe(404);
    expect((await inject(t.app, endpoints.deleteService, { access: otherShop.access, params: { id: service.id } })).statusCode).toBe(404);
    expect((await inject(t.app, endpoints.createService, { access: customer.access, body: haircut() })).statusCode).toBe(403);
    const [row] = await t.database.db.select({ name: services.name }).from(services).where(eq(services.id, service.id));
    expect(row?.name).toBe('Haircut');
  });

  it('refuses to delete a service with bookings to come, and deletes it once they are cancelled', async () => {
    const { shop, service, provider } = await bookableShop();
    const customer = await customerAccount();
    const [slot] = (await slotsOn(customer.access, { provider_id: provider.id, service_id: service.id, for_date: dayAhead(2) })).json().slots;
    const booking = (await book(customer.access, { service_id: service.id, provider_id: provider.id, starts_at: slot?.starts_at ?? '' })).json();

    const refused = await inject(t.app, endpoints.deleteService, { access: shop.access, params: { id: service.id } });
    expect(refused.statusCode).toBe(409);
    expect(refused.error()).toMatchObject({ code: 'SERVICE_HAS_BOOKINGS', error: expect.stringContaining('Deactivate it instead') });

    (await inject(t.app, endpoints.updateAppointmentStatus, { access: customer.access, params: { id: booking.id }, body: { status: 'cancelled', reason: 'Plans changed' } })).json();
    expect((await inject(t.app, endpoints.deleteService, { access: shop.access, params: { id: service.id } })).statusCode).toBe(200);
    // The booking keeps what was booked.
    const kept = (await inject(t.app, endpoints.appointmentDetails, { access: customer.access, params: { id: booking.id } })).json();
    expect(kept).toMatchObject({ status: 'cancelled', service: { id: null, name: 'Haircut' } });
  });
});

describe('providers: /appointments/*-provider/', () => {
  it('follows the shop\'s hours by default, or keeps its own, with days off', async () => {
    const shop = await shopAccount();
    const service = (await inject(t.app, endpoints.createService, { access: shop.access, body: haircut() })).json();
    const byDefault = (await inject(t.app, endpoints.createProvider, { access: shop.access, body: { name: 'Ana', bio: 'Ten years of cuts.', service_ids: [service.id] } })).json();
    expect(byDefault).toMatchObject({ uses_vendor_hours: true, services: [{ id: service.id, name: 'Haircut' }], time_zone: newYork, days_off: [] });
    expect(byDefault.hours).toHaveLength(7);
    expect(byDefault.hours[0]).toEqual({ weekday: 1, opens: '09:00', closes: '17:00' });

    const own = await inject(t.app, endpoints.createProvider, {
      access: shop.access,
      body: { name: 'Ben', service_ids: [], hours: [{ weekday: 2, opens: '12:00', closes: '20:00' }], days_off: [dayAhead(3), dayAhead(2)] },
    });
    expect(own.statusCode).toBe(201);
    expect(own.json()).toMatchObject({ uses_vendor_hours: false, hours: [{ weekday: 2, opens: '12:00', closes: '20:00' }], days_off: [dayAhead(2), dayAhead(3)].sort() });

    const list = (await inject(t.app, endpoints.myProviders, { access: shop.access })).json();
    expect(list.map((p) => p.name)).toEqual(['Ana', 'Ben']);
  });

  it('refuses another shop\'s service and overlapping hours, naming the field', async () => {
    const shop = await shopAccount();
    const other = await bookableShop();
    const res = await inject(t.app, endpoints.createProvider, { access: shop.access, body: { name: 'Ana', service_ids: [other.service.id] } });
    expect(res.statusCode).toBe(400);
    expect(res.error()).toMatchObject({ fields: { 'service_ids.0': 'This service is not one of your services.' } });
    const overlap = await inject(t.app, endpoints.createProvider, {
      access: shop.access,
      body: { name: 'Ana', hours: [{ weekday: 1, opens: '09:00', closes: '12:00' }, { weekday: 1, opens: '11:00', closes: '13:00' }] },
    });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.error()).toMatchObject({ fields: { 'hours.1.opens': 'Overlaps another range on Monday.' } });
  });

  it('keeps another shop away from a provider', async () => {
    const { provider } = await bookableShop();
    const otherShop = await shopAccount();
    for (const answer of [
      await inject(t.app, endpoints.getProvider, { access: otherShop.access, params: { id: provider.id } }),
      await inject(t.app, endpoints.updateProvider, { access: otherShop.access, params: { id: provider.id }, body: { name: 'Mine now' } }),
      await inject(t.app, endpoints.deleteProvider, { access: otherShop.access, params: { id: provider.id } }),
    ]) {
      expect(answer.statusCode).toBe(404);
    }
  });

  it('refuses to remove a provider with bookings to come', async () => {
    const { shop, service, provider } = await bookableShop();
    const customer = await customerAccount();
    const [slot] = (await slotsOn(customer.access, { provider_id: provider.id, service_id: service.id, for_date: dayAhead(1) })).json().slots;
    expect((await book(customer.access, { service_id: service.id, provider_id: provider.id, starts_at: slot?.starts_at ?? '' })).statusCode).toBe(201);
    const res = await inject(t.app, endpoints.deleteProvider, { access: shop.access, params: { id: provider.id } });
    expect(res.statusCode).toBe(409);
    expect(res.error().code).toBe('PROVIDER_HAS_BOOKINGS');
  });
});

describe('slots: generate-slots and get-time-slots', () => {
  it('makes the provider\'s slots from the shop\'s hours in its time zone, and a second run makes none', async () => {
    const { shop, service, provider, made } = await bookableShop();
    // 09:00-17:00 with 45 minutes and a 15-minute pause: 8 slots a day, 7 days.
    expect(made).toEqual({ created: 56, existing: 0, skipped_booked: 0, time_zone: newYork });
    const again = (
      await inject(t.app, endpoints.generateSlots, {
        access: shop.access,
        params: { provider_id: provider.id },
        body: { service_id: service.id, start_date: dayAhead(1), end_date: dayAhead(7) },
      })
    ).json();
    expect(again).toEqual({ created: 0, existing: 56, skipped_booked: 0, time_zone: newYork });
    const rows = await t.database.db.select().from(timeSlots).where(and(eq(timeSlots.providerId, provider.id), eq(timeSlots.serviceId, service.id)));
    expect(rows).toHaveLength(56);

    const day = dayAhead(2);
    const free = (await slotsOn(undefined, { provider_id: provider.id, service_id: service.id, for_date: day })).json();
    expect(free.time_zone).toBe(newYork);
    expect(free.slots.map((s) => s.local_time)).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
    expect(sameInstant(free.slots[0]?.starts_at ?? '', at(day, '09:00'))).toBe(true);
    const afternoon = (await slotsOn(undefined, { provider_id: provider.id, service_id: service.id, for_date: day, time: '14:30' })).json();
    expect(afternoon.slots.map((s) => s.local_time)).toEqual(['15:00', '16:00']);
  });

  it('refuses more than 90 days, a range that is over, and a service the provider does not perform', async () => {
    const { shop, provider } = await bookableShop();
    const other = (await inject(t.app, endpoints.createService, { access: shop.access, body: haircut({ name: 'Colour' }) })).json();
    const generate = (body: { service_id: string; start_date: string; end_date: string }) =>
      inject(t.app, endpoints.generateSlots, { access: shop.access, params: { provider_id: provider.id }, body });
    const long = await generate({ service_id: other.id, start_date: dayAhead(1), end_date: dayAhead(91) });
    expect(long.statusCode).toBe(400);
    expect(long.error()).toMatchObject({ fields: { end_date: 'Make slots for at most 90 days at a time.' } });
    const notPerformed = await generate({ service_id: other.id, start_date: dayAhead(1), end_date: dayAhead(2) });
    expect(notPerformed.statusCode).toBe(400);
    expect(notPerformed.error()).toMatchObject({ fields: { service_id: 'Ana does not perform "Colour". Add the service to the provider first.' } });
    const over = await generate({ service_id: other.id, start_date: dayAhead(-5), end_date: dayAhead(-3) });
    expect(over.statusCode).toBe(400);
  });

  it('lists no slot on a day off, and none of another shop\'s to its competitor', async () => {
    const { shop, service, provider } = await bookableShop();
    (await inject(t.app, endpoints.updateProvider, { access: shop.access, params: { id: provider.id }, body: { name: 'Ana', service_ids: [service.id], days_off: [dayAhead(3)] } })).json();
    expect((await slotsOn(undefined, { provider_id: provider.id, service_id: service.id, for_date: dayAhead(3) })).json().slots).toEqual([]);
    const otherShop = await shopAccount();
    const res = await inject(t.app, endpoints.generateSlots, {
      access: otherShop.access,
      params: { provider_id: provider.id },
      body: { service_id: service.id, start_date: dayAhead(1), end_date: dayAhead(2) },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('booking: /appointments/book-appointment/', () => {
  it('books a free slot, tells the shop, and the slot is no longer free', async () => {
    const { shop, service, provider } = await bookableShop();
    const customer = await customerAccount();
    const day = dayAhead(2);
    const res = await book(customer.access, { service_id: service.id, provider_id: provider.id, starts_at: at(day, '10:00'), notes: 'First visit' });
    expect(res.statusCode).toBe(201);
    const booking = res.json();
    expect(booking).toMatchObject({
      status: 'pending',
      time_zone: newYork,
      service: { id: service.id, name: 'Haircut', duration_minutes: 45 },
      provider: { id: provider.id, name: 'Ana' },
      vendor: { id: shop.vendorId, user_id: shop.user.id },
      price: { amount_cents: 3500, currency: 'USD' },
      notes: 'First visit',
      can_cancel: true,
      can_reschedule: true,
    });
    expect(new Date(booking.ends_at).getTime() - new Date(booking.starts_at).getTime()).toBe(45 * 60_000);

    const free = (await slotsOn(customer.access, { provider_id: provider.id, service_id: service.id, for_date: day })).json();
    expect(free.slots.map((s) => s.local_time)).not.toContain('10:00');
    const told = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, shop.user.id), eq(notifications.notificationType, 'appointment_booked')));
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toContain('Haircut with Ana');

    // The shop's dashboard counts it: waiting for confirmation, to come, not today.
    const dashboard = (await inject(t.app, endpoints.vendorDashboard, { access: shop.access })).json();
    expect(dashboard.bookings).toEqual({ today: 0, to_confirm: 1, upcoming: 1, services: 1 });

    const again = await book((await customerAccount()).access, { service_id: service.id, provider_id: provider.id, starts_at: at(day, '10:00') });
    expect(again.statusCode).toBe(409);
    expect(again.error()).toMatchObject({ code: 'SLOT_TAKEN', error: 'Someone has just booked this time. Choose another slot.' });
  });

  it('holds the provider for the pause too: another service cannot start inside it', async () => {
    const { shop, service, provider } = await bookableShop();
    const quick = (await inject(t.app, endpoints.createService, { access: shop.access, body: haircut({ name: 'Beard trim', duration_minutes: 15, buffer_minutes: 0 }) })).json();
    (await inject(t.app, endpoints.updateProvider, { access: shop.access, params: { id: provider.id }, body: { name: 'Ana', service_ids: [service.id, quick.id] } })).json();
    const day = dayAhead(2);
    (await inject(t.app, endpoints.generateSlots, { access: shop.access, params: { provider_id: provider.id }, body: { service_id: quick.id, start_date: day, end_date: day } })).json();
    const customer = await customerAccount();
    expect((await book(customer.access, { service_id: service.id, provider_id: provider.id, starts_at: at(day, '09:00') })).statusCode).toBe(201);
    // 09:00 + 45 minutes + 15 minutes' pause: the trim's 09:45 slot is held, 10:00 is free.
    const trims = (await slotsOn(customer.access, { provider_id: provider.id, service_id: quick.id, for_date: day })).json().slots.map((s) => s.local_time);
    expect(trims.slice(0, 2)).toEqual(['10:00', '10:15']);
    const inPause = await book(customer.access, { service_id: quick.id, provider_id: provider.id, starts_at: at(day, '09:45') });
    expect(inPause.statusCode).toBe(409);
    expect(inPause.error().code).toBe('SLOT_TAKEN');
  });

  it('counts a booking that began the day before against the day\'s first slots, and a cancelled one against none', async () => {
    const { shop, service, provider } = await bookableShop();
    const customer = await customerAccount();
    const day = dayAhead(3);
    const eve = dayAhead(2);
    // Written as a shop's overnight booking would be (made under other hours): 22:00 the evening before to 09:40.
    const overnight = { vendorId: shop.vendorId, providerId: provider.id, serviceId: service.id, customerId: customer.user.id, serviceName: 'Haircut', providerName: 'Ana', timeZone: newYork, priceCents: 3500, currency: 'USD' };
    await t.database.db.insert(appointments).values({ ...overnight, durationMinutes: 700, startsAt: new Date(at(eve, '22:00')), endsAt: new Date(at(day, '09:40')), blockedUntil: new Date(at(day, '09:40')) });
    await t.database.db.insert(appointments).values({ ...overnight, durationMinutes: 45, startsAt: new Date(at(day, '11:00')), endsAt: new Date(at(day, '11:45')), blockedUntil: new Date(at(day, '12:00')), status: 'cancelled', cancelReason: 'Moved', cancelledBy: 'vendor' });
    const free = (await slotsOn(customer.access, { provider_id: provider.id, service_id: service.id, for_date: day })).json().slots.map((s) => s.local_time);
    // 09:00 (with its pause to 10:00) meets the booking that runs to 09:40; 10:00 starts after it; 11:00 is free again.
    expect(free[0]).toBe('10:00');
    expect(free).toContain('11:00');
    // The evening before, the shop's day ends long before the booking begins.
    expect((await slotsOn(customer.access, { provider_id: provider.id, service_id: service.id, for_date: eve })).json().slots.map((s) => s.local_time).at(-1)).toBe('16:00');
  });

  it('refuses the past, a time without a slot, a time outside the hours, an inactive service and one\'s own shop', async () => {
    const { shop, service, provider } = await bookableShop();
    const customer = await customerAccount();
    const day = dayAhead(2);
    const past = await book(customer.access, { service_id: service.id, provider_id: provider.id, starts_at: new Date(clock().getTime() - 3_600_000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.error()).toMatchObject({ code: 'SLOT_IN_PAST', fields: { starts_at: expect.any(String) } });
    const between = await book(customer.access, { service_id: service.id, provider_id: provider.id, starts_at: at(day, '09:20') });
    expect(between.statusCode).toBe(409);
    expect(between.error().code).toBe('SLOT_NOT_OFFERED');
    const night = await book(customer.access, { service_id: service.id, provider_id: provider.id, starts_at: at(day, '22:00') });
    expect(night.statusCode).toBe(409);
    expect(night.error().code).toBe('PROVIDER_NOT_AVAILABLE');
    const own = await book(shop.access, { service_id: service.id, provider_id: provider.id, starts_at: at(day, '09:00') });
    expect(own.statusCode).toBe(403);
    (await inject(t.app, endpoints.updateService, { access: shop.access, params: { id: service.id }, body: haircut({ is_active: false }) })).json();
    const inactive = await book(customer.access, { service_id: service.id, provider_id: provider.id, starts_at: at(day, '09:00') });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.error().code).toBe('SERVICE_NOT_BOOKABLE');
    const rows = await t.database.db.select().from(appointments).where(eq(appointments.serviceId, service.id));
    expect(rows).toEqual([]);
  });

  it('gives one of 50 simultaneous bookings of a slot, and a clear 409 to the other 49', async () => {
    const { service, provider } = await bookableShop();
    // Ten customers, five tries each, all at once.
    const customers = await Promise.all(Array.from({ length: 10 }, () => customerAccount()));
    const startsAt = at(dayAhead(3), '11:00');
    const answers = await Promise.all(customers.flatMap((c) => Array.from({ length: 5 }, () => book(c.access, { service_id: service.id, provider_id: provider.id, starts_at: startsAt }))));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const refused of answers.filter((a) => a.statusCode === 409)) expect(refused.error().code).toBe('SLOT_TAKEN');
    const rows = await t.database.db.select().from(appointments).where(eq(appointments.providerId, provider.id));
    expect(rows).toHaveLength(1);
  }, 120_000);
});

describe('an appointment\'s life: status, details, lists, moving it', () => {
  async function booked() {
    const fixture = await bookableShop();
    const customer = await customerAccount();
    const day = dayAhead(2);
    const booking = (await book(customer.access, { service_id: fixture.service.id, provider_id: fixture.provider.id, starts_at: at(day, '13:00') })).json();
    return { ...fixture, customer, day, booking };
  }
  const setStatus = (access: string, id: string, body: { status: 'confirmed' | 'completed' | 'cancelled' | 'no_show' | 'pending'; reason?: string }) =>
    inject(t.app, endpoints.updateAppointmentStatus, { access, params: { id }, body });

  it('downloads as an iCalendar event for either side, and for nobody else', async () => {
    const { shop, customer, booking } = await booked();
    const file = await inject(t.app, endpoints.appointmentCalendarFile, { access: customer.access, params: { id: booking.id } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="booking-\d{4}-\d{2}-\d{2}\.ics"$/);
    const text = file.body;
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain(`UID:${booking.id}@localloop`);
    expect(text).toContain(`DTSTART:${booking.starts_at.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
    expect(text).toContain('SUMMARY:Haircut at ');
    expect(text).toContain('STATUS:TENTATIVE');
    expect(text).toContain('LOCATION:');
    expect(text).toContain('12 Water St');
    expect((await inject(t.app, endpoints.appointmentCalendarFile, { access: shop.access, params: { id: booking.id } })).statusCode).toBe(200);
    expect((await inject(t.app, endpoints.appointmentCalendarFile, { access: (await customerAccount()).access, params: { id: booking.id } })).statusCode).toBe(404);
  });

  it('shows it to its customer and its shop only', async () => {
    const { shop, customer, booking } = await booked();
    expect((await inject(t.app, endpoints.appointmentDetails, { access: customer.access, params: { id: booking.id } })).statusCode).toBe(200);
    const forShop = (await inject(t.app, endpoints.appointmentDetails, { access: shop.access, params: { id: booking.id } })).json();
    expect(forShop.customer).toEqual({ id: customer.user.id, name: customer.user.username });
    const stranger = await customerAccount();
    const otherShop = await shopAccount();
    for (const access of [stranger.access, otherShop.access]) {
      expect((await inject(t.app, endpoints.appointmentDetails, { access, params: { id: booking.id } })).statusCode).toBe(404);
      expect((await setStatus(access, booking.id, { status: 'cancelled', reason: 'Not mine' })).statusCode).toBe(404);
    }
    expect((await inject(t.app, endpoints.vendorAppointments, { access: otherShop.access, params: { id: shop.vendorId } })).statusCode).toBe(404);
  });

  it('goes pending → confirmed → completed by the shop, telling the customer, and refuses any other step with 409', async () => {
    const { shop, customer, booking } = await booked();
    expect((await setStatus(customer.access, booking.id, { status: 'confirmed' })).statusCode).toBe(403);
    const skip = await setStatus(shop.access, booking.id, { status: 'completed' });
    expect(skip.statusCode).toBe(409);
    expect(skip.error()).toMatchObject({ code: 'STATUS_CHANGE_NOT_ALLOWED', error: 'A pending appointment cannot become completed.' });

    expect((await setStatus(shop.access, booking.id, { status: 'confirmed' })).json().status).toBe('confirmed');
    const told = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, customer.user.id), eq(notifications.notificationType, 'appointment_confirmed')));
    expect(told).toHaveLength(1);
    const early = await setStatus(shop.access, booking.id, { status: 'completed' });
    expect(early.statusCode).toBe(409);
    expect(early.error().error).toContain('has not begun yet');

    // Two days later, the appointment is over.
    clock.advance(3 * 86_400_000);
    try {
      const access = (await login(t.app, shop.email, shop.password)).access;
      expect((await setStatus(access, booking.id, { status: 'completed' })).json().status).toBe('completed');
      expect((await setStatus(access, booking.id, { status: 'cancelled', reason: 'Too late' })).statusCode).toBe(409);
    } finally {
      clock.advance(-3 * 86_400_000);
    }
  });

  it('is cancelled by either side with a reason, which frees the slot at once', async () => {
    const { shop, service, provider, customer, day, booking } = await booked();
    const noReason = await setStatus(customer.access, booking.id, { status: 'cancelled' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.error()).toMatchObject({ fields: { reason: expect.any(String) } });
    const cancelled = (await setStatus(customer.access, booking.id, { status: 'cancelled', reason: 'Feeling ill' })).json();
    expect(cancelled).toMatchObject({ status: 'cancelled', cancel_reason: 'Feeling ill', cancelled_by: 'customer', can_cancel: false });
    const free = (await slotsOn(undefined, { provider_id: provider.id, service_id: service.id, for_date: day })).json().slots.map((s) => s.local_time);
    expect(free).toContain('13:00');
    const told = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, shop.user.id), eq(notifications.notificationType, 'appointment_cancelled')));
    expect(told[0]?.body).toContain('Feeling ill');
    expect((await book((await customerAccount()).access, { service_id: service.id, provider_id: provider.id, starts_at: at(day, '13:00') })).statusCode).toBe(201);
  });

  it('lists upcoming and past bookings for the customer, and the shop\'s by day, provider and status', async () => {
    const { shop, provider, customer, day, booking } = await booked();
    const upcoming = (await inject(t.app, endpoints.myAppointments, { access: customer.access, query: { when: 'upcoming' } })).json();
    expect(upcoming.results.map((a) => a.id)).toEqual([booking.id]);
    expect((await inject(t.app, endpoints.myAppointments, { access: customer.access, query: { when: 'past' } })).json().results).toEqual([]);

    const list = (query: { date?: string; provider_id?: string; status?: 'pending' | 'confirmed' }) =>
      inject(t.app, endpoints.vendorAppointments, { access: shop.access, params: { id: shop.vendorId }, query }).then((r) => r.json().results.map((a) => a.id));
    expect(await list({})).toEqual([booking.id]);
    expect(await list({ date: day })).toEqual([booking.id]);
    expect(await list({ date: dayAhead(3) })).toEqual([]);
    expect(await list({ provider_id: provider.id, status: 'pending' })).toEqual([booking.id]);
    expect(await list({ status: 'confirmed' })).toEqual([]);

    (await setStatus(customer.access, booking.id, { status: 'cancelled', reason: 'Changed my mind' })).json();
    expect((await inject(t.app, endpoints.myAppointments, { access: customer.access, query: { when: 'past' } })).json().results.map((a) => a.id)).toEqual([booking.id]);
  });

  it('moves to another free slot in one step, and stays put when the new time is taken', async () => {
    const { service, provider, customer, day, booking } = await booked();
    const move = (startsAt: string) => inject(t.app, endpoints.rescheduleAppointment, { access: customer.access, params: { id: booking.id }, body: { starts_at: startsAt } });
    const moved = await move(at(day, '15:00'));
    expect(moved.statusCode).toBe(200);
    expect(sameInstant(moved.json().starts_at, at(day, '15:00'))).toBe(true);
    const free = (await slotsOn(undefined, { provider_id: provider.id, service_id: service.id, for_date: day })).json().slots.map((s) => s.local_time);
    expect(free).toContain('13:00');
    expect(free).not.toContain('15:00');

    expect((await book((await customerAccount()).access, { service_id: service.id, provider_id: provider.id, starts_at: at(day, '16:00') })).statusCode).toBe(201);
    const taken = await move(at(day, '16:00'));
    expect(taken.statusCode).toBe(409);
    expect(taken.error().code).toBe('SLOT_TAKEN');
    const still = (await inject(t.app, endpoints.appointmentDetails, { access: customer.access, params: { id: booking.id } })).json();
    expect(sameInstant(still.starts_at, at(day, '15:00'))).toBe(true);
    const stranger = await customerAccount();
    expect((await inject(t.app, endpoints.rescheduleAppointment, { access: stranger.access, params: { id: booking.id }, body: { starts_at: at(day, '11:00') } })).statusCode).toBe(404);
  });
});

describe('customers find services: /appointments/get-all-services/ and favorites', () => {
  it('lists active services of listed shops near a point, nearest first, with filters', async () => {
    const { service } = await bookableShop({ name: 'Signature facial', category: 'Beauty & Wellness', price: { amount_cents: 9000, currency: 'USD' } });
    const near = (query: Record<string, string | number>) =>
      inject(t.app, endpoints.allServices, { query: { lat: 40.7033, lng: -74.0112, radius_km: 5, page_size: 50, ...query } }).then((r) => r.json());
    const all = await near({});
    const card = all.results.find((c) => c.id === service.id);
    expect(card).toMatchObject({ name: 'Signature facial', price: { amount_cents: 9000, currency: 'USD' }, city: 'New York', is_favorite: false });
    expect(card?.distance_km).toBeLessThan(1);
    expect((await near({ q: 'facial' })).results.map((c) => c.id)).toContain(service.id);
    expect((await near({ max_price_cents: 5000 })).results.map((c) => c.id)).not.toContain(service.id);
    expect((await near({ min_price_cents: 8000, max_price_cents: 9000 })).results.map((c) => c.id)).toContain(service.id);
    expect((await near({ category: 'Food & Drink' })).results.map((c) => c.id)).not.toContain(service.id);
    // Paris is too far, unless the shop's own services are asked for (its public page).
    expect((await near({ lat: 48.85, lng: 2.35 })).results.map((c) => c.id)).not.toContain(service.id);
    const own = await near({ lat: 48.85, lng: 2.35, vendor_id: service.vendor.id });
    expect(own.results.map((c) => c.id)).toEqual([service.id]);
    expect(own.results[0]?.distance_km).toBeGreaterThan(5000);
    const unknown = await inject(t.app, endpoints.allServices, { query: { vendor_id: '00000000-0000-4000-8000-000000000000' } });
    expect(unknown.statusCode).toBe(404);
    const bad = await inject(t.app, endpoints.allServices, { query: { min_price_cents: 500, max_price_cents: 100 } });
    expect(bad.statusCode).toBe(400);
  });

  it('toggles a favorite and lists the favorites', async () => {
    const { service } = await bookableShop({ name: 'Hot stone massage' });
    const customer = await customerAccount();
    const toggle = () => inject(t.app, endpoints.toggleFavoriteService, { access: customer.access, params: { id: service.id } }).then((r) => r.json());
    expect(await toggle()).toEqual({ is_favorite: true, favorites_count: 1 });
    expect((await inject(t.app, endpoints.favoriteServices, { access: customer.access })).json().map((c) => c.id)).toEqual([service.id]);
    expect((await inject(t.app, endpoints.getService, { access: customer.access, params: { id: service.id } })).json().is_favorite).toBe(true);
    expect(await toggle()).toEqual({ is_favorite: false, favorites_count: 0 });
    expect((await inject(t.app, endpoints.favoriteServices, { access: customer.access })).json()).toEqual([]);
  });
});
