import { screen, waitFor, within } from '@testing-library/react';
import type { AdminVendorDetail, AdminVendorListResponse, AdminVendorSummary, KycStep } from '@localloop/contract';
import type { z } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, refuse, stubApi } from '../../test/api-stub.ts';
import type { StubRequest } from '../../test/api-stub.ts';
import { storeSession, userLogin, userProfile, vendorLogin } from '../../test/fixtures.ts';
import { setViewportWidth } from '../../test/media.ts';
import { renderApp } from '../../test/render-app.tsx';
import { adminDetail, adminSummary } from '../../test/vendor-fixtures.ts';

const operatorProfile = { ...userProfile, is_operator: true };
const oldest = adminSummary(1, { business_name: 'Glow Studio' });
const newer = adminSummary(2, { business_name: 'Bright Nails' });

function listOf(results: AdminVendorSummary[]): z.infer<typeof AdminVendorListResponse> {
  return { count: results.length, page: 1, page_size: 20, results };
}

/** An operator's API: the pending queue, one vendor's details, and decisions that change it like the server. */
function operatorApi() {
  let detail: AdminVendorDetail = adminDetail(oldest);
  const decide = (decision: 'approved' | 'rejected' | 'suspended' | 'unsuspended', patch: Partial<AdminVendorDetail>) => (request: StubRequest) => {
    const body = request.body as { reason?: string; note?: string; steps?: KycStep[] };
    detail = {
      ...detail,
      ...patch,
      ...(decision === 'rejected' ? { rejection_steps: body.steps ?? [] } : {}),
      decisions: [
        {
          id: `70000000-0000-4000-8000-00000000000${detail.decisions.length + 1}`,
          decision,
          reason: body.reason ?? body.note ?? '',
          steps: body.steps ?? [],
          operator_email: 'admin@example.com',
          created_at: '2025-03-10T12:00:00.000Z',
        },
        ...detail.decisions,
      ],
    };
    return ok(detail);
  };
  const api = stubApi({
    'GET /profile/': ok(operatorProfile),
    'GET /admin/vendors/': (request) => {
      const status = request.query.get('status');
      if (status === 'pending') return ok(listOf(detail.kyc_status === 'pending' ? [oldest, newer] : [newer]));
      if (status === 'approved') return ok(listOf(detail.is_approved ? [{ ...oldest, kyc_status: 'approved', is_approved: true }] : []));
      return ok(listOf([]));
    },
    [`GET /admin/vendors/${oldest.id}/`]: () => ok(detail),
    [`POST /admin/vendors/${oldest.id}/approve/`]: decide('approved', { kyc_status: 'approved', is_approved: true, approved_at: '2025-03-10T12:00:00.000Z' }),
    [`POST /admin/vendors/${oldest.id}/reject/`]: decide('rejected', { kyc_status: 'rejected', rejection_reason: 'The ID photo is blurred.' }),
    [`POST /admin/vendors/${oldest.id}/suspend/`]: decide('suspended', { is_suspended: true }),
    [`POST /admin/vendors/${oldest.id}/unsuspend/`]: decide('unsuspended', { is_suspended: false }),
  });
  return { api, set: (patch: Partial<AdminVendorDetail>) => (detail = { ...detail, ...patch }) };
}

async function openAdmin(path = '/admin') {
  storeSession(userLogin);
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Vendor review' });
  return app;
}

async function selectOldest(user: ReturnType<typeof renderApp>['user']) {
  const list = await screen.findByRole('list', { name: 'Vendors' });
  await user.click(within(list).getByRole('link', { name: /Glow Studio/ }));
  return screen.findByRole('heading', { level: 2, name: 'Glow Studio' });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('operator page (/admin)', () => {
  it('refuses an account that is not an operator', async () => {
    const api = stubApi({ 'GET /profile/': ok(userProfile) });
    storeSession(userLogin);
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Operators only' })).toBeInTheDocument();
    expect(screen.getByText('403')).toBeInTheDocument();
    expect(api.to('GET /admin/vendors/')).toHaveLength(0);
  });

  it('sends a visitor to log in', async () => {
    stubApi({});
    const app = renderApp('/admin');
    await waitFor(() => expect(app.pathname()).toBe('/login'));
  });

  it('shows the pending queue, oldest first, and a vendor\'s application', async () => {
    const { api } = operatorApi();
    const { user, location } = await openAdmin();
    expect(screen.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true');
    const list = await screen.findByRole('list', { name: 'Vendors' });
    expect(within(list).getAllByRole('link').map((link) => within(link).getByText(/Glow|Bright/).textContent)).toEqual(['Glow Studio', 'Bright Nails']);
    expect(api.to('GET /admin/vendors/')[0]?.query.get('status')).toBe('pending');

    await selectOldest(user);
    expect(new URLSearchParams(location().search).get('vendor')).toBe(oldest.id);
    const owner = screen.getByRole('region', { name: 'Owner' });
    expect(within(owner).getByText('owner1@example.com')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Bank details' })).getByText('•••• 6789')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Documents' })).getByText('Identity document')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Opening hours' })).getByText('09:00–17:00')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Addresses' })).getByText(/12 Hudson St/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Decision history' })).getByText('No decision yet.')).toBeInTheDocument();
  });

  it('searches the list once the typing pauses', async () => {
    const { api } = operatorApi();
    const { user } = await openAdmin();
    await screen.findByRole('list', { name: 'Vendors' });
    await user.type(screen.getByRole('searchbox', { name: 'Search vendors' }), 'glow');
    await waitFor(() => expect(api.to('GET /admin/vendors/').at(-1)?.query.get('q')).toBe('glow'));
    expect(api.to('GET /admin/vendors/').filter((request) => request.query.get('q'))).toHaveLength(1);
  });

  it('approves a pending vendor, toasts, and refreshes the lists', async () => {
    const { api } = operatorApi();
    const { user } = await openAdmin();
    await selectOldest(user);
    const before = api.to('GET /admin/vendors/').length;

    await user.click(within(screen.getByRole('group', { name: 'Decisions' })).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Glow Studio?' });
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'All documents match.');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Glow Studio is approved. The owner has been notified.')).toBeInTheDocument();
    expect(api.to(`POST /admin/vendors/${oldest.id}/approve/`)[0]?.body).toEqual({ note: 'All documents match.' });
    await waitFor(() => expect(api.to('GET /admin/vendors/').length).toBeGreaterThan(before));
    const list = screen.getByRole('list', { name: 'Vendors' });
    await waitFor(() => expect(within(list).queryByText('Glow Studio')).not.toBeInTheDocument());
    const header = screen.getByRole('heading', { level: 2, name: 'Glow Studio' }).closest('header') as HTMLElement;
    expect(within(header).getByText('Approved')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Decision history' })).getByText('approved')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Decisions' })).getByRole('button', { name: 'Suspend' })).toBeInTheDocument();
  });

  it('shows an approved vendor\'s proposed changes beside the live values, and says approving publishes them', async () => {
    const { api, set } = operatorApi();
    const proposedBank = { account_holder: 'Glow Studio GmbH', bank_name: 'Commerzbank', kind: 'iban' as const, account_number_masked: '•••• 3000', routing_number: null, updated_at: '2025-03-05T10:00:00.000Z' };
    const changes = { fields: ['business_name' as const, 'contact_email' as const], bank_details: true, submitted_at: '2025-03-05T11:00:00.000Z', updated_at: '2025-03-05T10:00:00.000Z' };
    set({
      is_approved: true,
      approved_at: '2025-02-10T09:00:00.000Z',
      pending_changes: changes,
      proposed_changes: {
        ...changes,
        basic_info: [
          { field: 'business_name', live: 'Glow Studio', proposed: 'Glow Studio & Spa with a much longer name than before' },
          { field: 'contact_email', live: 'shop@example.com', proposed: 'spa@example.com' },
        ],
        bank: { live: adminDetail(oldest).bank_details, proposed: proposedBank },
      },
    });
    api.on(`POST /admin/vendors/${oldest.id}/approve/`, ok({ ...adminDetail(oldest), kyc_status: 'approved', is_approved: true, business_name: 'Glow Studio & Spa with a much longer name than before' }));
    const { user } = await openAdmin();
    await selectOldest(user);

    const proposed = screen.getByRole('region', { name: 'Proposed changes' });
    expect(proposed).toHaveTextContent('Sent for review 05 Mar 2025');
    const rows = within(within(proposed).getByRole('list', { name: 'Proposed changes' })).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent(/Business name\s*Live now\s*Glow Studio\s*Proposed\s*Glow Studio & Spa with a much longer name than before/);
    expect(rows[1]).toHaveTextContent(/Contact e-mail\s*Live now\s*shop@example.com\s*Proposed\s*spa@example.com/);
    expect(rows[2]).toHaveTextContent(/Bank details\s*Live now.*•••• 6789.*Proposed.*Glow Studio GmbH.*IBAN •••• 3000/s);
    // The rest of the page is the live shop, and says so.
    expect(screen.getByRole('region', { name: 'Business (live)' })).toHaveTextContent('shop@example.com');
    expect(screen.getByRole('region', { name: 'Bank details (live)' })).toHaveTextContent('•••• 6789');

    await user.click(within(screen.getByRole('group', { name: 'Decisions' })).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Glow Studio?' });
    expect(dialog).toHaveTextContent('The proposed changes replace the live details at once, and the owner is notified.');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('The changes to Glow Studio are live. The owner has been notified.')).toBeInTheDocument();
    expect(api.to(`POST /admin/vendors/${oldest.id}/approve/`)).toHaveLength(1);
  });

  it('rejects only with a reason and at least one step to fix, both sent to the vendor', async () => {
    const { api } = operatorApi();
    const { user } = await openAdmin();
    await selectOldest(user);

    await user.click(within(screen.getByRole('group', { name: 'Decisions' })).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Glow Studio?' });
    const steps = within(dialog).getByRole('group', { name: 'Steps the vendor must fix' });
    // Every step of this application is complete, so none is ticked for the operator.
    expect(within(steps).getAllByRole('checkbox').map((box) => (box as HTMLInputElement).checked)).toEqual([false, false, false, false, false]);
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Give the vendor a reason.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason for the vendor'), 'ID');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Give the vendor a reason of at least 5 characters.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one step for the vendor to fix.')).toBeInTheDocument();
    expect(api.to(`POST /admin/vendors/${oldest.id}/reject/`)).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('Reason for the vendor'));

    await user.type(within(dialog).getByLabelText('Reason for the vendor'), 'The ID photo is blurred.');
    await user.click(within(steps).getByRole('checkbox', { name: 'Bank details' }));
    await user.click(within(steps).getByRole('checkbox', { name: 'Documents' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Glow Studio is rejected. The owner has been told why.')).toBeInTheDocument();
    // Sent in the steps' own order, whatever order they were ticked in.
    expect(api.to(`POST /admin/vendors/${oldest.id}/reject/`)[0]?.body).toEqual({ reason: 'The ID photo is blurred.', steps: ['documents', 'bank_details'] });
    expect(screen.getByText('Rejected because: The ID photo is blurred.')).toBeInTheDocument();
    expect(screen.getAllByText('To fix: Documents, Bank details')).toHaveLength(2);
  });

  it('ticks the steps an approved vendor\'s proposed changes touch when rejecting them', async () => {
    const { set } = operatorApi();
    set({
      is_approved: true,
      proposed_changes: {
        fields: ['business_name'],
        bank_details: true,
        submitted_at: '2025-03-09T12:00:00.000Z',
        updated_at: '2025-03-09T12:00:00.000Z',
        basic_info: [{ field: 'business_name', live: 'Glow Studio', proposed: 'Glow Studio & Spa' }],
        bank: null,
      },
    });
    const { user } = await openAdmin();
    await selectOldest(user);
    await user.click(within(screen.getByRole('group', { name: 'Decisions' })).getByRole('button', { name: 'Reject' }));
    const steps = within(await screen.findByRole('dialog', { name: 'Reject Glow Studio?' })).getByRole('group', { name: 'Steps the vendor must fix' });
    const ticked = within(steps).getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked).map((box) => box.getAttribute('value'));
    expect(ticked).toEqual(['basic_info', 'bank_details']);
  });

  it('puts a server\'s refusal of the reason under the field', async () => {
    const { api } = operatorApi();
    api.on(`POST /admin/vendors/${oldest.id}/reject/`, refuse(400, 'VALIDATION', 'Check the reason.', { reason: 'Say what the vendor should fix.' }));
    const { user } = await openAdmin();
    await selectOldest(user);
    await user.click(within(screen.getByRole('group', { name: 'Decisions' })).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Glow Studio?' });
    await user.type(within(dialog).getByLabelText('Reason for the vendor'), 'Not good.');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Documents' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Say what the vendor should fix.')).toBeInTheDocument();
  });

  it('suspends an approved vendor with a reason and lifts the suspension', async () => {
    const { api, set } = operatorApi();
    set({ kyc_status: 'approved', is_approved: true });
    const { user } = await openAdmin(`/admin?status=approved&vendor=${oldest.id}`);
    await screen.findByRole('heading', { level: 2, name: 'Glow Studio' });
    expect(screen.getByRole('tab', { name: 'Approved' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Glow Studio?' });
    await user.type(within(dialog).getByLabelText('Reason for the vendor'), 'Complaints about fake deals.');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Glow Studio is suspended and off the marketplace.')).toBeInTheDocument();
    expect(api.to(`POST /admin/vendors/${oldest.id}/suspend/`)[0]?.body).toEqual({ reason: 'Complaints about fake deals.' });

    await user.click(await screen.findByRole('button', { name: 'Unsuspend' }));
    const lift = await screen.findByRole('dialog', { name: 'Lift the suspension of Glow Studio?' });
    await user.click(within(lift).getByRole('button', { name: 'Unsuspend' }));
    expect(await screen.findByText('Glow Studio is back on the marketplace.')).toBeInTheDocument();
    expect(api.to(`POST /admin/vendors/${oldest.id}/unsuspend/`)[0]?.body).toEqual({ note: '' });
  });

  it('opens a private PDF in a new tab through an authorised request', async () => {
    const { api } = operatorApi();
    const documentId = '90000000-0000-4000-8000-000000000001';
    api.on(`GET /vendor/documents/${documentId}/`, { status: 200, body: '%PDF-1.7' });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/doc');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = await openAdmin();
    await selectOldest(user);

    await user.click(screen.getByRole('button', { name: 'Open passport.pdf' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const request = api.to(`GET /vendor/documents/${documentId}/`)[0];
    expect(request?.headers.Authorization).toBe(`Bearer ${userLogin.access}`);
    expect((createObjectURL.mock.calls[0]?.[0] as Blob).type).toBe('application/pdf');
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.href).toBe('blob:http://localhost/doc');
    expect(link.target).toBe('_blank');
  });

  it('shows an image document in the page and downloads any document under its name', async () => {
    const { api, set } = operatorApi();
    const photo = { id: '90000000-0000-4000-8000-000000000002', kind: 'proof_of_address' as const, file_name: 'bill.png', content_type: 'image/png', bytes: 3000, url: '', uploaded_at: '2025-03-01T09:00:00.000Z' };
    set({ documents: [photo] });
    api.on(`GET /vendor/documents/${photo.id}/`, { status: 200, body: 'PNG' });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/bill');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = await openAdmin();
    await selectOldest(user);

    await user.click(screen.getByRole('button', { name: 'Open bill.png' }));
    const preview = await screen.findByRole('dialog', { name: 'Proof of address: bill.png' });
    expect(within(preview).getByRole('img', { name: 'Proof of address: bill.png' })).toHaveAttribute('src', 'blob:http://localhost/bill');
    await user.click(within(preview).getByRole('button', { name: 'Close' }));
    expect(revoke).toHaveBeenCalledWith('blob:http://localhost/bill');

    await user.click(screen.getByRole('button', { name: 'Download bill.png' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('bill.png');
    expect(api.to(`GET /vendor/documents/${photo.id}/`)).toHaveLength(2);
  });

  it('shows the list, then the application alone on a phone, with a way back', async () => {
    setViewportWidth(390);
    operatorApi();
    const { user } = await openAdmin();
    await selectOldest(user);
    expect(screen.queryByRole('list', { name: 'Vendors' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to the list' }));
    expect(await screen.findByRole('list', { name: 'Vendors' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Glow Studio' })).not.toBeInTheDocument();
  });
});

describe('operator link in the profile menu', () => {
  it('is there for an operator and leads to /admin', async () => {
    operatorApi();
    storeSession(userLogin);
    const app = renderApp('/UserProfile');
    await app.user.click(await screen.findByRole('button', { name: 'Profile menu' }));
    const menu = await screen.findByRole('menu');
    const link = await within(menu).findByRole('menuitem', { name: 'Operator' });
    expect(link).toHaveAttribute('href', '/admin');
  });

  it('is there for an operator in the vendor view too', async () => {
    stubApi({ 'GET /profile/': ok({ ...operatorProfile, id: vendorLogin.user.id }) });
    storeSession(vendorLogin);
    const app = renderApp('/vendor/dashboard');
    await app.user.click(await screen.findByRole('button', { name: 'Profile menu' }));
    expect(await within(await screen.findByRole('menu')).findByRole('menuitem', { name: 'Operator' })).toBeInTheDocument();
  });

  it('is not there for anyone else', async () => {
    stubApi({ 'GET /profile/': ok(userProfile) });
    storeSession(userLogin);
    const app = renderApp('/UserProfile');
    await screen.findByRole('heading', { name: 'Your profile' });
    await app.user.click(await screen.findByRole('button', { name: 'Profile menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'User Profile' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Operator' })).not.toBeInTheDocument();
  });
});
