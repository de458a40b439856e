import { screen, within } from '@testing-library/react';
import type { PendingChanges, VendorProfile } from '@localloop/contract';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/api-stub.ts';
import { completeProfile, kycApi } from '../../test/kyc-fixtures.ts';
import { storeSession, vendorLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const vendorId = String(vendorLogin.vendor_id);
const draft: PendingChanges = { fields: ['business_name', 'logo'], bank_details: true, submitted_at: null, updated_at: '2025-03-05T10:00:00.000Z' };
const sent: PendingChanges = { ...draft, submitted_at: '2025-03-05T11:00:00.000Z' };

/** An approved vendor's KYC page, its record carrying `pending_changes` (and pending review when they were sent). */
async function openAs(path: string, changes: PendingChanges | null) {
  const profile: VendorProfile = completeProfile({
    id: vendorId,
    is_approved: true,
    kyc_status: changes?.submitted_at ? 'pending' : 'approved',
    pending_changes: changes,
  });
  const kyc = kycApi(profile);
  kyc.api.on(`GET /vendor/status/${vendorId}/`, ok({ is_approved: true, kyc_status: profile.kyc_status, is_suspended: false }));
  storeSession(vendorLogin);
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  return { ...kyc, app };
}

describe('an approved vendor\'s changes that are not live yet', () => {
  it('are named on every KYC page: changes not live until reviewed', async () => {
    for (const path of ['/BasicInfo', '/BankDetails', '/ServiceTime']) {
      const { app } = await openAs(path, draft);
      const notice = await screen.findByRole('region', { name: 'Your changes are not live until reviewed' });
      expect(notice).toHaveTextContent('Customers still see your approved details.');
      const items = within(within(notice).getByRole('list', { name: 'Changed details' })).getAllByRole('listitem');
      expect(items.map((item) => item.textContent)).toEqual(['Business name', 'Logo', 'Bank details']);
      app.unmount();
    }
  });

  it('mark the changed fields of the basic info and the proposed bank account', async () => {
    const basic = await openAs('/BasicInfo', draft);
    expect(await screen.findByLabelText('Business name')).toHaveAccessibleDescription('Changed: not live until approved.');
    expect(screen.getByLabelText('Category')).not.toHaveAccessibleDescription(/not live/);
    expect(screen.getByLabelText('Upload a logo')).toHaveAccessibleDescription(/Changed: not live until approved\./);
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
    basic.app.unmount();

    await openAs('/BankDetails', draft);
    const panel = await screen.findByRole('region', { name: 'Payout account' });
    expect(panel).toHaveTextContent('Changed: not live until approved. Payouts go to your approved account until the marketplace team approves this one.');
    expect(within(panel).getByRole('button', { name: 'Change bank account' })).toBeInTheDocument();
  });

  it('make the basic info and bank details read-only while under review, with the reason, and leave opening hours editable', async () => {
    const basic = await openAs('/BasicInfo', sent);
    expect(await screen.findByText('Your changes are under review')).toBeInTheDocument();
    const notice = screen.getByRole('region', { name: 'Changes waiting for approval' });
    expect(notice).toHaveTextContent('Sent for review 05 Mar 2025');
    expect(notice).toHaveTextContent('Your basic info and bank details are read-only until the marketplace team decides.');
    expect(screen.getByText(/Read-only while the marketplace team reviews your changes\./)).toBeInTheDocument();
    for (const label of ['Business name', 'Category', 'Description', 'Contact e-mail', 'Contact phone']) {
      expect(screen.getByLabelText(label)).toBeDisabled();
    }
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    basic.app.unmount();

    const bank = await openAs('/BankDetails', sent);
    const panel = await screen.findByRole('region', { name: 'Payout account' });
    expect(within(panel).queryByRole('button', { name: 'Change bank account' })).not.toBeInTheDocument();
    expect(panel).toHaveTextContent('Read-only while the marketplace team reviews your changes.');
    expect(within(panel).getByTestId('masked-account-number')).toHaveTextContent('•••• 3000');
    bank.app.unmount();

    await openAs('/ServiceTime', sent);
    expect(await screen.findByRole('button', { name: 'Save opening hours' })).toBeEnabled();
  });
});
