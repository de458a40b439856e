import type { Appointment, Provider, Service } from '@localloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, refuse, stubApi } from '../../test/api-stub.ts';
import type { StubRequest } from '../../test/api-stub.ts';
import { storeSession, vendorLogin } from '../../test/fixtures.ts';
import { vendorProfile } from '../../test/kyc-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { storedImage } from '../../test/vendor-fixtures.ts';
import { dayIn } from './format.ts';

const uploaded = (n: number) => ({
  id: `5e0c0000-0000-4000-8000-0000000001${n.toString().padStart(2, '0')}`,
  ...storedImage(`upload-${n}`),
  thumbnail_url: `/media/images/upload-${n}.thumb.webp`,
  content_type: 'image/jpeg',
  bytes: 200_000,
});
/** The upload endpoint: one stored image per file sent, numbered from 1. */
function answerUploads() {
  let n = 0;
  return (request: StubRequest) => ({ status: 201, body: { images: (request.body as FormData).getAll('images').map(() => uploaded((n += 1))) } });
}
const jpeg = (name: string) => new File([new Uint8Array(2048)], name, { type: 'image/jpeg' });

const vendorId = vendorLogin.vendor_id ?? '';
const vendor = { id: vendorId, user_id: vendorLogin.user?.id ?? '', business_name: 'Hudson Corner Studio', rating_avg: null, rating_count: 0, time_zone: 'America/New_York' };

const service = (n: number, over: Partial<Service> = {}): Service => ({
  id: `5e0c0000-0000-4000-8000-00000000000${n}`,
  vendor,
  name: `Massage ${n}`,
  description: '',
  category: 'Beauty & Wellness',
  duration_minutes: 60,
  buffer_minutes: 15,
  price: { amount_cents: 9500, currency: 'USD' },
  image_ids: [],
  images: [],
  is_active: true,
  providers: [],
  is_favorite: false,
  upcoming_bookings: 0,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  ...over,
});

const provider = (over: Partial<Provider> = {}): Provider => ({
  id: '5e0c0000-0000-4000-8000-0000000000a1',
  vendor_id: vendorId,
  name: 'Marisol Vega',
  bio: '',
  photo_id: null,
  photo: null,
  services: [{ id: service(1).id, name: 'Massage 1' }],
  hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '09:00', closes: '17:00' })),
  uses_vendor_hours: true,
  days_off: [],
  time_zone: 'America/New_York',
  upcoming_bookings: 0,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  ...over,
});

const booking = (over: Partial<Appointment> = {}): Appointment => ({
  id: '5e0c0000-0000-4000-8000-0000000000c1',
  status: 'pending',
  starts_at: '2099-12-01T15:00:00.000Z',
  ends_at: '2099-12-01T16:00:00.000Z',
  time_zone: 'America/New_York',
  service: { id: service(1).id, name: 'Massage 1', duration_minutes: 60 },
  provider: { id: provider().id, name: 'Marisol Vega' },
  vendor: { id: vendorId, user_id: vendor.user_id, business_name: vendor.business_name },
  customer: { id: '5e0c0000-0000-4000-8000-0000000000d1', name: 'Maya Chen' },
  price: { amount_cents: 9500, currency: 'USD' },
  notes: 'Sore shoulder',
  cancel_reason: null,
  cancelled_by: null,
  can_cancel: true,
  can_reschedule: false,
  created_at: '2026-11-25T10:00:00Z',
  updated_at: '2026-11-25T10:00:00Z',
  ...over,
});

const page = (results: unknown[]) => ({ count: results.length, page: 1, page_size: 50, results });

describe('my services (/vendor/services)', () => {
  it('adds a service from the dialog, in whole cents', async () => {
    let mine = [service(1)];
    const api = stubApi({
      'GET /appointments/get-services/': () => ok(page(mine)),
      'POST /appointments/create-service/': (request) => {
        const created = service(2, { name: 'Hot stone massage' });
        mine = [created, ...mine];
        return { status: 201, body: { ...created, ...(request.body as object) } };
      },
    });
    storeSession(vendorLogin);
    const { user } = renderApp('/vendor/services');
    expect(await screen.findByRole('heading', { name: 'Massage 1' })).toBeInTheDocument();
    expect(screen.getByText(/1 h \+ 15 min pause/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add service' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a service' });
    await user.click(within(dialog).getByRole('button', { name: 'Add service' }));
    expect(await within(dialog).findByText('Give the service a name of at least 2 characters.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), 'Hot stone massage');
    await user.selectOptions(within(dialog).getByLabelText('Length'), '90');
    await user.type(within(dialog).getByLabelText('Price'), '120.50');
    await user.click(within(dialog).getByRole('button', { name: 'Add service' }));
    expect(await screen.findByText('Hot stone massage is added.')).toBeInTheDocument();
    expect(api.to('POST /appointments/create-service/')[0]?.body).toMatchObject({
      name: 'Hot stone massage',
      duration_minutes: 90,
      buffer_minutes: 0,
      price: { amount_cents: 12050, currency: 'USD' },
      is_active: true,
    });
    const services = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent).filter((text) => text?.includes('massage') || text?.includes('Massage'));
    await waitFor(() => expect(services()).toEqual(['Hot stone massage', 'Massage 1']));
  });

  it('keeps a service with bookings to come, saying why in the dialog', async () => {
    stubApi({
      'GET /appointments/get-services/': ok(page([service(1, { upcoming_bookings: 2 })])),
      [`DELETE /appointments/delete-service/${service(1).id}/`]: refuse(409, 'SERVICE_HAS_BOOKINGS', '"Massage 1" has 2 bookings to come, so it cannot be deleted. Deactivate it instead.'),
    });
    storeSession(vendorLogin);
    const { user } = renderApp('/vendor/services');
    await user.click(await screen.findByRole('button', { name: 'Delete Massage 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Massage 1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete service' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Deactivate it instead.');
  });
});

describe('pictures of a service and a provider', () => {
  it('uploads a service\'s pictures in its dialog, keeps the saved ones and sends their ids in order', async () => {
    const saved = service(1, { image_ids: [uploaded(9).id], images: [storedImage('upload-9')] });
    const api = stubApi({
      'GET /appointments/get-services/': ok(page([saved])),
      'POST /UploadImagesAPI/': answerUploads(),
      [`PUT /appointments/update-service/${saved.id}/`]: (request) => ok({ ...saved, ...(request.body as object) }),
    });
    storeSession(vendorLogin);
    const { user } = renderApp('/vendor/services');
    await user.click(await screen.findByRole('button', { name: 'Edit Massage 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Massage 1' });
    expect(within(dialog).getByRole('img', { name: 'Picture 1 of the service' })).toHaveAttribute('src', expect.stringContaining('upload-9'));
    await user.upload(within(dialog).getByLabelText('Add more'), [jpeg('a.jpg'), jpeg('b.jpg')]);
    expect(await within(dialog).findByRole('img', { name: 'Picture 3 of the service' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Make picture 3 the main one' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove picture 3' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Massage 1 is saved.')).toBeInTheDocument();
    expect(api.to('POST /UploadImagesAPI/')).toHaveLength(1);
    expect((api.to(`PUT /appointments/update-service/${saved.id}/`)[0]?.body as { image_ids: string[] }).image_ids).toEqual([uploaded(2).id, uploaded(9).id]);
  });

  it('refuses a file that is no image before sending anything', async () => {
    const api = stubApi({ 'GET /appointments/get-services/': ok(page([])), 'POST /UploadImagesAPI/': answerUploads() });
    storeSession(vendorLogin);
    const { user } = renderApp('/vendor/services', { user: { applyAccept: false } });
    await user.click((await screen.findAllByRole('button', { name: /Add (your first )?service/ }))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Add a service' });
    await user.upload(within(dialog).getByLabelText('Add pictures'), new File(['%PDF-1.4'], 'menu.pdf', { type: 'application/pdf' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose a JPEG, PNG or WebP image.');
    expect(api.to('POST /UploadImagesAPI/')).toHaveLength(0);
  });

  it('gives a provider a photo, which a new one replaces', async () => {
    const api = stubApi({
      'GET /appointments/get-services/': ok(page([service(1)])),
      'POST /UploadImagesAPI/': answerUploads(),
      'POST /appointments/create-provider/': (request) => ({ status: 201, body: provider({ ...(request.body as object) }) }),
      [`GET /appointments/get-provider/${provider().id}/`]: ok(provider()),
    });
    storeSession(vendorLogin);
    const { user } = renderApp('/vendor/providers/add');
    await user.type(await screen.findByLabelText('Name'), 'Marisol Vega');
    await user.upload(screen.getByLabelText('Add a photo'), jpeg('me.jpg'));
    expect(await screen.findByRole('img', { name: 'Photo of Marisol Vega' })).toHaveAttribute('src', expect.stringContaining('upload-1'));
    await user.upload(screen.getByLabelText('Replace photo'), jpeg('me-again.jpg'));
    await waitFor(() => expect(screen.getByRole('img', { name: 'Photo of Marisol Vega' })).toHaveAttribute('src', expect.stringContaining('upload-2')));
    await user.click(screen.getByRole('button', { name: 'Add provider' }));
    await waitFor(() => expect(api.to('POST /appointments/create-provider/')).toHaveLength(1));
    expect(api.to('POST /appointments/create-provider/')[0]?.body).toMatchObject({ photo_id: uploaded(2).id });
  });
});

describe('a provider (/vendor/providers/add)', () => {
  it('adds a provider with the services chosen and their own hours, then opens their page for the times', async () => {
    const api = stubApi({
      'GET /appointments/get-services/': ok(page([service(1), service(2)])),
      'POST /appointments/create-provider/': (request) => ({ status: 201, body: provider({ ...(request.body as object), uses_vendor_hours: false }) }),
      [`GET /appointments/get-provider/${provider().id}/`]: ok(provider()),
    });
    storeSession(vendorLogin);
    const { user, pathname } = renderApp('/vendor/providers/add');
    await user.type(await screen.findByLabelText('Name'), 'Marisol Vega');
    await user.click(await screen.findByRole('checkbox', { name: 'Massage 2' }));
    await user.click(screen.getByRole('radio', { name: 'Their own hours' }));
    await user.click(screen.getByRole('checkbox', { name: 'Friday' }));
    await user.click(screen.getByRole('button', { name: 'Add provider' }));
    await waitFor(() => expect(pathname()).toBe(`/vendor/providers/edit/${provider().id}`));
    const body = api.to('POST /appointments/create-provider/')[0]?.body as { service_ids: string[]; hours: { weekday: number }[] };
    expect(body.service_ids).toEqual([service(2).id]);
    expect(body.hours.map((h) => h.weekday)).toEqual([1, 2, 3, 4]);
    expect(await screen.findByRole('heading', { name: 'Bookable times' })).toBeInTheDocument();
  });
});

describe('the shop\'s appointments (/appointments)', () => {
  it('lists the day\'s bookings and confirms one', async () => {
    let status: Appointment['status'] = 'pending';
    const api = stubApi({
      'GET /appointments/get-providers/': ok([provider()]),
      [`GET /appointments/get-appointments/${vendorId}/`]: () => ok(page([booking({ status })])),
      [`PATCH /appointments/update-status/appointment/${booking().id}/`]: () => {
        status = 'confirmed';
        return ok(booking({ status }));
      },
    });
    storeSession(vendorLogin);
    const { user } = renderApp('/appointments');
    expect(await screen.findByRole('heading', { name: 'Massage 1' })).toBeInTheDocument();
    expect(screen.getByText(/Maya Chen · with Marisol Vega/)).toBeInTheDocument();
    expect(screen.getByText('“Sore shoulder”')).toBeInTheDocument();
    expect(api.to(`GET /appointments/get-appointments/${vendorId}/`)[0]?.query.get('date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await user.click(screen.getByRole('button', { name: /^Confirm Massage 1/ }));
    expect(await screen.findByText('Confirmed. The customer has been told.')).toBeInTheDocument();
    expect(api.to(`PATCH /appointments/update-status/appointment/${booking().id}/`)[0]?.body).toEqual({ status: 'confirmed' });
    await user.click(screen.getByRole('button', { name: 'All days' }));
    await waitFor(() => expect(api.to(`GET /appointments/get-appointments/${vendorId}/`).at(-1)?.query.get('date')).toBeNull());
  });

  it('asks for today where the shop is, whatever the browser\'s clock says', async () => {
    // 25 hours apart: on any day, at any hour, at least one of these is not the browser's date.
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const api = stubApi({
        'GET /vendor/me/': ok(vendorProfile({ id: vendorId, service_time: { time_zone: zone, time_zone_auto: false, hours: [] } })),
        'GET /appointments/get-providers/': ok([provider()]),
        [`GET /appointments/get-appointments/${vendorId}/`]: ok(page([])),
      });
      storeSession(vendorLogin);
      const { unmount } = renderApp('/appointments');
      await screen.findByRole('heading', { name: /^Nothing booked on/ });
      expect(api.to(`GET /appointments/get-appointments/${vendorId}/`).map((r) => r.query.get('date'))).toEqual([dayIn(new Date(), zone)]);
      expect(screen.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
      unmount();
    }
  });
});
