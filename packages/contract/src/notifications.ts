import { z } from 'zod';
import { PageQuery } from './common.ts';
import { endpoint, type Endpoint } from './endpoint.ts';

/**
 * What a notification is about, for the app to open when it is clicked: ids, never URLs (the web maps each kind to
 * its route). `vendor_application`: the account's own vendor application and its review (KYC decisions, suspension);
 * `vendor_page`: a shop's public page, by its owner's account id (what the page is keyed by); `account_settings`:
 * sign-in and security (password, e-mail or phone changes).
 */
export const NotificationTarget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('vendor_application') }),
  z.object({ kind: z.literal('vendor_page'), user_id: z.string().uuid() }),
  z.object({ kind: z.literal('account_settings') }),
  // A booking's news: the customer's bookings, or the shop's appointments.
  z.object({ kind: z.literal('customer_bookings') }),
  z.object({ kind: z.literal('shop_appointments') }),
  // A purchase's news: the customer's orders, or the shop's sales.
  z.object({ kind: z.literal('customer_purchases') }),
  z.object({ kind: z.literal('shop_sales') }),
  // An activity's news (joins, requests, decisions, removal, the waitlist, deactivation): its page, by the activity's id.
  z.object({ kind: z.literal('activity'), activity_id: z.string().uuid() }),
  // A support request's news (an answer, closed, reopened): the request on /ContactSupport, by its id.
  z.object({ kind: z.literal('support_request'), support_request_id: z.string().uuid() }),
]);
export type NotificationTarget = z.infer<typeof NotificationTarget>;
export const notificationTargetKinds = ['vendor_application', 'vendor_page', 'account_settings', 'customer_bookings', 'shop_appointments', 'customer_purchases', 'shop_sales', 'activity', 'support_request'] as const satisfies readonly NotificationTarget['kind'][];

/** The spec's notification: id, title, body, notification_type, is_read, created_at; plus data and what it opens. */
export const Notification = z.object({
  id: z.string().uuid(),
  title: z.string(),
  body: z.string(),
  notification_type: z.string(),
  is_read: z.boolean(),
  created_at: z.string(),
  /** What the notification is about (e.g. {activity_id}), for the app to link to. */
  data: z.record(z.string(), z.unknown()),
  /** What clicking it opens; null when it is about nothing to open (a welcome, news). */
  target: NotificationTarget.nullable(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationListQuery = PageQuery.extend({
  /** Only unread ('false') or only read ('true') ones; all when absent. */
  is_read: z
    .enum(['true', 'false'], { error: 'Use true or false.' })
    .transform((v) => v === 'true')
    .optional(),
});

export const NotificationIdParams = z.object({ id: z.string().uuid('Unknown notification.') });

export const MarkedRead = z.object({ id: z.string().uuid(), is_read: z.literal(true) });

export const MarkAllReadInput = z.object({
  /**
   * Only those created at or before this instant: the newest one the person has seen, so one that arrives while
   * they click is not marked read unseen. All of them when absent.
   */
  before: z.iso.datetime({ offset: true, error: 'Give a date and time such as 2025-01-31T12:00:00Z.' }).optional(),
});
export type MarkAllReadInput = z.input<typeof MarkAllReadInput>;

export const MarkedAllRead = z.object({ updated: z.number().int().min(0) });
export type MarkedAllRead = z.infer<typeof MarkedAllRead>;

/** The endpoints of this domain; merged into the one table in endpoints.ts. */
export const notificationsEndpoints = {
  notifications: endpoint({
    method: 'GET',
    path: '/notifications/',
    query: NotificationListQuery,
    body: undefined,
    response: z.array(Notification),
    auth: 'required',
    summary: 'The caller\'s notifications, newest first (page, page_size)',
  }),
  markNotificationRead: endpoint({
    method: 'PATCH',
    path: '/notifications/mark-as-read/{id}/',
    params: NotificationIdParams,
    body: undefined,
    response: MarkedRead,
    auth: 'required',
    summary: 'Mark one of the caller\'s notifications as read (empty body)',
  }),
  markAllNotificationsRead: endpoint({
    method: 'PATCH',
    path: '/notifications/mark-all-as-read/',
    body: MarkAllReadInput,
    response: MarkedAllRead,
    auth: 'required',
    summary: 'Mark every unread notification of the caller\'s as read (only those up to `before` when given); answers how many',
  }),
} as const satisfies Record<string, Endpoint>;
