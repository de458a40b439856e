import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../test/api-stub.ts';
import { pendingVendorLogin, storeSession, userLogin, userProfile, vendorLogin } from '../../test/fixtures.ts';
import { setViewportWidth } from '../../test/media.ts';
import { renderApp } from '../../test/render-app.tsx';

type Links = [string, string][];

/** The page's menu once it shows, and the links of one of its sections as [name, href] pairs. */
async function openMainMenu(path = '/MainMenu') {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Main Menu' });
  const menu = screen.getByRole('navigation', { name: 'Main Menu' });
  const linksOf = (section: string): Links =>
    within(within(menu).getByRole('region', { name: section }))
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href') ?? '']);
  return { app, menu, linksOf };
}

describe('the main menu page of a user', () => {
  it('shows the location, a Home entry and the user header\'s groups as sections of links', async () => {
    setViewportWidth(360);
    stubApi();
    storeSession(userLogin);
    const { menu, linksOf } = await openMainMenu();

    const location = screen.getByRole('region', { name: 'Your location' });
    expect(within(location).getByRole('button', { name: /Select Location|Selected Location/ })).toBeInTheDocument();

    expect(within(menu).getAllByRole('link')[0]).toHaveTextContent('Home');
    expect(within(menu).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/LocalActivities');
    expect(within(menu).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Activities',
      'Services',
      'Deals',
      'Vendors',
      'Bookings',
      'Account',
    ]);
    expect(linksOf('Activities')).toEqual([
      ['Browse Activities', '/LocalActivities'],
      ['Create Activity', '/PostActivities'],
      ['My Created Activities', '/MyActivities'],
    ]);
    expect(linksOf('Services')).toEqual([
      ['Browse Services', '/services/browse'],
      ['Favorite Services', '/services/favorite'],
    ]);
    expect(linksOf('Deals')).toEqual([
      ['Browse Deals', '/PopularDeals'],
      ['My Orders', '/mypurchasedeal'],
    ]);
    expect(linksOf('Vendors')).toEqual([
      ['Browse Vendors', '/VendorList'],
      ['Favorite Vendors', '/Favorite'],
    ]);
    expect(linksOf('Bookings')).toEqual([['My Bookings', '/customer/bookings']]);
  });

  it('lists the profile entries under Account, without Scan or a view switch', async () => {
    stubApi();
    storeSession(userLogin);
    const { menu } = await openMainMenu();
    const account = within(menu).getByRole('region', { name: 'Account' });
    expect(within(account).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'User Profile',
      'My Orders',
      'Become a vendor',
      'Help & Support',
      'Notification',
      'Logout',
    ]);
    expect(within(account).getByRole('link', { name: 'User Profile' })).toHaveAttribute('href', '/UserProfile');
    expect(within(account).getByRole('link', { name: 'Help & Support' })).toHaveAttribute('href', '/ContactSupport');
    expect(within(account).queryByRole('button', { name: 'Scan' })).not.toBeInTheDocument();
    expect(within(account).queryByRole('button', { name: /Switch to/ })).not.toBeInTheDocument();
  });

  it('asks to confirm Logout with the spec\'s dialog, and stays signed in on Cancel', async () => {
    stubApi();
    storeSession(userLogin);
    const { app, menu } = await openMainMenu();
    await app.user.click(within(menu).getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Logout' });
    expect(within(dialog).getByText('Are you sure you want to log out?')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Yes, Logout' })).toBeInTheDocument();

    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.pathname()).toBe('/MainMenu');
    expect(localStorage.getItem('access')).toBe(userLogin.access);
  });

  it('logs out from the dialog and lands on the public front page', async () => {
    const api = stubApi({ 'POST /logout/': ok({ message: 'Logged out.' }) });
    storeSession(userLogin);
    const { app, menu } = await openMainMenu();
    await app.user.click(within(menu).getByRole('button', { name: 'Logout' }));
    await app.user.click(within(await screen.findByRole('dialog', { name: 'Confirm Logout' })).getByRole('button', { name: 'Yes, Logout' }));
    await waitFor(() => expect(app.pathname()).toBe('/'));
    expect(await screen.findByTestId('public-header')).toBeInTheDocument();
    await waitFor(() => expect(api.to('POST /logout/')).toHaveLength(1));
  });

  it('opens the notifications panel from Notification', async () => {
    stubApi();
    storeSession(userLogin);
    const { app, menu } = await openMainMenu();
    await app.user.click(within(menu).getByRole('button', { name: 'Notification' }));
    expect(await screen.findByRole('dialog', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('starts the become-a-vendor flow at /BasicInfo', async () => {
    stubApi();
    storeSession(userLogin);
    const { app, menu } = await openMainMenu();
    await app.user.click(within(menu).getByRole('button', { name: 'Become a vendor' }));
    await waitFor(() => expect(app.pathname()).toBe('/BasicInfo'));
  });

  it('marks Become a vendor as Pending for an account awaiting approval', async () => {
    stubApi();
    storeSession(pendingVendorLogin);
    const { menu } = await openMainMenu();
    expect(within(menu).getByRole('button', { name: 'Become a vendor Pending' })).toBeInTheDocument();
    expect(within(menu).queryByRole('button', { name: /Switch to/ })).not.toBeInTheDocument();
  });

  it('offers an approved vendor in the user view Switch to Vendor and the reapply marker', async () => {
    stubApi();
    storeSession(vendorLogin, { userRole: 'user' });
    const { app, menu } = await openMainMenu();
    expect(within(menu).getByRole('button', { name: 'Become a vendor Approved (ReApply)' })).toBeInTheDocument();
    await app.user.click(within(menu).getByRole('button', { name: 'Switch to Vendor' }));
    expect(await screen.findByText('Switched to vendor view')).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/vendor/dashboard'));
  });

  it('gives an operator the Operator entry before Logout', async () => {
    stubApi({ 'GET /profile/': ok({ ...userProfile, is_operator: true }) });
    storeSession(userLogin);
    const { menu } = await openMainMenu();
    const account = within(menu).getByRole('region', { name: 'Account' });
    expect(await within(account).findByRole('link', { name: 'Operator' })).toHaveAttribute('href', '/admin');
    const names = within(account).getAllByRole('listitem').map((item) => item.textContent);
    expect(names.slice(-2)).toEqual(['Operator', 'Logout']);
  });
});

describe('the main menu page of a vendor', () => {
  it('shows an approved vendor the vendor groups with Create Deal, Switch to User and Scan', async () => {
    stubApi();
    storeSession(vendorLogin);
    const { app, menu, linksOf } = await openMainMenu();

    expect(within(menu).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/vendor/dashboard');
    expect(screen.queryByRole('region', { name: 'Your location' })).not.toBeInTheDocument();
    expect(linksOf('Deals')).toEqual([
      ['Create Deal', '/vendor/deal/add'],
      ['My Created Deal', '/MyDeals'],
    ]);
    expect(linksOf('Services')).toEqual([['My Services', '/vendor/services']]);
    expect(linksOf('Providers')).toEqual([
      ['My Providers', '/vendor/providers'],
      ['Add Provider', '/vendor/providers/add'],
    ]);
    expect(linksOf('Appointment')).toEqual([['My Appointments', '/appointments']]);
    expect(linksOf('Account')).toEqual([
      ['Vendor Profile', '/BasicInfo'],
      ['My Sales', '/mySalesDeal'],
      ['Settings', '/Settings'],
      ['Help & Support', '/ContactSupport'],
    ]);

    await app.user.click(within(menu).getByRole('button', { name: 'Scan' }));
    expect(await screen.findByRole('dialog', { name: 'Scan a purchase' })).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Close scanner' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await app.user.click(within(menu).getByRole('button', { name: 'Switch to User' }));
    expect(await screen.findByText('Switched to user view')).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/LocalActivities'));
  });

  it('hides Create Deal and the view switch from a vendor who may not post deals', async () => {
    stubApi();
    storeSession(pendingVendorLogin, { userRole: 'vendor' });
    const { menu, linksOf } = await openMainMenu();
    expect(linksOf('Deals')).toEqual([['My Created Deal', '/MyDeals']]);
    expect(within(menu).queryByRole('button', { name: /Switch to/ })).not.toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Scan' })).toBeInTheDocument();
  });

  it('is matched case-insensitively and sends a visitor to log in', async () => {
    const app = renderApp('/mainmenu');
    expect(await screen.findByRole('heading', { name: 'Log in to LocalLoop' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/login');
  });
});
