import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../test/api-stub.ts';
import { pendingVendorLogin, storeSession, userLogin, vendorLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const statusOf = (vendorId: string | null) => `GET /vendor/status/${vendorId ?? ''}/`;
const storedUserData = () => JSON.parse(localStorage.getItem('userData') ?? '{}') as Record<string, unknown>;

describe('vendor status fetch', () => {
  it('makes a vendor whose approval arrived since login a vendor: header, view toggle, Create Deal', async () => {
    const api = stubApi({ [statusOf(pendingVendorLogin.vendor_id)]: ok({ is_approved: true, kyc_status: 'approved', is_suspended: false }) });
    storeSession(pendingVendorLogin);
    const app = renderApp('/Settings');

    expect(await screen.findByTestId('vendor-header')).toBeInTheDocument();
    expect(api.to(statusOf(pendingVendorLogin.vendor_id))).toHaveLength(1);
    expect(api.to(statusOf(pendingVendorLogin.vendor_id))[0]?.headers.Authorization).toBe(`Bearer ${pendingVendorLogin.access}`);
    expect(screen.getByTestId('view-toggle')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Deals' }));
    expect(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Create Deal' })).toBeInTheDocument();
    // Stored, so a reload starts as a vendor at once.
    expect(storedUserData()).toMatchObject({ is_approved: true, kyc_status: 'approved' });
  });

  it('keeps a vendor that is not approved a user, with its KYC status', async () => {
    const api = stubApi({ [statusOf(pendingVendorLogin.vendor_id)]: ok({ is_approved: false, kyc_status: 'rejected', is_suspended: false }) });
    storeSession(pendingVendorLogin);
    const app = renderApp('/Settings');
    await waitFor(() => expect(api.to(statusOf(pendingVendorLogin.vendor_id))).toHaveLength(1));
    await waitFor(() => expect(storedUserData()).toMatchObject({ is_approved: false, kyc_status: 'rejected' }));
    expect(await screen.findByTestId('user-header')).toBeInTheDocument();
    expect(screen.queryByTestId('view-toggle')).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Profile menu' }));
    expect(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Become a vendor Pending' })).toBeInTheDocument();
  });

  it('takes Create Deal and the vendor view from a vendor that is no longer approved', async () => {
    stubApi({ [statusOf(vendorLogin.vendor_id)]: ok({ is_approved: false, kyc_status: 'approved', is_suspended: true }) });
    storeSession(vendorLogin);
    const app = renderApp('/Settings');
    expect(await screen.findByTestId('user-header')).toBeInTheDocument();
    expect(screen.queryByTestId('view-toggle')).not.toBeInTheDocument();
    expect(app.pathname()).toBe('/Settings');
  });

  it('asks nothing when no vendor_id is stored', async () => {
    const api = stubApi();
    storeSession(userLogin);
    renderApp('/Settings');
    await screen.findByTestId('user-header');
    // The unread dot's list is asked for on the same first render that would ask for the status.
    await waitFor(() => expect(api.to('GET /notifications/')).not.toHaveLength(0));
    expect(api.requests.filter((r) => r.path.startsWith('/vendor/status/'))).toHaveLength(0);
  });
});
