import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../session/auth-context.tsx';
import type { AuthValue } from '../session/auth-context.tsx';
import { storeSession, userLogin, vendorLogin } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';
import { RouteGuard } from './route-guard.tsx';

function authValue(overrides: Partial<AuthValue>): AuthValue {
  return {
    isAuthenticated: false,
    loading: false,
    userRole: 'public',
    userData: null,
    canPostDeals: false,
    kycStatus: null,
    vendorIsApproved: false,
    login: vi.fn(() => 'public' as const),
    logout: vi.fn(async () => {}),
    updateAccount: vi.fn(),
    setUserRole: vi.fn(),
    applyVendorStatus: vi.fn(),
    ...overrides,
  };
}

function renderGuard(auth: AuthValue, guard: 'public' | 'auth' | 'protected', roles: ('user' | 'vendor')[]) {
  const router = createMemoryRouter(
    [
      { path: '/page', element: <RouteGuard guard={guard} roles={roles}>secret page</RouteGuard> },
      { path: '*', element: <p>landed elsewhere</p> },
    ],
    { initialEntries: ['/page'] },
  );
  render(
    <AuthContext value={auth}>
      <RouterProvider router={router} />
    </AuthContext>,
  );
  return router;
}

describe('RouteGuard', () => {
  it('renders nothing while the auth state loads', () => {
    const router = renderGuard(authValue({ loading: true }), 'protected', ['vendor']);
    expect(screen.queryByText('secret page')).not.toBeInTheDocument();
    expect(screen.queryByText('landed elsewhere')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/page');
  });

  it('renders its page when access is granted', () => {
    renderGuard(authValue({ isAuthenticated: true, userRole: 'vendor' }), 'protected', ['vendor']);
    expect(screen.getByText('secret page')).toBeInTheDocument();
  });

  it('replaces the location with the redirect target', () => {
    const router = renderGuard(authValue({ isAuthenticated: true, userRole: 'user' }), 'protected', ['vendor']);
    expect(router.state.location.pathname).toBe('/LocalActivities');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByText('landed elsewhere')).toBeInTheDocument();
  });
});

describe('route guards in the app', () => {
  it('sends a visitor to /login from a protected route', async () => {
    const app = renderApp('/vendor/dashboard');
    expect(await screen.findByRole('heading', { name: 'Log in to LocalLoop' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/login');
  });

  it('sends a user from a vendor-only route to /LocalActivities', async () => {
    storeSession(userLogin);
    const app = renderApp('/vendor/dashboard');
    expect(await screen.findByRole('heading', { name: 'Local Activities' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/LocalActivities');
  });

  it('sends a vendor from a user-only route to /vendor/dashboard', async () => {
    storeSession(vendorLogin);
    const app = renderApp('/UserProfile');
    expect(await screen.findByRole('heading', { name: 'Vendor Dashboard' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/vendor/dashboard');
  });

  it('sends a vendor from a "public or user" route to /vendor/dashboard', async () => {
    storeSession(vendorLogin);
    const app = renderApp('/PopularDeals');
    expect(await screen.findByRole('heading', { name: 'Vendor Dashboard' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/vendor/dashboard');
  });

  it('shows a "public or user" route to a visitor', async () => {
    const app = renderApp('/LocalActivities');
    expect(await screen.findByRole('heading', { name: 'Local Activities' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/LocalActivities');
  });

  it('shows deal details to visitors, users and vendors alike', async () => {
    for (const session of [null, userLogin, vendorLogin]) {
      localStorage.clear();
      if (session) storeSession(session);
      const app = renderApp('/DealDetails/1f2e');
      expect(await screen.findByRole('heading', { name: 'Deal Details' })).toBeInTheDocument();
      expect(app.pathname()).toBe('/DealDetails/1f2e');
      app.unmount();
    }
  });

  it('sends a logged-in user away from /login to /LocalActivities', async () => {
    storeSession(userLogin);
    const app = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Local Activities' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/LocalActivities');
  });

  it('sends a logged-in vendor away from an auth route to /vendor/dashboard', async () => {
    storeSession(vendorLogin);
    const app = renderApp('/createAccount');
    expect(await screen.findByRole('heading', { name: 'Vendor Dashboard' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/vendor/dashboard');
  });

  it('lets a vendor or a user open a "vendor or user" route and sends a visitor to /login', async () => {
    storeSession(userLogin);
    const asUser = renderApp('/ContactSupport');
    expect(await screen.findByRole('heading', { name: 'Help & Support' })).toBeInTheDocument();
    asUser.unmount();

    localStorage.clear();
    const asVisitor = renderApp('/ContactSupport');
    expect(await screen.findByRole('heading', { name: 'Log in to LocalLoop' })).toBeInTheDocument();
    expect(asVisitor.pathname()).toBe('/login');
  });
});
