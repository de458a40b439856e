import { endpoints, type Notification } from '@localloop/contract';
import { route, type App } from '../../lib/http.ts';
import type { AppContext } from '../../lib/context.ts';
import { keptUntilChanged } from '../../lib/kept-until-changed.ts';
import { listNotifications, markAllRead, markRead, NOTIFICATIONS_READ, type NotificationsDeps } from './service.ts';

/** What the kept pages of notifications may take: 8 MB, some 1,100 people's first pages of 20. */
export const KEPT_NOTIFICATION_BYTES = 8 * 2 ** 20;

export async function notificationsRoutes(app: App, ctx: AppContext) {
  // A person's pages are forgotten in every process when a notification of theirs is pushed (its own event on the bus,
  // heard before it is delivered to their sockets, so a tab reading the list on the push reads it afresh) and when
  // their notifications are marked read (NOTIFICATIONS_READ; at once in the process that marked them).
  const pages = keptUntilChanged<Notification[]>({ ttlMs: ctx.config.publicAnswerTtlMs, clock: ctx.clock, maxBytes: KEPT_NOTIFICATION_BYTES });
  ctx.realtime.watch({
    heard: (channel, event) => {
      if (event.type === 'notification' && channel.startsWith('user:')) pages.changed(channel.slice('user:'.length));
    },
    changed: (what, id) => what === NOTIFICATIONS_READ && pages.changed(id),
    busDown: pages.busDown,
    busUp: pages.busUp,
  });
  const deps: NotificationsDeps = { db: ctx.db, pages };
  route(app, endpoints.notifications, ({ userId, query }) => listNotifications(deps, userId, query.page, query.page_size, query.is_read));
  route(app, endpoints.markNotificationRead, ({ userId, params }) => markRead(deps, userId, params.id));
  route(app, endpoints.markAllNotificationsRead, ({ userId, body }) => markAllRead(deps, userId, body.before));
}
