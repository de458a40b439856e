import { screen, within } from '@testing-library/react';
import type { MyActivitiesResponse, VendorDashboard } from '@localloop/contract';
import { describe, expect, it, vi } from 'vitest';
import { ok, refuse, stubApi } from '../../test/api-stub.ts';
import type { Reply } from '../../test/api-stub.ts';
import { storeSession, vendorLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { activityCard, activityList } from '../../test/activity-fixtures.ts';

const vendorId = String(vendorLogin.vendor_id);

function dashboard(overrides: Partial<VendorDashboard> = {}): VendorDashboard {
  return {
    vendor: {
      id: vendorId,
      business_name: 'Hudson Bakery',
      kyc_status: 'approved',
      is_approved: true,
      is_suspended: false,
      rejection_reason: null,
      rejection_steps: [],
      unsent_changes: false,
    },
    next_step: null,
    completeness: { percent: 80, missing: ['Bank details'] },
    rating_avg: 4.6,
    rating_count: 12,
    favorites_count: 7,
    bookings: { today: 3, to_confirm: 1, upcoming: 9, services: 2 },
    recent_notifications: [
      {
        id: 'f1000000-0000-4000-8000-000000000001',
        title: 'Your vendor application was approved',
        body: 'Your shop is live on LocalLoop.',
        notification_type: 'vendor_kyc',
        is_read: false,
        created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
        data: {},
        target: { kind: 'vendor_application' },
      },
    ],
    ...overrides,
  };
}

function openDashboard(data: VendorDashboard, first: Reply = ok(data)) {
  const api = stubApi({
    'GET /vendor/dashboard/': first,
    [`GET /vendor/status/${vendorId}/`]: ok({ is_approved: true, kyc_status: data.vendor.kyc_status, is_suspended: false }),
  });
  storeSession(vendorLogin);
  const app = renderApp('/vendor/dashboard');
  return { api, app };
}

describe('vendor dashboard (/vendor/dashboard)', () => {
  it('shows the figures as cards: completeness, rating, favourites and recent notifications', async () => {
    // The clock stands still, so the notification stays "5 minutes ago" however long the page takes.
    vi.useFakeTimers({ toFake: ['Date'] });
    openDashboard(dashboard());
    expect(await screen.findByRole('heading', { level: 1, name: 'Vendor Dashboard' })).toBeInTheDocument();
    expect(await screen.findByText('Hudson Bakery: how your shop is doing.')).toBeInTheDocument();

    const completeness = screen.getByRole('region', { name: 'Profile completeness' });
    expect(within(completeness).getByRole('progressbar', { name: 'Profile completeness' })).toHaveAttribute('aria-valuenow', '80');
    expect(within(completeness).getByText('80%')).toBeInTheDocument();
    expect(within(completeness).getByText('Bank details')).toBeInTheDocument();

    const rating = screen.getByRole('region', { name: 'Average rating' });
    expect(within(rating).getByText('4.6')).toBeInTheDocument();
    expect(within(rating).getByText('from 12 reviews')).toBeInTheDocument();

    const favourites = screen.getByRole('region', { name: 'Favourites' });
    expect(within(favourites).getByText('7')).toBeInTheDocument();

    const notifications = screen.getByRole('region', { name: 'Recent notifications' });
    expect(within(notifications).getByText('Your vendor application was approved')).toBeInTheDocument();
    expect(within(notifications).getByText('5 minutes ago')).toBeInTheDocument();

    // Approved and live: no KYC banner.
    expect(screen.queryByTestId('card-kyc')).not.toBeInTheDocument();
  });

  it('shows the operator\'s reason when an approved vendor\'s changes are rejected, and that the shop stays live', async () => {
    openDashboard(
      dashboard({
        vendor: {
          id: vendorId,
          business_name: 'Hudson Bakery',
          kyc_status: 'rejected',
          is_approved: true,
          is_suspended: false,
          rejection_reason: 'The new logo is not yours.',
          rejection_steps: ['basic_info', 'bank_details'],
          unsent_changes: false,
        },
        next_step: { step: 'basic_info', label: 'Basic info', path: '/BasicInfo' },
      }),
    );
    const card = await screen.findByRole('region', { name: 'Your changes were not approved' });
    expect(card).toHaveTextContent('The new logo is not yours.');
    expect(card).toHaveTextContent('The changes were discarded and your shop stays live with its approved details.');
    expect(within(card).getByRole('link', { name: 'Edit your details' })).toHaveAttribute('href', '/BasicInfo');
    // The steps the operator asked to fix, each linked to its page.
    const steps = within(card).getByRole('list', { name: 'Steps to fix' });
    expect(within(steps).getByRole('link', { name: 'Basic info' })).toHaveAttribute('href', '/BasicInfo');
    expect(within(steps).getByRole('link', { name: 'Bank details' })).toHaveAttribute('href', '/BankDetails');
  });

  it('links to the vendor\'s own public page, to see it as customers do', async () => {
    openDashboard(dashboard());
    expect(await screen.findByRole('link', { name: 'View your public page' })).toHaveAttribute('href', `/vendor/${String(vendorLogin.user.id)}`);
  });

  it('reminds an approved vendor of changes that are saved but not sent for review', async () => {
    openDashboard(dashboard({ vendor: { ...dashboard().vendor, unsent_changes: true } }));
    const card = await screen.findByRole('region', { name: 'Your changes are not live yet' });
    expect(card).toHaveTextContent('Customers see your approved details until you send your changes for review');
    expect(within(card).getByRole('link', { name: 'Review and send' })).toHaveAttribute('href', '/BasicInfo');
  });

  it('says when there are no ratings or notifications yet', async () => {
    openDashboard(dashboard({ rating_avg: null, rating_count: 0, recent_notifications: [], completeness: { percent: 100, missing: [] } }));
    expect(await screen.findByText('No ratings yet. Customers can rate you from your vendor page.')).toBeInTheDocument();
    expect(screen.getByText('No notifications yet.')).toBeInTheDocument();
    expect(screen.getByText(/Everything is filled in/)).toBeInTheDocument();
  });

  it('offers a retry when the figures cannot be loaded', async () => {
    const { api, app } = openDashboard(dashboard(), refuse(503, 'SERVICE_UNAVAILABLE', 'LocalLoop is busy. Please try again.'));
    expect(await screen.findByText('LocalLoop is busy. Please try again.')).toBeInTheDocument();
    api.on('GET /vendor/dashboard/', ok(dashboard()));
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Average rating' })).toBeInTheDocument();
  });
});

describe('the appointments card', () => {
  it('shows today\'s bookings and the ones to confirm, with the way to them', async () => {
    openDashboard(dashboard());
    const card = await screen.findByTestId('card-bookings');
    expect(card).toHaveTextContent('3bookings today');
    expect(card).toHaveTextContent('1 waiting for your confirmation · 9 to come');
    expect(within(card).getByRole('link', { name: 'Confirm bookings' })).toHaveAttribute('href', '/appointments');
  });

  it('points a shop without services to adding one', async () => {
    openDashboard(dashboard({ bookings: { today: 0, to_confirm: 0, upcoming: 0, services: 0 } }));
    const card = await screen.findByTestId('card-bookings');
    expect(within(card).getByRole('link', { name: 'Add a service' })).toHaveAttribute('href', '/vendor/services');
  });
});

describe('the deals card', () => {
  const counts = { all: 3, active: 2, upcoming: 0, expired: 1, 'sold-out': 0, paused: 0 };
  const sales = (today: { currency: string; amount_cents: number; units: number; purchases: number }[]) => ({
    count: 0,
    page: 1,
    page_size: 1,
    results: [],
    totals: [],
    per_deal: [],
    today,
    this_week: [{ currency: 'USD', amount_cents: 12_550, units: 9, purchases: 6 }],
    time_zone: 'America/New_York',
  });

  it('shows today\'s and this week\'s deal sales and the active deals, linking to My Deals and My Sales', async () => {
    const { api } = openDashboard(dashboard());
    api.on(`GET /get/vendor/sales/${vendorId}`, ok(sales([{ currency: 'USD', amount_cents: 1700, units: 2, purchases: 1 }])));
    api.on(`GET /my-deals/${vendorId}/`, ok({ count: 3, page: 1, page_size: 1, results: [], counts }));
    const card = await screen.findByTestId('card-deals');
    expect(await within(card).findByText('$17')).toBeInTheDocument();
    expect(card).toHaveTextContent('$125.50 in the last 7 days · 2 active deals');
    expect(within(card).getByRole('link', { name: 'My deals' })).toHaveAttribute('href', '/MyDeals');
    expect(within(card).getByRole('link', { name: 'My sales' })).toHaveAttribute('href', '/mySalesDeal');
  });

  it('points a shop without deals to creating one', async () => {
    const { api } = openDashboard(dashboard());
    api.on(`GET /get/vendor/sales/${vendorId}`, ok(sales([])));
    api.on(`GET /my-deals/${vendorId}/`, ok({ count: 0, page: 1, page_size: 1, results: [], counts: { ...counts, all: 0, active: 0, expired: 0 } }));
    const card = await screen.findByTestId('card-deals');
    expect(await within(card).findByRole('link', { name: 'Create Deal' })).toHaveAttribute('href', '/vendor/deal/add');
  });
});

describe('the activities card', () => {
  const mine = (hosting: MyActivitiesResponse['hosting']) => ok(activityList([], { hosting }));
  const hint = 'This opens your user view, where you host as yourself. The header or the Main Menu switches you back.';

  it('shows the activities the vendor hosts, the next with its date and who goes, and the requests waiting', async () => {
    const { api } = openDashboard(dashboard());
    api.on('GET /activities/mine/', mine({ upcoming: 3, requests: 2, next: activityCard(1, { title: 'Sourdough class', starts_at: '2099-12-05T15:00:00.000Z', participant_count: 4, my_state: 'host' }) }));
    const card = await screen.findByTestId('card-activities');
    expect(await within(card).findByText('3')).toBeInTheDocument();
    expect(card).toHaveTextContent('activities to come');
    expect(card).toHaveTextContent(/Next: Sourdough class, .*2099.* · 4 going/);
    expect(card).toHaveTextContent('2 join requests wait for your answer');
    // The activity's page, My Activities and Create Activity are the user view's: no link a vendor would bounce off.
    expect(within(card).queryAllByRole('link')).toEqual([]);
    expect(within(card).getByRole('button', { name: 'My activities' })).toHaveAccessibleDescription(hint);
    expect(within(card).getByRole('button', { name: 'Host an activity' })).toHaveAccessibleDescription(hint);
    expect(api.to('GET /activities/mine/')[0]?.query.get('page_size')).toBe('1');
  });

  it('opens My Activities in the user view, saying so as the view switch does', async () => {
    const { api, app } = openDashboard(dashboard());
    api.on('GET /activities/mine/', mine({ upcoming: 1, requests: 0, next: activityCard(1, { title: 'Sourdough class', my_state: 'host' }) }));
    const card = await screen.findByTestId('card-activities');
    await app.user.click(await within(card).findByRole('button', { name: 'My activities' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Created Activities' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/MyActivities');
    expect(await screen.findByText('Switched to user view')).toBeInTheDocument();
    expect(localStorage.getItem('userRole')).toBe('user');
  });

  it('invites a vendor who hosts nothing to host an activity, and opens Create Activity in the user view', async () => {
    const { api, app } = openDashboard(dashboard());
    api.on('GET /activities/mine/', mine({ upcoming: 0, requests: 0, next: null }));
    const card = await screen.findByTestId('card-activities');
    expect(await within(card).findByRole('button', { name: 'Host an activity' })).toHaveAccessibleDescription(hint);
    expect(card).toHaveTextContent('people near you find it');
    expect(within(card).queryByRole('button', { name: 'My activities' })).not.toBeInTheDocument();
    await app.user.click(within(card).getByRole('button', { name: 'Host an activity' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Activity' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/PostActivities');
    expect(await screen.findByText('Switched to user view')).toBeInTheDocument();
    expect(localStorage.getItem('userRole')).toBe('user');
  });

  it('offers no switch while the session does not know the shop as approved', async () => {
    // A stored vendor view from before, and an approval the status check has not confirmed yet.
    stubApi({
      'GET /vendor/dashboard/': ok(dashboard()),
      'GET /activities/mine/': mine({ upcoming: 0, requests: 0, next: null }),
      [`GET /vendor/status/${vendorId}/`]: () => new Promise<Reply>(() => undefined),
    });
    storeSession({ ...vendorLogin, is_approved: false, kyc_status: 'pending' }, { userRole: 'vendor' });
    renderApp('/vendor/dashboard');
    const card = await screen.findByTestId('card-activities');
    expect(await within(card).findByText('Activities are hosted from the user view, which your shop can switch to once it is approved.')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });
});
