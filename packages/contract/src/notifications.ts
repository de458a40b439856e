import { z } from 'zod';

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

export const NotificationListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  /** Only unread ('false') or only read ('true') ones; all when absent. */
  is_read: z
    .enum(['true', 'false'], { error: 'Use true or false.' })
    .transform((v) => v === 'true')
    .optional(),
});

export const NotificationIdParams = z.object({ id: z.string().uuid('Unknown notification.') });

export const MarkedRead = z.object({ id: z.string().uuid(), is_read: z.literal(true) });

export const WsTicketResponse = z.object({
  /** One use, valid 30 s: open `/api/ws?ticket=…` with it. */
  ticket: z.string(),
  expires_in: z.number().int(),
});
export type WsTicketResponse = z.infer<typeof WsTicketResponse>;

/** What the server pushes on a socket. */
export const RealtimeEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('notification'), notification: Notification }),
  z.object({ type: z.literal('ping'), at: z.string() }),
  /** Events may have been missed (the server lost its link to the database for a while): refetch what is shown. */
  z.object({ type: z.literal('resync'), at: z.string() }),
]);
export type RealtimeEvent = z.infer<typeof RealtimeEvent>;
