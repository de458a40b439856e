import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, refuse } from '../../test/api-stub.ts';
import { completeProfile, kycApi, newVendorId, pendingProfile, vendorProfile } from '../../test/kyc-fixtures.ts';
import { pendingVendorLogin, storeSession, userLogin, vendorLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const pendingId = String(pendingVendorLogin.vendor_id);

describe('submit for review', () => {
  it('sends a complete application for review, says what happens next on its own screen (no toast), then shows it under review', async () => {
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

    // The page gives way to the confirmation, which takes the focus like a new page.
    const heading = await screen.findByRole('heading', { level: 1, name: 'Application submitted' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(kyc.api.to('POST /vendor/me/submit/')).toHaveLength(1);
    const screenRegion = screen.getByRole('region', { name: 'Application submitted' });
    expect(screenRegion).toHaveTextContent('Thanks, Una Bakes is now waiting for review.');
    const next = within(screenRegion).getAllByRole('listitem').map((item) => item.textContent);
    expect(next).toEqual([
      expect.stringContaining('The marketplace team checks your application'),
      expect.stringContaining('We let you know'),
      expect.stringContaining('Your shop goes live'),
    ]);
    expect(within(screenRegion).getByRole('link', { name: 'Explore LocalLoop meanwhile' })).toHaveAttribute('href', '/LocalActivities');
    // One action, no toast of its own: the server's notification is the one.
    expect(document.querySelectorAll('.Toastify__toast')).toHaveLength(0);
    expect(screen.queryByRole('navigation', { name: 'Vendor sign-up steps' })).not.toBeInTheDocument();
    await waitFor(() => expect(kyc.api.to(`GET /vendor/status/${pendingId}/`)).toHaveLength(2));
    expect(JSON.parse(localStorage.getItem('userData') ?? '{}')).toMatchObject({ kyc_status: 'pending' });

    await app.user.click(within(screenRegion).getByRole('button', { name: 'Back to your application' }));
    expect(await screen.findByText('Your application is under review')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Submit for review' })).not.toBeInTheDocument();
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

  it('shows a rejection with the operator\'s reason and the steps it asks to fix, and each step the server says is missing on resubmission', async () => {
    const kyc = kycApi(
      completeProfile({ kyc_status: 'rejected', rejection_reason: 'The identity document is blurred. Please upload a sharper scan.', rejection_steps: ['documents', 'addresses'] }),
    );
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
    const toFix = within(banner).getByRole('list', { name: 'Steps to fix' });
    expect(within(toFix).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Documents', '/VendorDocument'],
      ['Addresses', '/AddAddress'],
    ]);
    // The stepper marks the same steps, in words for a screen reader too.
    const stepper = screen.getByRole('navigation', { name: 'Vendor sign-up steps' });
    expect(within(stepper).getByRole('link', { name: 'Documents, step 2 of 5, needs changes' })).toBeInTheDocument();
    expect(within(stepper).getByRole('link', { name: 'Addresses, step 5 of 5, needs changes' })).toBeInTheDocument();
    expect(within(stepper).getByRole('link', { name: 'Bank details, step 3 of 5, complete' })).toBeInTheDocument();
    expect(within(stepper).getByTestId('fix-documents')).toHaveTextContent('Fix this');
    // The resubmit checklist points there too.
    expect(within(screen.getByRole('region', { name: 'Resubmit for review' })).getByRole('link', { name: 'Asked to fix: review documents' })).toHaveAttribute('href', '/VendorDocument');

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
    const sent = await screen.findByRole('region', { name: 'Your changes were sent for review' });
    expect(sent).toHaveTextContent('Your shop stays live with its approved details meanwhile.');
    expect(within(sent).getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/vendor/dashboard');
    await app.user.click(within(sent).getByRole('button', { name: 'Back to your vendor profile' }));
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
