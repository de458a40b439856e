import type { Appointment, Service, ServiceCard } from '@localloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, refuse, stubApi } from '../../test/api-stub.ts';
import { storeSession, userLogin, vendorLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { bakery } from '../../test/vendor-fixtures.ts';
import { dayAndTime, daysAhead, formatWhen } from './format.ts';

const serviceId = '7d1f3c2a-0000-4000-8000-000000000001';
const providerA = { id: '7d1f3c2a-0000-4000-8000-0000000000a1', name: 'Ana Ruiz', photo: null };
const providerB = { id: '7d1f3c2a-0000-4000-8000-0000000000b2', name: 'Ben Cole', photo: null };
const vendor = { id: '7d1f3c2a-0000-4000-8000-0000000000f0', user_id: '7d1f3c2a-0000-4000-8000-0000000000f1', business_name: 'Hudson Cuts', rating_avg: 4.5, rating_count: 8, time_zone: 'America/New_York' };

const service = (over: Partial<Service> = {}): Service => ({
  id: serviceId,
  vendor,
  name: 'Haircut',
  description: 'Wash, cut and style.',
  category: 'Beauty & Wellness',
  duration_minutes: 45,
  buffer_minutes: 15,
  price: { amount_cents: 3500, currency: 'USD' },
  image_ids: [],
  images: [],
  is_active: true,
  providers: [providerA, providerB],
  is_favorite: false,
  upcoming_bookings: null,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  ...over,
});

const card = (n: number, over: Partial<ServiceCard> = {}): ServiceCard => ({
  id: `7d1f3c2a-0000-4000-8000-00000000010${n}`,
  name: `Service ${n}`,
  description: 'Something good.',
  category: 'Beauty & Wellness',
  duration_minutes: 30,
  price: { amount_cents: 2000 + n * 100, currency: 'USD' },
  image: null,
  vendor,
  distance_km: 1.2,
  city: 'New York',
  latitude: 40.7203,
  longitude: -74.0052,
  is_favorite: false,
  ...over,
});

const appointment = (over: Partial<Appointment> = {}): Appointment => ({
  id: '7d1f3c2a-0000-4000-8000-0000000000c1',
  status: 'pending',
  starts_at: '2026-12-01T15:00:00.000Z',
  ends_at: '2026-12-01T15:45:00.000Z',
  time_zone: 'America/New_York',
  service: { id: serviceId, name: 'Haircut', duration_minutes: 45 },
  provider: { id: providerB.id, name: 'Ben Cole' },
  vendor: { id: vendor.id, user_id: vendor.user_id, business_name: 'Hudson Cuts' },
  customer: null,
  price: { amount_cents: 3500, currency: 'USD' },
  notes: '',
  cancel_reason: null,
  cancelled_by: null,
  can_cancel: true,
  can_reschedule: true,
  created_at: '2026-11-25T10:00:00Z',
  updated_at: '2026-11-25T10:00:00Z',
  ...over,
});

const slots = (day: string) => ({
  provider_id: providerB.id,
  service_id: serviceId,
  for_date: day,
  time_zone: 'America/New_York',
  slots: [
    { starts_at: `${day}T14:00:00.000Z`, ends_at: `${day}T14:45:00.000Z`, local_time: '09:00' },
    { starts_at: `${day}T15:00:00.000Z`, ends_at: `${day}T15:45:00.000Z`, local_time: '10:00' },
  ],
});

describe('booking a service (/customer/appointment/{serviceId})', () => {
  it('books the chosen provider, day and time, then shows the confirmation', async () => {
    const [, tomorrow = ''] = daysAhead('America/New_York', 2);
    const api = stubApi({
      [`GET /appointments/get-service/${serviceId}/`]: ok(service()),
      'GET /appointments/get-time-slots/': (request) => ok(slots(request.query.get('for_date') ?? '')),
      'POST /appointments/book-appointment/': ok(appointment({ starts_at: `${tomorrow}T15:00:00.000Z`, ends_at: `${tomorrow}T15:45:00.000Z` })),
      [`GET /appointments/details/appointment/${appointment().id}/`]: ok(appointment({ starts_at: `${tomorrow}T15:00:00.000Z`, ends_at: `${tomorrow}T15:45:00.000Z` })),
    });
    storeSession(userLogin);
    const { user, pathname } = renderApp(`/customer/appointment/${serviceId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Book an Appointment' })).toBeInTheDocument();
    expect(await screen.findByText('Haircut')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book appointment' })).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: 'Ben Cole' }));
    const days = within(screen.getByRole('group', { name: '2. Day' })).getAllByRole('radio');
    expect(days).toHaveLength(14);
    await user.click(days[1] as HTMLElement);
    await user.click(await screen.findByRole('radio', { name: '10:00' }));
    await user.type(screen.getByLabelText(/Anything the shop should know/), 'First visit');
    expect(screen.getByText(/with Ben Cole on/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Book appointment' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'You are booked' })).toBeInTheDocument();
    expect(pathname()).toBe(`/appointment/confirmation/${appointment().id}`);
    expect(api.to('POST /appointments/book-appointment/')[0]?.body).toEqual({ service_id: serviceId, provider_id: providerB.id, starts_at: `${tomorrow}T15:00:00.000Z`, notes: 'First visit' });
    expect(api.to('GET /appointments/get-time-slots/')[0]?.query.get('provider_id')).toBe(providerB.id);
  });

  it('says so and clears the time when someone else took it first', async () => {
    stubApi({
      [`GET /appointments/get-service/${serviceId}/`]: ok(service({ providers: [providerB] })),
      'GET /appointments/get-time-slots/': (request) => ok(slots(request.query.get('for_date') ?? '')),
      'POST /appointments/book-appointment/': refuse(409, 'SLOT_TAKEN', 'Someone has just booked this time. Choose another slot.'),
    });
    storeSession(userLogin);
    const { user, pathname } = renderApp(`/customer/appointment/${serviceId}`);
    // One provider: nothing to choose.
    await screen.findByRole('group', { name: '2. Day' });
    expect(screen.queryByRole('group', { name: '1. Who' })).not.toBeInTheDocument();
    await user.click(within(screen.getByRole('group', { name: '2. Day' })).getAllByRole('radio')[0] as HTMLElement);
    await user.click(await screen.findByRole('radio', { name: '09:00' }));
    await user.click(screen.getByRole('button', { name: 'Book appointment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Someone has just booked this time. Choose another slot.');
    expect(screen.getByRole('button', { name: 'Book appointment' })).toBeDisabled();
    expect(pathname()).toBe(`/customer/appointment/${serviceId}`);
  });

  it('tells a day without free times, and a service nobody performs yet', async () => {
    const api = stubApi({
      [`GET /appointments/get-service/${serviceId}/`]: ok(service({ providers: [providerA] })),
      'GET /appointments/get-time-slots/': (request) => ok({ ...slots(request.query.get('for_date') ?? ''), slots: [] }),
    });
    storeSession(userLogin);
    const { user } = renderApp(`/customer/appointment/${serviceId}`);
    await user.click(within(await screen.findByRole('group', { name: '2. Day' })).getAllByRole('radio')[3] as HTMLElement);
    expect(await screen.findByRole('heading', { name: 'No free times this day' })).toBeInTheDocument();

    api.on(`GET /appointments/get-service/${serviceId}/`, ok(service({ providers: [] })));
    renderApp(`/customer/appointment/${serviceId}`);
    expect(await screen.findByRole('heading', { name: 'Not bookable yet' })).toBeInTheDocument();
  });
});

describe('browsing services (/services/browse)', () => {
  it('lists services near the chosen place with their price and length, and filters by price in the address', async () => {
    const api = stubApi({ 'GET /appointments/get-all-services/': ok({ count: 2, count_capped: false, page: 1, page_size: 12, results: [card(1), card(2)] }) });
    storeSession(userLogin);
    const { user, location } = renderApp('/services/browse');
    await screen.findByRole('heading', { level: 1, name: 'Browse Services' });
    const cards = await screen.findAllByTestId('service-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByRole('link', { name: 'Service 1' })).toHaveAttribute('href', `/services/${card(1).id}`);
    expect(cards[0]).toHaveTextContent('30 min · $21');
    expect(screen.getByRole('status')).toHaveTextContent('2 services within 25 km');
    await user.selectOptions(screen.getByLabelText('Price'), '50');
    await waitFor(() => expect(location().search).toBe('?max_price=50'));
    await waitFor(() => expect(api.to('GET /appointments/get-all-services/').at(-1)?.query.get('max_price_cents')).toBe('5000'));
  });

  it('offers a wider search when nothing is near', async () => {
    stubApi({ 'GET /appointments/get-all-services/': ok({ count: 0, count_capped: false, page: 1, page_size: 12, results: [] }) });
    storeSession(userLogin);
    renderApp('/services/browse');
    expect(await screen.findByRole('heading', { name: 'No services within 25 km yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Look within 100 km' })).toBeInTheDocument();
  });
});

describe('a service\'s page (/services/{serviceId})', () => {
  it('shows what, who, how long and how much, with Book now for a user', async () => {
    stubApi({ [`GET /appointments/get-service/${serviceId}/`]: ok(service()) });
    storeSession(userLogin);
    renderApp(`/services/${serviceId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Haircut' })).toBeInTheDocument();
    expect(screen.getByText('$35')).toBeInTheDocument();
    expect(screen.getByText('45 min')).toBeInTheDocument();
    expect(screen.getByText('Ben Cole')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Book now/ })).toHaveAttribute('href', `/customer/appointment/${serviceId}`);
    expect(screen.getByRole('button', { name: 'Add Haircut to favorites' })).toBeInTheDocument();
  });

  it('does not offer a vendor to book its own service', async () => {
    stubApi({ [`GET /appointments/get-service/${serviceId}/`]: ok(service({ vendor: { ...vendor, user_id: String(vendorLogin.user?.id ?? '') } })) });
    storeSession(vendorLogin);
    renderApp(`/services/${serviceId}`);
    expect(await screen.findByText('This is your service: customers book it here.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Book now/ })).not.toBeInTheDocument();
  });
});

describe('my bookings (/customer/bookings)', () => {
  it('lists upcoming bookings and cancels one with a reason', async () => {
    let upcoming = [appointment()];
    const api = stubApi({
      'GET /appointments/get-user/appointments/': (request) => ok({ count: 1, page: 1, page_size: 50, results: request.query.get('when') === 'past' ? [] : upcoming }),
      [`PATCH /appointments/update-status/appointment/${appointment().id}/`]: () => {
        upcoming = [];
        return ok(appointment({ status: 'cancelled', cancel_reason: 'Feeling ill', cancelled_by: 'customer', can_cancel: false }));
      },
    });
    storeSession(userLogin);
    const { user } = renderApp('/customer/bookings');
    await screen.findByRole('heading', { level: 1, name: 'My Bookings' });
    expect(await screen.findByRole('heading', { name: 'Haircut' })).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel Haircut' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Say why');
    await user.type(within(dialog).getByLabelText('Reason'), 'Feeling ill');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByText('Your booking is cancelled. The shop has been told.')).toBeInTheDocument();
    expect(api.to(`PATCH /appointments/update-status/appointment/${appointment().id}/`)[0]?.body).toEqual({ status: 'cancelled', reason: 'Feeling ill' });
    expect(await screen.findByRole('heading', { name: 'No bookings to come' })).toBeInTheDocument();
  });
});

describe('moving a booking to another time', () => {
  const [, tomorrow = '', later = ''] = daysAhead('America/New_York', 3);
  const booked = appointment({ starts_at: `${tomorrow}T15:00:00.000Z`, ends_at: `${tomorrow}T15:45:00.000Z` });
  const moveKey = `PATCH /appointments/reschedule/appointment/${booked.id}/`;

  it('moves it to a free time of another day in one step; the list shows the new time', async () => {
    let current = booked;
    const api = stubApi({
      'GET /appointments/get-user/appointments/': (request) => ok({ count: 1, page: 1, page_size: 50, results: request.query.get('when') === 'past' ? [] : [current] }),
      'GET /appointments/get-time-slots/': (request) => ok(slots(request.query.get('for_date') ?? '')),
      [moveKey]: (request) => {
        const startsAt = (request.body as { starts_at: string }).starts_at;
        current = { ...booked, starts_at: startsAt, ends_at: new Date(Date.parse(startsAt) + 45 * 60_000).toISOString() };
        return ok(current);
      },
    });
    storeSession(userLogin);
    const { user } = renderApp('/customer/bookings');
    await user.click(await screen.findByRole('button', { name: 'Reschedule Haircut' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the time' });
    // It opens on the booking's own day, with the same provider's free times of that day.
    const days = within(dialog).getAllByRole('radio').filter((radio) => radio.getAttribute('value')?.match(/^\d{4}-\d{2}-\d{2}$/));
    expect(days.find((radio) => (radio as HTMLInputElement).checked)).toHaveAttribute('value', tomorrow);
    await within(dialog).findByRole('radio', { name: '09:00' });
    expect(api.to('GET /appointments/get-time-slots/')[0]?.query.get('provider_id')).toBe(providerB.id);
    expect(within(dialog).getByRole('button', { name: 'Move booking' })).toBeDisabled();

    await user.click(days.find((radio) => radio.getAttribute('value') === later) as HTMLElement);
    await user.click(await within(dialog).findByRole('radio', { name: '09:00' }));
    expect(within(dialog).getByText(/New time:/)).toHaveTextContent(`New time: ${dayAndTime(`${later}T14:00:00.000Z`, 'America/New_York')}`);
    await user.click(within(dialog).getByRole('button', { name: 'Move booking' }));

    expect(await screen.findByText(`Your booking is moved to ${dayAndTime(`${later}T14:00:00.000Z`, 'America/New_York')}. The shop has been told.`)).toBeInTheDocument();
    expect(api.to(moveKey)[0]?.body).toEqual({ starts_at: `${later}T14:00:00.000Z` });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change the time' })).not.toBeInTheDocument());
    expect(await screen.findByText(formatWhen(`${later}T14:00:00.000Z`, `${later}T14:45:00.000Z`, 'America/New_York'))).toBeInTheDocument();
  });

  it('says so when someone else took the time first, clears it and fetches the free times again', async () => {
    const api = stubApi({
      'GET /appointments/get-user/appointments/': ok({ count: 1, page: 1, page_size: 50, results: [booked] }),
      'GET /appointments/get-time-slots/': (request) => ok(slots(request.query.get('for_date') ?? '')),
      [moveKey]: refuse(409, 'SLOT_TAKEN', 'Someone has just booked this time. Choose another slot.', { starts_at: 'This time has just been booked. Choose another slot.' }),
    });
    storeSession(userLogin);
    const { user } = renderApp('/customer/bookings');
    await user.click(await screen.findByRole('button', { name: 'Reschedule Haircut' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the time' });
    await user.click(await within(dialog).findByRole('radio', { name: '09:00' }));
    const fetched = api.to('GET /appointments/get-time-slots/').length;
    await user.click(within(dialog).getByRole('button', { name: 'Move booking' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Someone has just booked this time. Choose another slot.');
    expect(within(dialog).getByRole('radio', { name: '09:00' })).not.toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Move booking' })).toBeDisabled();
    await waitFor(() => expect(api.to('GET /appointments/get-time-slots/').length).toBeGreaterThan(fetched));
    expect(screen.getByRole('dialog', { name: 'Change the time' })).toBeInTheDocument();
  });

  it('is offered on the confirmation page too, which then shows the new time', async () => {
    let current = booked;
    stubApi({
      [`GET /appointments/details/appointment/${booked.id}/`]: () => ok(current),
      'GET /appointments/get-time-slots/': (request) => ok(slots(request.query.get('for_date') ?? '')),
      [moveKey]: () => {
        current = { ...booked, starts_at: `${tomorrow}T14:00:00.000Z`, ends_at: `${tomorrow}T14:45:00.000Z` };
        return ok(current);
      },
    });
    storeSession(userLogin);
    const { user } = renderApp(`/appointment/confirmation/${booked.id}`);
    await user.click(await screen.findByRole('button', { name: 'Change the time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the time' });
    await user.click(await within(dialog).findByRole('radio', { name: '09:00' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move booking' }));
    expect(await screen.findByText(formatWhen(`${tomorrow}T14:00:00.000Z`, `${tomorrow}T14:45:00.000Z`, 'America/New_York'))).toBeInTheDocument();
  });
});

describe('a shop\'s public page (/vendor/{userId})', () => {
  it('lists the services it offers, each opening its page to book it', async () => {
    const api = stubApi({
      [`GET /vendor/public/${bakery.user_id}/`]: ok(bakery),
      [`GET /vendor/${bakery.id}/ratings/`]: ok({ count: 0, page: 1, page_size: 20, results: [], mine: null }),
      'GET /appointments/get-all-services/': ok({ count: 1, count_capped: false, page: 1, page_size: 50, results: [card(1, { name: 'Sourdough class' })] }),
    });
    storeSession(userLogin);
    renderApp(`/vendor/${bakery.user_id}`);
    const link = await screen.findByRole('link', { name: /Sourdough class/ });
    expect(link).toHaveAttribute('href', `/services/${card(1).id}`);
    expect(link).toHaveTextContent('30 min');
    expect(api.to('GET /appointments/get-all-services/')[0]?.query.get('vendor_id')).toBe(bakery.id);
  });
});
