import type { RealtimeEvent, RealtimeEventType } from '@localloop/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { chatRoomsKeyPrefix } from '../features/chat/api/get-chat-rooms.ts';
import { newestUnreadQueryOptions, notificationsQueryOptions } from '../features/notifications/api.ts';
import { toastNotification } from '../features/notifications/notification-toast.ts';
import { supportKeyPrefix } from '../features/support/api/get-my-support-requests.ts';
import { getVendorDashboardQueryOptions } from '../features/vendor-dashboard/api/get-vendor-dashboard.ts';
import { getMyVendorQueryOptions } from '../features/vendors/api/get-my-vendor.ts';
import { getVendorStatusQueryOptions, vendorStatusQueryKey } from '../features/vendors/api/get-vendor-status.ts';

/** Whose caches a push refreshes: the signed-in account's. */
export type RealtimeScope = { accountId: string };

type Effect<E extends RealtimeEvent> = {
  /** The queries the event makes stale: refetched at once if something shows them, on their next use otherwise. */
  refresh: (event: E, scope: RealtimeScope) => QueryKey[];
  /** Every query events of this type can change: refreshed after a gap (a reconnect, the server's resync). */
  afterGap: (scope: RealtimeScope) => QueryKey[];
  /** What the person is told at once. */
  announce?: (event: E) => void;
};

/**
 * The one place that says what each pushed event refreshes. Events carry ids, not bodies: the REST endpoints behind
 * these queries answer the rest.
 */
export const realtimeEffects: { [T in RealtimeEventType]: Effect<Extract<RealtimeEvent, { type: T }>> } = {
  notification: {
    // The panel's list, the unread dot, and the dashboard's recent notifications; an activity's news (a request to join,
    // an acceptance, a chat request) also what the activity pages and the chat show of it.
    // A support request's news (an answer, closed, reopened): the person's requests and their conversations.
    refresh: (event, scope) => [
      ...notificationQueries(scope),
      ...(aboutActivities(event.notification_type) ? activityQueries : []),
      ...(event.notification_type.startsWith('support_') ? [supportKeyPrefix] : []),
    ],
    afterGap: (scope) => [...notificationQueries(scope), ...activityQueries, supportKeyPrefix],
    announce: (event) => toastNotification(event.title, event.origin),
  },
  vendor_status: {
    // The status query feeds the session (VendorStatusSync → applyVendorStatus): role, view toggle and Create Deal.
    refresh: (event, { accountId }) => [
      getVendorStatusQueryOptions(event.vendor_id).queryKey,
      getMyVendorQueryOptions(accountId).queryKey,
      getVendorDashboardQueryOptions(accountId).queryKey,
    ],
    afterGap: ({ accountId }) => [vendorStatusQueryKey, getMyVendorQueryOptions(accountId).queryKey, getVendorDashboardQueryOptions(accountId).queryKey],
  },
};

/** Notifications about an activity or its chat: what someone else did changes what its pages show. */
const aboutActivities = (type: string) => type.startsWith('activity_') || type.startsWith('chat_request');
/** Every activity query (details, My Activities, the host's chat requests) and the chat rooms with their unread counts. */
const activityQueries: QueryKey[] = [['activities'], [...chatRoomsKeyPrefix]];

function notificationQueries({ accountId }: RealtimeScope): QueryKey[] {
  return [
    notificationsQueryOptions(accountId).queryKey,
    newestUnreadQueryOptions(accountId).queryKey,
    getVendorDashboardQueryOptions(accountId).queryKey,
  ];
}

function effectOf<E extends RealtimeEvent>(event: E): Effect<E> {
  // The table is typed per event type; TypeScript cannot follow the index back to E on its own.
  return realtimeEffects[event.type] as unknown as Effect<E>;
}

export function applyRealtimeEvent(queryClient: QueryClient, event: RealtimeEvent, scope: RealtimeScope): void {
  const effect = effectOf(event);
  effect.announce?.(event);
  for (const queryKey of effect.refresh(event, scope)) void queryClient.invalidateQueries({ queryKey });
}

/** After a gap in which pushes may have been missed: everything any event could have changed. */
export function refreshAfterGap(queryClient: QueryClient, scope: RealtimeScope): void {
  for (const effect of Object.values(realtimeEffects)) {
    for (const queryKey of effect.afterGap(scope)) void queryClient.invalidateQueries({ queryKey });
  }
}
