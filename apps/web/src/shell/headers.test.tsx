import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setViewportWidth } from '../test/media.ts';
import { ok, stubApi } from '../test/api-stub.ts';
import { pendingVendorLogin, storeSession, userLogin, userProfile, vendorLogin } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

function hrefOf(container: HTMLElement, name: string): string | null {
  return within(container).getByRole('link', { name }).getAttribute('href');
}

async function openMenu(user: ReturnType<typeof renderApp>['user'], name: string) {
  await user.click(screen.getByRole('button', { name }));
  return screen.findByRole('menu');
}

describe('public header', () => {
  it('shows the spec links and targets to a visitor', async () => {
    renderApp('/');
    const header = await screen.findByTestId('public-header');
    expect(hrefOf(header, 'LocalLoop')).toBe('/home');
    expect(hrefOf(header, 'Browse Activities')).toBe('/LocalActivities');
    expect(hrefOf(header, 'Explore Deals')).toBe('/PopularDeals');
    expect(hrefOf(header, 'Find Vendors')).toBe('/vendor');
    expect(hrefOf(header, 'Sign Up')).toBe('/createAccount');
    expect(hrefOf(header, 'Login')).toBe('/login');
  });

  it('has a skip link to the main area', async () => {
    renderApp('/');
    await screen.findByTestId('public-header');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });

  it('opens a side menu with the same links on a narrow window', async () => {
    setViewportWidth(390);
    const { user } = renderApp('/');
    await screen.findByTestId('public-header');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(hrefOf(menu, 'Browse Activities')).toBe('/LocalActivities');
    expect(hrefOf(menu, 'Explore Deals')).toBe('/PopularDeals');
    expect(hrefOf(menu, 'Find Vendors')).toBe('/vendor');
    expect(hrefOf(menu, 'Sign Up')).toBe('/createAccount');
    expect(hrefOf(menu, 'Login')).toBe('/login');
  });

  it('closes the side menu when a link in it is followed', async () => {
    setViewportWidth(390);
    const app = renderApp('/');
    await screen.findByTestId('public-header');
    await app.user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    await app.user.click(within(menu).getByRole('link', { name: 'Explore Deals' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.pathname()).toBe('/PopularDeals');
  });
});

describe('user header', () => {
  it('shows the user header with its groups and targets', async () => {
    storeSession(userLogin);
    const { user } = renderApp('/LocalActivities');
    const header = await screen.findByTestId('user-header');
    expect(hrefOf(header, 'LocalLoop')).toBe('/LocalActivities');

    const groups: [string, [string, string][]][] = [
      ['Activities', [['Browse Activities', '/LocalActivities'], ['Create Activity', '/PostActivities'], ['My Created Activities', '/MyActivities']]],
      ['Services', [['Browse Services', '/services/browse'], ['Favorite Services', '/services/favorite']]],
      ['Deals', [['Browse Deals', '/PopularDeals'], ['My Orders', '/mypurchasedeal']]],
      ['Vendors', [['Browse Vendors', '/VendorList'], ['Favorite Vendors', '/Favorite']]],
      ['Bookings', [['My Bookings', '/customer/bookings']]],
    ];
    for (const [group, items] of groups) {
      const menu = await openMenu(user, group);
      const links = within(menu).getAllByRole('menuitem');
      expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(items);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    }
  });

  it('has the spec profile menu, whose Notification entry opens the panel', async () => {
    stubApi();
    storeSession(userLogin);
    const { user } = renderApp('/LocalActivities');
    await screen.findByTestId('user-header');
    const menu = await openMenu(user, 'Profile menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'User Profile',
      'My Orders',
      'Become a vendor',
      'Help & Support',
      'Notification',
      'Logout',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'User Profile' })).toHaveAttribute('href', '/UserProfile');
    expect(within(menu).getByRole('menuitem', { name: 'My Orders' })).toHaveAttribute('href', '/mypurchasedeal');
    expect(within(menu).getByRole('menuitem', { name: 'Help & Support' })).toHaveAttribute('href', '/ContactSupport');
    await user.click(within(menu).getByRole('menuitem', { name: 'Notification' }));
    expect(await screen.findByRole('dialog', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('lets the menus be used from the keyboard', async () => {
    storeSession(userLogin);
    const app = renderApp('/LocalActivities');
    await screen.findByTestId('user-header');
    screen.getByRole('button', { name: 'Deals' }).focus();
    await app.user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Browse Deals' })).toHaveAttribute('data-focus'));
    await app.user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(app.pathname()).toBe('/mypurchasedeal'));
  });

  it('shows the profile photo thumbnail on the profile menu button, else the initial', async () => {
    stubApi({ 'GET /profile/': ok({ ...userProfile, profile_image: '/media/a.webp', profile_thumbnail: '/media/a-400.webp' }) });
    storeSession(userLogin);
    const app = renderApp('/LocalActivities');
    const button = await screen.findByRole('button', { name: 'Profile menu' });
    await waitFor(() => expect(within(button).getByTestId('header-avatar')).toHaveAttribute('src', '/media/a-400.webp'));
    app.unmount();

    stubApi({ 'GET /profile/': ok(userProfile) });
    renderApp('/LocalActivities');
    const plain = await screen.findByRole('button', { name: 'Profile menu' });
    await waitFor(() => expect(plain).toHaveTextContent('U'));
    expect(within(plain).queryByTestId('header-avatar')).not.toBeInTheDocument();
  });

  it('starts the become-a-vendor flow at /BasicInfo when phone number and email are stored', async () => {
    storeSession(userLogin);
    const app = renderApp('/LocalActivities');
    await screen.findByTestId('user-header');
    const menu = await openMenu(app.user, 'Profile menu');
    await app.user.click(within(menu).getByRole('menuitem', { name: 'Become a vendor' }));
    await waitFor(() => expect(app.pathname()).toBe('/BasicInfo'));
  });

  it('asks for a complete profile first when the phone number is missing, and stays put', async () => {
    storeSession({ ...userLogin, user: { ...userLogin.user, phone_number: null } });
    const app = renderApp('/LocalActivities');
    await screen.findByTestId('user-header');
    const menu = await openMenu(app.user, 'Profile menu');
    await app.user.click(within(menu).getByRole('menuitem', { name: 'Become a vendor' }));
    expect(await screen.findByText('Please update your user profile first, and then complete KYC.')).toBeInTheDocument();
    expect(app.pathname()).toBe('/LocalActivities');
  });

  it('marks Become a vendor as Pending for a vendor awaiting approval', async () => {
    storeSession(pendingVendorLogin);
    const { user } = renderApp('/LocalActivities');
    await screen.findByTestId('user-header');
    const menu = await openMenu(user, 'Profile menu');
    expect(within(menu).getByRole('menuitem', { name: 'Become a vendor Pending' })).toBeInTheDocument();
    expect(screen.queryByTestId('view-toggle')).not.toBeInTheDocument();
  });

  it('starts the side menu with a Home entry on a narrow window', async () => {
    setViewportWidth(390);
    storeSession(userLogin);
    const { user } = renderApp('/LocalActivities');
    await screen.findByTestId('user-header');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    const links = within(menu).getAllByRole('link');
    // The logo comes first, then the Home entry.
    expect(links[1]).toHaveTextContent('Home');
    expect(links[1]).toHaveAttribute('href', '/LocalActivities');
    expect(hrefOf(menu, 'Create Activity')).toBe('/PostActivities');
    expect(hrefOf(menu, 'My Bookings')).toBe('/customer/bookings');
    expect(within(menu).queryByRole('button', { name: /Switch to/ })).not.toBeInTheDocument();
  });

  it('keeps the side menu up to 1280 px, where the full bar would not fit, and closes it when the window grows past', async () => {
    setViewportWidth(1100);
    storeSession(vendorLogin);
    const { user } = renderApp('/vendor/dashboard');
    await screen.findByTestId('vendor-header');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('button', { name: 'Switch to User' })).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    act(() => setViewportWidth(1280));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
  });
});

describe('vendor header', () => {
  it('shows the vendor header with its groups, targets and Create Deal for an approved vendor', async () => {
    storeSession(vendorLogin);
    const { user } = renderApp('/vendor/dashboard');
    const header = await screen.findByTestId('vendor-header');
    expect(hrefOf(header, 'LocalLoop')).toBe('/vendor/dashboard');

    const groups: [string, [string, string][]][] = [
      ['Deals', [['Create Deal', '/vendor/deal/add'], ['My Created Deal', '/MyDeals']]],
      ['Services', [['My Services', '/vendor/services']]],
      ['Providers', [['My Providers', '/vendor/providers'], ['Add Provider', '/vendor/providers/add']]],
      ['Appointment', [['My Appointments', '/appointments']]],
    ];
    for (const [group, items] of groups) {
      const menu = await openMenu(user, group);
      const links = within(menu).getAllByRole('menuitem');
      expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(items);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    }
  });

  it('has the spec profile menu', async () => {
    storeSession(vendorLogin);
    const { user } = renderApp('/vendor/dashboard');
    await screen.findByTestId('vendor-header');
    const menu = await openMenu(user, 'Profile menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['Vendor Profile', '/BasicInfo'],
      ['My Sales', '/mySalesDeal'],
      ['Settings', '/Settings'],
      ['Help & Support', '/ContactSupport'],
      ['Notification', null],
      ['Logout', null],
    ]);
  });

  it('opens the QR scanner dialog from the Scan button, and from the side menu on a narrow window', async () => {
    storeSession(vendorLogin);
    const { user } = renderApp('/vendor/dashboard');
    const header = await screen.findByTestId('vendor-header');
    await user.click(within(header).getByRole('button', { name: 'Scan' }));
    expect(await screen.findByRole('dialog', { name: 'Scan a purchase' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close scanner' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    act(() => setViewportWidth(390));
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(menu).getByRole('button', { name: 'Scan' }));
    expect(await screen.findByRole('dialog', { name: 'Scan a purchase' })).toBeInTheDocument();
  });

  it('shows no Scan to a user', async () => {
    storeSession(userLogin);
    renderApp('/LocalActivities');
    const header = await screen.findByTestId('user-header');
    expect(within(header).queryByRole('button', { name: 'Scan' })).not.toBeInTheDocument();
  });

  it('hides Create Deal from a vendor who may not post deals', async () => {
    // A stored vendor view for an account that is not approved: the header shows, Create Deal does not.
    storeSession(pendingVendorLogin, { userRole: 'vendor' });
    const { user } = renderApp('/vendor/dashboard');
    await screen.findByTestId('vendor-header');
    const menu = await openMenu(user, 'Deals');
    expect(within(menu).queryByRole('menuitem', { name: 'Create Deal' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'My Created Deal' })).toBeInTheDocument();
    expect(screen.queryByTestId('view-toggle')).not.toBeInTheDocument();
  });

  it('switches an approved vendor to the user view and back with the toggle', async () => {
    storeSession(vendorLogin);
    const app = renderApp('/vendor/dashboard');
    await screen.findByTestId('vendor-header');

    await app.user.click(screen.getByRole('button', { name: 'User' }));
    expect(await screen.findByText('Switched to user view')).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/LocalActivities'));
    expect(await screen.findByTestId('user-header')).toBeInTheDocument();
    expect(localStorage.getItem('userRole')).toBe('user');

    // The user header of an approved vendor keeps the toggle, and marks the reapply option.
    await app.user.click(screen.getByRole('button', { name: 'Vendor' }));
    expect(await screen.findByText('Switched to vendor view')).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/vendor/dashboard'));
    expect(await screen.findByTestId('vendor-header')).toBeInTheDocument();
    expect(localStorage.getItem('userRole')).toBe('vendor');
  });

  it('marks Become a vendor as Approved (ReApply) for an approved vendor in the user view', async () => {
    storeSession(vendorLogin, { userRole: 'user' });
    const { user } = renderApp('/LocalActivities');
    await screen.findByTestId('user-header');
    const menu = await openMenu(user, 'Profile menu');
    expect(within(menu).getByRole('menuitem', { name: 'Become a vendor Approved (ReApply)' })).toBeInTheDocument();
  });

  it('offers Switch to User in the side menu on a narrow window', async () => {
    setViewportWidth(390);
    storeSession(vendorLogin);
    const app = renderApp('/vendor/dashboard');
    await screen.findByTestId('vendor-header');
    await app.user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(hrefOf(menu, 'Create Deal')).toBe('/vendor/deal/add');
    await app.user.click(within(menu).getByRole('button', { name: 'Switch to User' }));
    expect(await screen.findByText('Switched to user view')).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/LocalActivities'));

    await app.user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const userMenu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(userMenu).getByRole('button', { name: 'Switch to Vendor' })).toBeInTheDocument();
  });
});
