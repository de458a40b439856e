import { randomUUID } from 'node:crypto';
import { and, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { MarkedAllRead, Notification, NotificationTarget } from '@localloop/contract';
import type { Db, Tx } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { KeptUntilChanged } from '../../lib/kept-until-changed.ts';
import { literalLimit, preparedShapes } from '../../lib/prepared.ts';
import { changedStatement, writeAndPublishStatement } from '../../lib/realtime.ts';
import { originTabFor } from '../../lib/request-origin.ts';

type NewNotification = { title: string; body: string; type: string; data?: Record<string, unknown>; target?: NotificationTarget };

type Row = typeof notifications.$inferSelect;

function targetColumns(target: NotificationTarget | undefined): Pick<Row, 'targetKind' | 'targetId'> {
  if (!target) return { targetKind: null, targetId: null };
  return { targetKind: target.kind, targetId: target.kind === 'vendor_page' ? target.user_id : target.kind === 'activity' ? target.activity_id : target.kind === 'support_request' ? target.support_request_id : null };
}

function targetOf(row: Row): NotificationTarget | null {
  switch (row.targetKind) {
    case 'vendor_page':
      // The table's CHECK keeps an id with this kind.
      return row.targetId ? { kind: 'vendor_page', user_id: row.targetId } : null;
    case 'activity':
      return row.targetId ? { kind: 'activity', activity_id: row.targetId } : null;
    case 'support_request':
      return row.targetId ? { kind: 'support_request', support_request_id: row.targetId } : null;
    case 'vendor_application':
    case 'account_settings':
    case 'customer_bookings':
    case 'shop_appointments':
    case 'customer_purchases':
    case 'shop_sales':
      return { kind: row.targetKind };
    default:
      return null;
  }
}

function toDto(row: Row): Notification {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    notification_type: row.notificationType,
    is_read: row.isRead,
    created_at: row.createdAt.toISOString(),
    data: row.data,
    target: targetOf(row),
  };
}

/**
 * Every domain calls this inside its own transaction: the row is written with the change it is about,
 * and the push to the user's sockets goes out only if that transaction commits. The push carries the id, type and
 * title (for the toast), not the body: clients fetch the list again.
 */
export async function notify(tx: Tx, userId: string, n: NewNotification): Promise<void> {
  await tx.execute(notifyStatement(tx, userId, n));
}

/** notify's statement (the row and its push), for a transaction that sends it with others (db/batched.ts). */
export function notifyStatement(db: Db | Tx, userId: string, n: NewNotification): SQL {
  // The id is made here, so that the row and its push are one statement (writeAndPublish).
  const id = randomUUID();
  const title = n.title.slice(0, 200);
  // The tab whose request caused it, when the request was the account's own: that tab does not toast news of its own
  // action (lib/request-origin.ts).
  const origin = originTabFor(userId);
  return writeAndPublishStatement(
    db.insert(notifications).values({ id, userId, title, body: n.body.slice(0, 2000), notificationType: n.type, data: n.data ?? {}, ...targetColumns(n.target) }),
    `user:${userId}`,
    { type: 'notification', id, notification_type: n.type, title, ...(origin ? { origin } : {}) },
  );
}

/** One prepared statement with the read filter and one without, per LIMIT (the page size rounded up to 10, 20 or 50). */
const notificationPage = preparedShapes(
  (s: { filtered: boolean; limit: number }) => `notifications_page_${s.filtered ? 'by_read' : 'all'}_${s.limit}`,
  (db, s) =>
    db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, sql.placeholder('user_id')), s.filtered ? eq(notifications.isRead, sql.placeholder('is_read')) : undefined))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(literalLimit(s.limit))
      .offset(sql.placeholder('offset')),
);

/**
 * The word on the bus that a person's notifications were marked read (kept-until-changed's scope is the person). A new
 * notification needs no word of its own: its push on `user:<id>` (notifyStatement) is heard by every process.
 */
export const NOTIFICATIONS_READ = 'notifications_read';

export type NotificationsDeps = {
  db: Db;
  /**
   * Each person's pages of notifications, kept until they change (routes.ts): the bell's list is read again by every
   * tab of the person at every push, and most reads find it as it was. The scope is the person's id, so a page is only
   * ever served to the person it was read for.
   */
  pages: KeptUntilChanged<Notification[]>;
};

/** A page of the person's notifications, newest first, read from the database. */
export async function readNotifications(db: Db, userId: string, page: number, pageSize: number, isRead?: boolean): Promise<Notification[]> {
  const limit = pageSize <= 10 ? 10 : pageSize <= 20 ? 20 : 50;
  const rows = await notificationPage({ filtered: isRead !== undefined, limit })(db).execute({ user_id: userId, is_read: isRead, offset: (page - 1) * pageSize });
  return rows.slice(0, pageSize).map(toDto);
}

/** The bell's list: a page of the person's notifications as kept, or read afresh. */
export function listNotifications(deps: NotificationsDeps, userId: string, page: number, pageSize: number, isRead?: boolean): Promise<Notification[]> {
  return deps.pages.get(userId, `${isRead ?? 'any'}:${page}:${pageSize}`, () => readNotifications(deps.db, userId, page, pageSize, isRead));
}

/**
 * Marks the person's notifications that `which` names (all, without it) read, never another's, and says so on the bus
 * in the same transaction (every process forgets the person's kept pages once it commits); this process forgets them at
 * once after.
 */
async function markedRead(deps: NotificationsDeps, userId: string, which: SQL | undefined): Promise<{ id: string }[]> {
  try {
    return await deps.db.transaction(async (tx) => {
      const rows = await tx
        .update(notifications)
        .set({ isRead: true })
        .where(and(eq(notifications.userId, userId), which))
        .returning({ id: notifications.id });
      if (rows.length > 0) await tx.execute(changedStatement(NOTIFICATIONS_READ, userId));
      return rows;
    });
  } finally {
    deps.pages.changed(userId);
  }
}

/** Only the owner may mark theirs; someone else's id answers 404, as if it did not exist. */
export async function markRead(deps: NotificationsDeps, userId: string, id: string): Promise<{ id: string; is_read: true }> {
  const [row] = await markedRead(deps, userId, eq(notifications.id, id));
  if (!row) throw AppError.notFound('That notification');
  return { id: row.id, is_read: true };
}

/**
 * Marks every unread notification of the caller's as read, only theirs (markedRead names the owner), and only those
 * created at or before `before` when given: the newest one the person saw, so one arriving meanwhile stays unread.
 */
export async function markAllRead(deps: NotificationsDeps, userId: string, before?: string): Promise<MarkedAllRead> {
  const rows = await markedRead(
    deps,
    userId,
    and(
      eq(notifications.isRead, false),
      // The list shows times to the millisecond; the column keeps microseconds.
      before === undefined ? undefined : lte(sql`date_trunc('milliseconds', ${notifications.createdAt})`, new Date(before)),
    ),
  );
  return { updated: rows.length };
}
