import { screen, waitFor, within } from '@testing-library/react';
import type { MyActivitiesResponse, VendorDashboard } from '@localloop/contract';
import { describe, expect, it } from 'vitest';
import { activityCard, activityList } from '../test/activity-fixtures.ts';
import { ok, stubApi } from '../test/api-stub.ts';
import { storeSession, vendorLogin } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';
import { outcomeFor } from '../test/route-outcome.ts';

const vendorId = String(vendorLogin.vendor_id);
const vendor = { role: 'vendor', accountId: String(vendorLogin.user.id) } as const;

/** Every card with something to link to: changes sent back with steps to fix, bookings, deals, activities, a missing step. */
const busy: VendorDashboard = {
  vendor: {
    id: vendorId,
    business_name: 'Hudson Bakery',
    kyc_status: 'rejected',
    is_approved: true,
    is_suspended: false,
    rejection_reason: 'The new logo is not yours.',
    rejection_steps: ['basic_info', 'documents', 'bank_details', 'service_time', 'addresses'],
    unsent_changes: false,
  },
  next_step: { step: 'bank_details', label: 'Bank details', path: '/BankDetails' },
  completeness: { percent: 80, missing: ['Bank details'] },
  rating_avg: 4.6,
  rating_count: 12,
  favorites_count: 7,
  bookings: { today: 3, to_confirm: 1, upcoming: 9, services: 2 },
  recent_notifications: [],
};
/** A new shop: every card's invitation to start. */
const quiet: VendorDashboard = {
  ...busy,
  vendor: { ...busy.vendor, kyc_status: 'approved', rejection_reason: null, rejection_steps: [] },
  next_step: null,
  completeness: { percent: 100, missing: [] },
  rating_avg: null,
  rating_count: 0,
  favorites_count: 0,
  bookings: { today: 0, to_confirm: 0, upcoming: 0, services: 0 },
};

const counts = (all: number) => ({ all, active: all, upcoming: 0, expired: 0, 'sold-out': 0, paused: 0 });
const sales = { count: 0, page: 1, page_size: 1, results: [], totals: [], per_deal: [], today: [], this_week: [], time_zone: 'America/New_York' };

async function linksOn(data: VendorDashboard, deals: number, hosting: MyActivitiesResponse['hosting']): Promise<string[]> {
  stubApi({
    'GET /vendor/dashboard/': ok(data),
    [`GET /vendor/status/${vendorId}/`]: ok({ is_approved: true, kyc_status: data.vendor.kyc_status, is_suspended: false }),
    [`GET /get/vendor/sales/${vendorId}`]: ok(sales),
    [`GET /my-deals/${vendorId}/`]: ok({ count: deals, page: 1, page_size: 1, results: [], counts: counts(deals) }),
    'GET /activities/mine/': ok(activityList([], { hosting })),
  });
  storeSession(vendorLogin);
  const app = renderApp('/vendor/dashboard');
  const main = await screen.findByRole('main');
  // Every card has loaded what it shows (the deals and activities cards fetch their own).
  for (const card of [await within(main).findByTestId('card-deals'), await within(main).findByTestId('card-activities')]) {
    await waitFor(() => expect(within(card).queryByRole('status')).not.toBeInTheDocument());
  }
  const hrefs = within(main)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href') ?? '');
  app.unmount();
  return hrefs;
}

describe('the vendor dashboard\'s links', () => {
  it('lead a vendor only to pages the vendor view opens, busy or new', async () => {
    const hrefs = [
      ...(await linksOn(busy, 3, { upcoming: 2, requests: 1, next: activityCard(1, { title: 'Sourdough class', my_state: 'host' }) })),
      ...(await linksOn(quiet, 0, { upcoming: 0, requests: 0, next: null })),
    ];
    // The cards' ways on: KYC steps, bookings, deals, sales, the profile, the public page.
    for (const expected of ['/BasicInfo', '/VendorDocument', '/BankDetails', '/ServiceTime', '/AddAddress', '/appointments', '/vendor/services', '/MyDeals', '/mySalesDeal', '/vendor/deal/add']) {
      expect(hrefs).toContain(expected);
    }
    for (const href of new Set(hrefs)) {
      expect(`${href} → ${outcomeFor(href, vendor)}`).toBe(`${href} → render`);
    }
  });
});
