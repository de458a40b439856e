import { QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { newestUnreadQueryOptions, notificationsQueryOptions } from '../features/notifications/api.ts';
import { getVendorDashboardQueryOptions } from '../features/vendor-dashboard/api/get-vendor-dashboard.ts';
import { getMyVendorQueryOptions } from '../features/vendors/api/get-my-vendor.ts';
import { getVendorStatusQueryOptions } from '../features/vendors/api/get-vendor-status.ts';
import { ToastContainer, toastDefaults } from '../lib/toast.ts';
import { applyRealtimeEvent, refreshAfterGap } from './realtime-effects.ts';

const accountId = '0b9f1c7e-3f0a-4c1e-9d55-1a2b3c4d5e61';
const vendorId = '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e60';
const notificationId = '5f0c1b2a-2222-4a4a-8b8b-000000000001';

/** The query keys each call invalidated, in order. */
function invalidations(run: (queryClient: QueryClient) => void): unknown[] {
  const queryClient = new QueryClient();
  const spy = vi.spyOn(queryClient, 'invalidateQueries');
  run(queryClient);
  return spy.mock.calls.map(([filters]) => filters?.queryKey);
}

describe('what a pushed event refreshes', () => {
  it('a notification: the panel\'s list, the unread dot and the dashboard\'s recent ones, and a toast with its title', async () => {
    render(<ToastContainer {...toastDefaults} />);
    const keys = invalidations((queryClient) =>
      act(() => applyRealtimeEvent(queryClient, { type: 'notification', id: notificationId, notification_type: 'vendor_rated', title: 'Ann rated you 5 stars' }, { accountId })),
    );
    expect(keys).toEqual([
      notificationsQueryOptions(accountId).queryKey,
      newestUnreadQueryOptions(accountId).queryKey,
      getVendorDashboardQueryOptions(accountId).queryKey,
    ]);
    expect(await screen.findByText('Ann rated you 5 stars')).toBeInTheDocument();
  });

  it('a vendor\'s changed status: the status (role, view toggle, Create Deal), the vendor record and the dashboard; no toast of its own', () => {
    render(<ToastContainer {...toastDefaults} />);
    const keys = invalidations((queryClient) => act(() => applyRealtimeEvent(queryClient, { type: 'vendor_status', vendor_id: vendorId }, { accountId })));
    expect(keys).toEqual([
      getVendorStatusQueryOptions(vendorId).queryKey,
      getMyVendorQueryOptions(accountId).queryKey,
      getVendorDashboardQueryOptions(accountId).queryKey,
    ]);
    expect(document.querySelector('.Toastify__toast')).toBeNull();
  });

  it('after a gap, everything any event could have changed, whatever the vendor', () => {
    const keys = invalidations((queryClient) => refreshAfterGap(queryClient, { accountId }));
    expect(keys).toEqual(
      expect.arrayContaining([
        notificationsQueryOptions(accountId).queryKey,
        newestUnreadQueryOptions(accountId).queryKey,
        getMyVendorQueryOptions(accountId).queryKey,
        getVendorDashboardQueryOptions(accountId).queryKey,
      ]),
    );
    // The status of any vendor id: a prefix of each status query's key.
    const statusKey = getVendorStatusQueryOptions(vendorId).queryKey;
    expect(keys.some((key) => Array.isArray(key) && key.length < statusKey.length && key.every((part, i) => part === statusKey[i]))).toBe(true);
  });
});
