import { and, desc, eq } from 'drizzle-orm';
import type { Notification } from '@localloop/contract';
import type { Db, Tx } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { publish } from '../../lib/realtime.ts';

type NewNotification = { title: string; body: string; type: string; data?: Record<string, unknown> };

function toDto(row: typeof notifications.$inferSelect): Notification {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    notification_type: row.notificationType,
    is_read: row.isRead,
    created_at: row.createdAt.toISOString(),
    data: row.data,
  };
}

/**
 * Every domain calls this inside its own transaction: the row is written with the change it is about,
 * and the push to the user's sockets goes out only if that transaction commits. The push carries the id, type and
 * title (for the toast), not the body: clients fetch the list again.
 */
export async function notify(tx: Tx, userId: string, n: NewNotification): Promise<void> {
  const [row] = await tx
    .insert(notifications)
    .values({ userId, title: n.title.slice(0, 200), body: n.body.slice(0, 2000), notificationType: n.type, data: n.data ?? {} })
    .returning({ id: notifications.id, title: notifications.title, notificationType: notifications.notificationType });
  if (row) await publish(tx, `user:${userId}`, { type: 'notification', id: row.id, notification_type: row.notificationType, title: row.title });
}

export async function listNotifications(db: Db, userId: string, page: number, pageSize: number, isRead?: boolean): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isRead === undefined ? undefined : eq(notifications.isRead, isRead)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return rows.map(toDto);
}

/** Only the owner may mark theirs; someone else's id answers 404, as if it did not exist. */
export async function markRead(db: Db, userId: string, id: string): Promise<{ id: string; is_read: true }> {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (!row) throw AppError.notFound('That notification');
  return { id: row.id, is_read: true };
}
