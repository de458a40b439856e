import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../api/client.ts';
import { pendingVendorLogin, storeSession, userLogin, vendorLogin } from '../test/fixtures.ts';
import { AuthProvider, useAccountId, useAuth } from './auth-context.tsx';

const fetchStub = vi.fn(async () => new Response(JSON.stringify({ message: 'Logged out.' }), { status: 200 }));
let restore: () => void;

beforeEach(() => {
  fetchStub.mockClear();
  restore = configureApiClient({ baseUrl: '/api', fetch: fetchStub, navigate: vi.fn() });
});
afterEach(() => restore());

function wrapper({ children }: { children: ReactNode }) {
  return (
    <MemoryRouter initialEntries={['/somewhere']}>
      <AuthProvider>{children}</AuthProvider>
    </MemoryRouter>
  );
}

function renderAuth() {
  return renderHook(() => ({ auth: useAuth(), location: useLocation() }), { wrapper });
}

describe('auth start-up', () => {
  it('is authenticated with the derived role when access and userData are stored and parse', async () => {
    storeSession(vendorLogin);
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.auth.loading).toBe(false));
    expect(result.current.auth).toMatchObject({
      isAuthenticated: true,
      userRole: 'vendor',
      canPostDeals: true,
      kycStatus: 'approved',
      vendorIsApproved: true,
    });
  });

  it('lets a stored userRole override the derived role', async () => {
    storeSession(vendorLogin, { userRole: 'user' });
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.auth.loading).toBe(false));
    expect(result.current.auth.userRole).toBe('user');
    expect(result.current.auth.vendorIsApproved).toBe(true);
  });

  it('starts a pending vendor as a user that cannot post deals, with its KYC status', async () => {
    storeSession(pendingVendorLogin);
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.auth.loading).toBe(false));
    expect(result.current.auth).toMatchObject({ userRole: 'user', canPostDeals: false, kycStatus: 'pending', vendorIsApproved: false });
  });

  it('is public when nothing is stored', async () => {
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.auth.loading).toBe(false));
    expect(result.current.auth).toMatchObject({ isAuthenticated: false, userRole: 'public', kycStatus: null });
  });

  it('is public when only one of access and userData is stored', async () => {
    localStorage.setItem('access', 'a');
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.auth.loading).toBe(false));
    expect(result.current.auth.isAuthenticated).toBe(false);
  });

  it('logs out fully, clearing storage, when the stored userData does not parse', async () => {
    localStorage.setItem('access', 'a');
    localStorage.setItem('refresh', 'r');
    localStorage.setItem('userData', '{broken');
    localStorage.setItem('userLocation', '{"city":"New York"}');
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.auth.loading).toBe(false));
    expect(result.current.auth.isAuthenticated).toBe(false);
    expect(result.current.auth.userRole).toBe('public');
    expect(localStorage.length).toBe(0);
  });
});

describe('login', () => {
  it('stores the session keys and becomes authenticated with the derived role', async () => {
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.auth.loading).toBe(false));
    let role: string | undefined;
    act(() => {
      role = result.current.auth.login(vendorLogin);
    });
    expect(role).toBe('vendor');
    expect(result.current.auth).toMatchObject({ isAuthenticated: true, userRole: 'vendor', canPostDeals: true });
    expect(localStorage.getItem('access')).toBe('access-vendor');
    expect(localStorage.getItem('refresh')).toBe('refresh-vendor');
    expect(JSON.parse(localStorage.getItem('userData') ?? 'null')).toEqual(vendorLogin);
    expect(localStorage.getItem('phone_number')).toBe('+15550000002');
    expect(localStorage.getItem('email')).toBe('vendor@example.com');
    expect(localStorage.getItem('vendor_id')).toBe(vendorLogin.vendor_id);
  });

  it('does not carry a view role left behind by an earlier session into a new login', async () => {
    localStorage.setItem('userRole', 'user');
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.auth.loading).toBe(false));
    act(() => {
      result.current.auth.login(vendorLogin);
    });
    expect(result.current.auth.userRole).toBe('vendor');
  });

  it('acts as a logout when the response has no access token', async () => {
    storeSession(userLogin);
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.auth.isAuthenticated).toBe(true));
    act(() => {
      result.current.auth.login({ ...userLogin, access: '' });
    });
    await waitFor(() => expect(result.current.location.pathname).toBe('/'));
    expect(result.current.auth.isAuthenticated).toBe(false);
    expect(localStorage.getItem('access')).toBeNull();
    await waitFor(() => expect(fetchStub).toHaveBeenCalledWith('/api/logout/', expect.anything()));
  });
});

describe('logout', () => {
  it('revokes the session on the server, clears all storage, resets the state and goes to /', async () => {
    storeSession(vendorLogin, { userLocation: '{"city":"New York"}', username: 'vee' });
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.auth.isAuthenticated).toBe(true));

    await act(async () => {
      await result.current.auth.logout();
    });

    expect(fetchStub).toHaveBeenCalledTimes(1);
    const [url, init] = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/logout/');
    expect(JSON.parse(String(init.body))).toEqual({ refresh: 'refresh-vendor' });
    expect(localStorage.length).toBe(0);
    expect(result.current.auth).toMatchObject({
      isAuthenticated: false,
      userRole: 'public',
      canPostDeals: false,
      kycStatus: null,
      vendorIsApproved: false,
    });
    expect(result.current.location.pathname).toBe('/');
  });

  it('still logs out when the server cannot be reached', async () => {
    fetchStub.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    storeSession(userLogin);
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.auth.isAuthenticated).toBe(true));
    await act(async () => {
      await result.current.auth.logout();
    });
    expect(result.current.auth.isAuthenticated).toBe(false);
    expect(localStorage.length).toBe(0);
  });
});

describe('logout after the server ended every session', () => {
  it('revokes nothing on the server and still clears this device', async () => {
    storeSession(userLogin);
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.auth.isAuthenticated).toBe(true));
    await act(async () => {
      await result.current.auth.logout({ message: 'Your account has been deleted.', revoke: false });
    });
    expect(fetchStub).not.toHaveBeenCalled();
    expect(localStorage.length).toBe(0);
    expect(result.current.auth.isAuthenticated).toBe(false);
    expect(result.current.location.pathname).toBe('/');
  });
});

describe('updateAccount', () => {
  it('stores the changed e-mail, phone and username and updates the user in the auth state', async () => {
    storeSession(userLogin);
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.auth.isAuthenticated).toBe(true));
    act(() => result.current.auth.updateAccount({ email: 'new@example.com', phone_number: '+15559990000', username: 'newbie' }));
    expect(result.current.auth.userData?.user).toMatchObject({ email: 'new@example.com', phone_number: '+15559990000' });
    expect(localStorage.getItem('email')).toBe('new@example.com');
    expect(localStorage.getItem('phone_number')).toBe('+15559990000');
    expect(localStorage.getItem('username')).toBe('newbie');
    expect(result.current.auth.userRole).toBe('user');
  });
});

describe('view switch and vendor status', () => {
  it('stores the chosen view as userRole and switches the role', async () => {
    storeSession(vendorLogin);
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.auth.userRole).toBe('vendor'));
    act(() => result.current.auth.setUserRole('user'));
    expect(result.current.auth.userRole).toBe('user');
    expect(localStorage.getItem('userRole')).toBe('user');
  });

  it('recomputes role, KYC status and deal posting when a vendor is approved', async () => {
    storeSession(pendingVendorLogin);
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.auth.userRole).toBe('user'));
    act(() => result.current.auth.applyVendorStatus({ is_approved: true, kyc_status: 'approved' }));
    expect(result.current.auth).toMatchObject({ userRole: 'vendor', canPostDeals: true, kycStatus: 'approved', vendorIsApproved: true });
  });

  it('keeps an approved vendor in the user view it chose when the status is fetched again', async () => {
    storeSession(vendorLogin, { userRole: 'user' });
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.auth.userRole).toBe('user'));
    act(() => result.current.auth.applyVendorStatus({ is_approved: true, kyc_status: 'approved' }));
    expect(result.current.auth.userRole).toBe('user');
  });

  it('makes a vendor whose approval was withdrawn a user that cannot post deals', async () => {
    storeSession(vendorLogin, { userRole: 'vendor' });
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.auth.userRole).toBe('vendor'));
    act(() => result.current.auth.applyVendorStatus({ is_approved: false, kyc_status: 'rejected' }));
    expect(result.current.auth).toMatchObject({ userRole: 'user', canPostDeals: false, kycStatus: 'rejected', vendorIsApproved: false });
  });
});

describe('useAccountId', () => {
  it("is the signed-in account's id, and '' once it has logged out", async () => {
    storeSession(userLogin);
    const { result } = renderHook(() => ({ accountId: useAccountId(), auth: useAuth() }), { wrapper });
    expect(result.current.accountId).toBe(userLogin.user.id);

    await act(async () => {
      await result.current.auth.logout();
    });
    expect(result.current.accountId).toBe('');
  });
});
