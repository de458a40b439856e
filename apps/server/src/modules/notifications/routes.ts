import { endpoints } from '@localloop/contract';
import { route, type App } from '../../lib/http.ts';
import type { AppContext } from '../../lib/context.ts';
import { listNotifications, markAllRead, markRead } from './service.ts';

export async function notificationsRoutes(app: App, ctx: AppContext) {
  const deps = { db: ctx.db };
  route(app, endpoints.notifications, ({ userId, query }) => listNotifications(deps.db, userId, query.page, query.page_size, query.is_read));
  route(app, endpoints.markNotificationRead, ({ userId, params }) => markRead(deps.db, userId, params.id));
  route(app, endpoints.markAllNotificationsRead, ({ userId, body }) => markAllRead(deps.db, userId, body.before));
}
