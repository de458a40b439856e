import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/api-stub.ts';
import { pendingVendorLogin, storeSession, userLogin, vendorLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

type Links = [string, string][];

async function openFeatures(path: string, heading: string) {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: heading });
  const main = screen.getByRole('main');
  /** The hero's calls to action (the links before the first section), as [name, href]. */
  const callsToAction = (): Links => {
    const firstSection = within(main).getByRole('region', { name: 'What you can do' });
    return within(main)
      .getAllByRole('link')
      .filter((link) => firstSection.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_PRECEDING)
      .map((link) => [link.textContent, link.getAttribute('href') ?? '']);
  };
  const itemsOf = (region: string) =>
    within(within(main).getByRole('region', { name: region }))
      .getAllByRole('listitem')
      .map((item) => within(item).getByRole('heading', { level: 3 }).textContent);
  return { app, main, callsToAction, itemsOf };
}

const otherProducts = (main: HTMLElement) =>
  within(within(main).getByRole('region', { name: 'More of LocalLoop' }))
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

describe('the product features pages, for a user', () => {
  it('explains Activities and invites a user to browse, create and see their activities', async () => {
    stubApi();
    storeSession(userLogin);
    const { main, callsToAction, itemsOf } = await openFeatures('/ActivitiesFeatures', 'Activities Features');
    expect(within(main).getByText('Find something to do nearby, or start it yourself and meet the people who come.')).toBeInTheDocument();
    expect(itemsOf('What you can do')).toEqual([
      'What is on near you',
      'Join in a tap, or ask',
      'A fair waitlist',
      'Chat with the group',
      'Host once, or every week',
      'Reminders and your calendar',
    ]);
    expect(itemsOf('How it works')).toEqual(['Set your area', 'Pick an activity', 'Join or ask to join', 'Meet up']);
    expect(within(main).getByRole('region', { name: 'How it works' }).querySelector('ol')).not.toBeNull();
    expect(callsToAction()).toEqual([
      ['Browse Activities', '/LocalActivities'],
      ['Create Activity', '/PostActivities'],
      ['My Created Activities', '/MyActivities'],
    ]);
    expect(otherProducts(main)).toEqual(['/DealsFeatures', '/ServicesFeatures', '/VendorsFeatures']);
  });

  it('explains Deals and invites a user to browse deals and see their orders', async () => {
    stubApi();
    storeSession(userLogin);
    const { main, callsToAction, itemsOf } = await openFeatures('/DealsFeatures', 'Deals Features');
    expect(within(main).getByText(/redeemed in person with a QR code/)).toBeInTheDocument();
    expect(itemsOf('What you can do')).toContain('Redeem with a QR code');
    expect(itemsOf('How it works')).toEqual(['Browse deals near you', 'Buy the one you want', 'Show the code at the shop', 'Rate it']);
    expect(callsToAction()).toEqual([
      ['Browse Deals', '/PopularDeals'],
      ['My Orders', '/mypurchasedeal'],
    ]);
    expect(otherProducts(main)).toEqual(['/ActivitiesFeatures', '/ServicesFeatures', '/VendorsFeatures']);
  });

  it('explains Services and invites a user to browse, book and keep favorites', async () => {
    stubApi();
    storeSession(userLogin);
    const { main, callsToAction, itemsOf } = await openFeatures('/ServicesFeatures', 'Services Features');
    expect(within(main).getByText('Book appointments with local providers, at times that are really free.')).toBeInTheDocument();
    expect(itemsOf('What you can do')).toContain('Booked is booked');
    expect(callsToAction()).toEqual([
      ['Browse Services', '/services/browse'],
      ['My Bookings', '/customer/bookings'],
      ['Favorite Services', '/services/favorite'],
    ]);
  });

  it('explains Vendors, invites a user to browse and keep favorites, and points to Become a vendor in the menu', async () => {
    stubApi();
    storeSession(userLogin);
    const { main, callsToAction, itemsOf } = await openFeatures('/VendorsFeatures', 'Vendors Features');
    expect(itemsOf('What you can do')).toContain('Checked before they sell');
    expect(callsToAction()).toEqual([
      ['Browse Vendors', '/VendorList'],
      ['Favorite Vendors', '/Favorite'],
      ['Open the Main Menu', '/MainMenu'],
    ]);
    expect(within(main).getByText(/Choose Become a vendor in the Main Menu/)).toBeInTheDocument();
    expect(otherProducts(main)).toEqual(['/ActivitiesFeatures', '/DealsFeatures', '/ServicesFeatures']);
  });

  it('matches the product in any case and titles it in its own spelling', async () => {
    stubApi();
    storeSession(userLogin);
    const { app } = await openFeatures('/dealsfeatures', 'Deals Features');
    expect(app.pathname()).toBe('/dealsfeatures');
    expect(document.title).toContain('Deals Features');
  });
});

describe('the product features pages, for a vendor', () => {
  it('invites an approved vendor to create deals, and tells how deals work for a shop', async () => {
    stubApi();
    storeSession(vendorLogin);
    const { callsToAction, itemsOf } = await openFeatures('/DealsFeatures', 'Deals Features');
    expect(callsToAction()).toEqual([
      ['Create Deal', '/vendor/deal/add'],
      ['My Created Deals', '/MyDeals'],
      ['My Sales', '/mySalesDeal'],
    ]);
    expect(itemsOf('How it works for your shop')).toEqual(['Create a deal', 'People nearby buy it', 'Scan at the counter', 'Follow your sales']);
  });

  it('offers no Create Deal to a vendor who may not post deals, and points to the application instead', async () => {
    stubApi();
    storeSession(pendingVendorLogin, { userRole: 'vendor' });
    const { main, callsToAction } = await openFeatures('/DealsFeatures', 'Deals Features');
    expect(callsToAction()).toEqual([
      ['Vendor Profile', '/BasicInfo'],
      ['My Created Deals', '/MyDeals'],
    ]);
    expect(within(main).queryByRole('link', { name: 'Create Deal' })).not.toBeInTheDocument();
    expect(within(main).getByText(/Creating deals opens once your shop is approved/)).toBeInTheDocument();
  });

  it('invites a vendor to manage services, providers and appointments', async () => {
    stubApi();
    storeSession(vendorLogin);
    const { callsToAction } = await openFeatures('/ServicesFeatures', 'Services Features');
    expect(callsToAction()).toEqual([
      ['My Services', '/vendor/services'],
      ['Add Provider', '/vendor/providers/add'],
      ['My Appointments', '/appointments'],
    ]);
  });

  it('sends an approved vendor to the menu\'s view switch for activities, never to the user-only pages', async () => {
    stubApi();
    storeSession(vendorLogin);
    const { main, callsToAction } = await openFeatures('/ActivitiesFeatures', 'Activities Features');
    expect(callsToAction()).toEqual([
      ['Open the Main Menu', '/MainMenu'],
      ['Vendor Dashboard', '/vendor/dashboard'],
    ]);
    const hrefs = within(main).getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).not.toContain('/PostActivities');
    expect(hrefs).not.toContain('/LocalActivities');
  });

  it('invites a vendor to complete its profile and see its own public page', async () => {
    stubApi();
    storeSession(vendorLogin);
    const { callsToAction } = await openFeatures('/VendorsFeatures', 'Vendors Features');
    expect(callsToAction()).toEqual([
      ['Vendor Profile', '/BasicInfo'],
      ['View your page', `/vendor/${vendorLogin.user.id}`],
      ['Vendor Dashboard', '/vendor/dashboard'],
    ]);
  });
});

describe('an unknown product', () => {
  it('shows the not-found page with the address and the main places, not a features page', async () => {
    stubApi();
    storeSession(userLogin);
    const app = renderApp('/FooFeatures');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByText('/FooFeatures')).toBeInTheDocument();
    const places = within(within(main).getByRole('list', { name: 'Try one of these instead' })).getAllByRole('link');
    expect(places.map((link) => link.getAttribute('href'))).toEqual(['/LocalActivities', '/PopularDeals', '/vendor', '/']);
    expect(app.pathname()).toBe('/FooFeatures');
  });

  it('is not found for a visitor either, rather than a login', async () => {
    const app = renderApp('/featuresfeatures');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/featuresfeatures');
  });

  it('sends a visitor to log in from a real features page', async () => {
    const app = renderApp('/DealsFeatures');
    expect(await screen.findByRole('heading', { name: 'Log in to LocalLoop' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/login');
  });
});
