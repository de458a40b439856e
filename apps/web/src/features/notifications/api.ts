import { notificationsEndpoints } from '@localloop/contract';
import type { Notification, NotificationTarget } from '@localloop/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { logError } from '../../lib/log-error.ts';
import { paths, to } from '../../paths.ts';

/** The panel shows the first page, newest first; the unread dot is read from the same cache entry. */
export const notificationsPageSize = 20;

/** Everything about notifications starts with this key. */
export const notificationsRootKey = ['notifications'] as const;

export function fetchFirstPage(signal?: AbortSignal): Promise<Notification[]> {
  return call(notificationsEndpoints.notifications, { query: { page: 1, page_size: notificationsPageSize }, signal });
}

/** Keyed by the account, so a second account signing in on this page never sees the first one's list. */
export function notificationsQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: [...notificationsRootKey, accountId, 'first-page'],
    queryFn: ({ signal }) => fetchFirstPage(signal),
  });
}

/**
 * The newest unread notification, whatever its page: the dot must also light for an unread one older
 * than the panel's first page.
 */
export function newestUnreadQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: [...notificationsRootKey, accountId, 'newest-unread'],
    queryFn: ({ signal }) => call(notificationsEndpoints.notifications, { query: { page: 1, page_size: 1, is_read: 'false' }, signal }),
  });
}

/**
 * Any unread: in the first page as the cache holds it now (pushes and marks apply there at once), or an
 * unread one the server knows of that is older than the first page.
 */
export function hasUnread(firstPage: Notification[] | undefined, newestUnread: Notification[] = []): boolean {
  const list = firstPage ?? [];
  if (list.some((notification) => !notification.is_read)) return true;
  const inFirstPage = new Set(list.map((notification) => notification.id));
  return newestUnread.some((notification) => !notification.is_read && !inFirstPage.has(notification.id));
}

/**
 * Marks one as read on the server, and only then in the cache (spec §4); a failure is only logged (§8),
 * the item stays unread.
 */
export function useMarkRead(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(notificationsEndpoints.markNotificationRead, { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData(notificationsQueryOptions(accountId).queryKey, (list) =>
        list?.map((item) => (item.id === id ? { ...item, is_read: true } : item)),
      );
      // The next unread one may be older than the first page.
      void queryClient.invalidateQueries({ queryKey: newestUnreadQueryOptions(accountId).queryKey });
    },
    onError: (error) => logError('Could not mark the notification as read', error),
  });
}

/**
 * Marks every unread one read on the server, up to the newest the person has seen (`before`), and then in the cache;
 * the unread dot clears. A failure is logged; the drawer says so beside its button.
 */
export function useMarkAllRead(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (before: string | undefined) => call(notificationsEndpoints.markAllNotificationsRead, { body: before ? { before } : {} }),
    onSuccess: (_answer, before) => {
      const cutoff = before ? Date.parse(before) : Infinity;
      queryClient.setQueryData(notificationsQueryOptions(accountId).queryKey, (list) =>
        list?.map((item) => (Date.parse(item.created_at) <= cutoff ? { ...item, is_read: true } : item)),
      );
      void queryClient.invalidateQueries({ queryKey: newestUnreadQueryOptions(accountId).queryKey });
    },
    onError: (error) => logError('Could not mark the notifications as read', error),
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idIn = (data: Record<string, unknown>, key: string) => {
  const value = data[key];
  return typeof value === 'string' && UUID.test(value) ? value : null;
};

/**
 * Where a notification takes the person. Chat's go further than their activity's page: new messages and an accepted
 * chat request open the room (its ids are in the data), a new chat request the host's requests page.
 */
export function notificationPath(notification: Pick<Notification, 'notification_type' | 'data' | 'target'>): string | null {
  const activityId = idIn(notification.data, 'activity_id');
  const roomId = idIn(notification.data, 'room_id');
  if (activityId && roomId && (notification.notification_type === 'chat_message' || notification.notification_type === 'chat_request_accepted')) return to.chat(activityId, roomId);
  if (activityId && notification.notification_type === 'chat_request') return to.activityRequests(activityId);
  return targetPath(notification.target);
}

/** Where a notification takes the person: the route of what it is about, or null when it is about nothing to open. */
export function targetPath(target: NotificationTarget | null): string | null {
  switch (target?.kind) {
    case 'vendor_application':
      return paths.basicInfo;
    case 'vendor_page':
      return to.vendorProfile(target.user_id);
    case 'account_settings':
      return paths.settings;
    case 'customer_bookings':
      return paths.customerBookings;
    case 'shop_appointments':
      return paths.appointments;
    case 'customer_purchases':
      return paths.myPurchaseDeal;
    case 'shop_sales':
      return paths.mySalesDeal;
    case 'activity':
      return to.activitiesDetails(target.activity_id);
    case 'support_request':
      return `${paths.contactSupport}?request=${encodeURIComponent(target.support_request_id)}`;
    default:
      return null;
  }
}
