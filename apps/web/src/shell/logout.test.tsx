import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../api/client.ts';
import { setViewportWidth } from '../test/media.ts';
import { storeSession, userLogin, vendorLogin } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

const fetchStub = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify({ message: 'Logged out.' }), { status: 200 }));
let restore: () => void;

/** The header also fetches /profile/ for its avatar; these tests look at the logout calls only. */
function logoutCalls() {
  return fetchStub.mock.calls.filter(([url]) => String(url) === '/api/logout/');
}

beforeEach(() => {
  fetchStub.mockClear();
  restore = configureApiClient({ baseUrl: '/api', fetch: fetchStub, navigate: vi.fn() });
});
afterEach(() => restore());

describe('logout flow', () => {
  it('asks for confirmation, then clears the session, toasts and lands on / with the public header', async () => {
    storeSession(vendorLogin, { userLocation: '{"city":"New York"}' });
    const app = renderApp('/vendor/dashboard');
    await screen.findByRole('heading', { name: 'Vendor Dashboard' });

    // The signed-in header loads after the first page.
    await app.user.click(await screen.findByRole('button', { name: 'Profile menu' }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm Logout' });
    expect(within(dialog).getByText('Are you sure you want to log out?')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Yes, Logout' }));

    expect(await screen.findByText('Logged out successfully!')).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/'));
    expect(await screen.findByTestId('public-header')).toBeInTheDocument();
    expect(localStorage.length).toBe(0);
    // The revoke call loads the API client first.
    await waitFor(() => expect(logoutCalls()).toHaveLength(1));
    expect(JSON.parse(String(logoutCalls()[0]?.[1]?.body))).toEqual({ refresh: vendorLogin.refresh });
  });

  it('keeps the session when the dialog is cancelled', async () => {
    storeSession(userLogin);
    const app = renderApp('/LocalActivities');
    await screen.findByRole('heading', { name: 'Local Activities' });

    // The signed-in header loads after the first page.
    await app.user.click(await screen.findByRole('button', { name: 'Profile menu' }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await app.user.click(await screen.findByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.pathname()).toBe('/LocalActivities');
    expect(await screen.findByTestId('user-header')).toBeInTheDocument();
    expect(localStorage.getItem('access')).toBe(userLogin.access);
    expect(logoutCalls()).toHaveLength(0);
  });

  it('opens the same dialog from the mobile side menu', async () => {
    setViewportWidth(390);
    storeSession(userLogin);
    const app = renderApp('/LocalActivities');
    await screen.findByRole('heading', { name: 'Local Activities' });

    await app.user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    await app.user.click(within(menu).getByRole('button', { name: 'Logout' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm Logout' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Yes, Logout' }));
    expect(await screen.findByText('Logged out successfully!')).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/'));
  });
});
