import { z } from 'zod';
import { PageQuery } from './common.ts';
import { endpoint, type Endpoint } from './endpoint.ts';

/** The spec's notification: id, title, body, notification_type, is_read, created_at; plus data for links. */
export const Notification = z.object({
  id: z.string().uuid(),
  title: z.string(),
  body: z.string(),
  notification_type: z.string(),
  is_read: z.boolean(),
  created_at: z.string(),
  /** What the notification is about (e.g. {activity_id}), for the app to link to. */
  data: z.record(z.string(), z.unknown()),
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
} as const satisfies Record<string, Endpoint>;
