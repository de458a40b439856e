import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, refuse } from '../../test/api-stub.ts';
import { completeProfile, kycApi, newVendorId, pendingProfile, vendorProfile } from '../../test/kyc-fixtures.ts';
import { pendingVendorLogin, storeSession, userLogin, vendorLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const pendingId = String(pendingVendorLogin.vendor_id);

describe('submit for review', () => {
  it('sends a complete application for review, then shows it under review and fetches the status again', async () => {
    const kyc = kycApi(pendingProfile({ kyc_status: 'not_submitted' }));
    let status = { is_approved: false, kyc_status: 'not_submitted', is_suspended: false };
    kyc.api.on(`GET /vendor/status/${pendingId}/`, () => ok(status));
    kyc.api.on('POST /vendor/me/submit/', () => {
      const profile = pendingProfile({ kyc_status: 'pending', submitted_at: '2025-03-03T10:00:00.000Z' });
      kyc.set(profile);
      status = { ...status, kyc_status: 'pending' };
      return ok(profile);
    });
    storeSession({ ...pendingVendorLogin, kyc_status: 'not_submitted' });
    const app = renderApp('/AddAddress');

    expect(await screen.findByText('Not submitted yet')).toBeInTheDocument();
    const panel = await screen.findByRole('region', { name: 'Submit for review' });
    expect(within(panel).queryByText('Finish every step to submit.')).not.toBeInTheDocument();
    await waitFor(() => expect(kyc.api.to(`GET /vendor/status/${pendingId}/`)).toHaveLength(1));
    await app.user.click(within(panel).getByRole('button', { name: 'Submit for review' }));

    expect(await screen.findByText('Your application was sent for review. We will let you know when it has been checked.')).toBeInTheDocument();
    expect(kyc.api.to('POST /vendor/me/submit/')).toHaveLength(1);
    expect(await screen.findByText('Your application is under review')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Submit for review' })).not.toBeInTheDocument();
    // The focus (and the view) moves to the new status, since the button it was on is gone.
    await waitFor(() => expect(screen.getByTestId('kyc-status')).toHaveFocus());
    await waitFor(() => expect(kyc.api.to(`GET /vendor/status/${pendingId}/`)).toHaveLength(2));
    expect(JSON.parse(localStorage.getItem('userData') ?? '{}')).toMatchObject({ kyc_status: 'pending' });
  });

  it('offers the submit panel on every step once all are complete, and keeps it off while one is missing', async () => {
    kycApi(completeProfile());
    storeSession(userLogin, { vendor_id: newVendorId });
    const app = renderApp('/BasicInfo');
    expect(await screen.findByRole('region', { name: 'Submit for review' })).toBeInTheDocument();
    app.unmount();

    kycApi(vendorProfile());
    storeSession(userLogin, { vendor_id: newVendorId });
    renderApp('/BasicInfo');
    await screen.findByLabelText('Business name');
    expect(screen.queryByRole('region', { name: 'Submit for review' })).not.toBeInTheDocument();
  });

  it('on the last step, lists what is missing with links and keeps the button off', async () => {
    kycApi(vendorProfile({ steps: { basic_info: true, documents: false, bank_details: true, service_time: true, addresses: false } }));
    storeSession(userLogin, { vendor_id: newVendorId });
    renderApp('/AddAddress');
    const panel = await screen.findByRole('region', { name: 'Submit for review' });
    expect(within(panel).getByRole('link', { name: 'Finish documents' })).toHaveAttribute('href', '/VendorDocument');
    expect(within(panel).getByRole('link', { name: 'Finish addresses' })).toHaveAttribute('href', '/AddAddress');
    expect(within(panel).getByRole('button', { name: 'Submit for review' })).toBeDisabled();
  });

  it('shows a rejection with the operator\'s reason, and each step the server says is missing on resubmission', async () => {
    const kyc = kycApi(completeProfile({ kyc_status: 'rejected', rejection_reason: 'The identity document is blurred. Please upload a sharper scan.' }));
    kyc.api.on(
      'POST /vendor/me/submit/',
      refuse(400, 'KYC_INCOMPLETE', 'Complete every step before you submit: Documents.', { documents: 'Upload at least one identity document.' }),
    );
    storeSession(userLogin, { vendor_id: newVendorId });
    const app = renderApp('/VendorDocument');

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Your application was not approved');
    expect(within(banner).getByTestId('rejection-reason')).toHaveTextContent('The identity document is blurred. Please upload a sharper scan.');
    expect(banner).toHaveTextContent('Fix what is asked in the steps below, then resubmit for review.');

    const panel = screen.getByRole('region', { name: 'Resubmit for review' });
    await app.user.click(within(panel).getByRole('button', { name: 'Resubmit for review' }));
    expect(await within(panel).findByText('Upload at least one identity document.')).toBeInTheDocument();
    expect(within(panel).getByRole('alert')).toHaveTextContent('Complete every step before you submit: Documents.');
    expect(within(panel).getByRole('link', { name: 'Finish documents' })).toBeInTheDocument();
  });

  it('lets an approved vendor send its changes, named in the panel, while the shop stays live', async () => {
    const vendorId = String(vendorLogin.vendor_id);
    const changes = { fields: ['business_name' as const, 'contact_phone' as const], bank_details: true, submitted_at: null, updated_at: '2025-03-05T10:00:00.000Z' };
    const approved = completeProfile({ id: vendorId, kyc_status: 'approved', is_approved: true, pending_changes: changes });
    const kyc = kycApi(approved);
    kyc.api.on(`GET /vendor/status/${vendorId}/`, ok({ is_approved: true, kyc_status: 'approved', is_suspended: false }));
    kyc.api.on('POST /vendor/me/submit/', () => {
      const sent = { ...approved, kyc_status: 'pending' as const, pending_changes: { ...changes, submitted_at: '2025-03-05T11:00:00.000Z' } };
      kyc.set(sent);
      return ok(sent);
    });
    storeSession(vendorLogin);
    const app = renderApp('/AddAddress');

    const panel = await screen.findByRole('region', { name: 'Send your changes for review' });
    expect(panel).toHaveTextContent('Your shop stays live with its approved details until the marketplace team approves these changes.');
    const items = within(within(panel).getByRole('list', { name: 'Changes to be reviewed' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Business name', 'Contact phone', 'Bank details']);
    // Every step was done long ago: the checklist stays out of the way.
    expect(within(panel).queryByRole('list', { name: 'Steps' })).not.toBeInTheDocument();
    await app.user.click(within(panel).getByRole('button', { name: 'Send changes for review' }));
    expect(await screen.findByText('Your changes were sent for review. Your shop stays live meanwhile.')).toBeInTheDocument();
    expect(await screen.findByText('Your changes are under review')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Changes waiting for approval' })).toHaveTextContent('Business name');
    expect(screen.queryByRole('region', { name: 'Send your changes for review' })).not.toBeInTheDocument();
    // Still a vendor, still allowed to post deals.
    expect(await screen.findByTestId('vendor-header')).toBeInTheDocument();
  });

  it('offers an approved vendor nothing to send while its details are the live ones', async () => {
    const vendorId = String(vendorLogin.vendor_id);
    const kyc = kycApi(completeProfile({ id: vendorId, kyc_status: 'approved', is_approved: true, pending_changes: null }));
    kyc.api.on(`GET /vendor/status/${vendorId}/`, ok({ is_approved: true, kyc_status: 'approved', is_suspended: false }));
    storeSession(vendorLogin);
    renderApp('/AddAddress');
    expect(await screen.findByText('Approved: your shop is live')).toBeInTheDocument();
    await screen.findByRole('heading', { level: 1, name: 'Addresses' });
    expect(screen.queryByRole('button', { name: 'Send changes for review' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Send your changes for review' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('pending-changes')).not.toBeInTheDocument();
  });
});
