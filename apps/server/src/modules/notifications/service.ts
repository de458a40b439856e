import { randomBytes } from 'node:crypto';
import { and, desc, eq, exists, gt, isNull } from 'drizzle-orm';
import type { Notification } from '@localloop/contract';
import type { Db, Tx } from '../../db/client.ts';
import { notifications, users, wsTickets } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { publish } from '../../lib/realtime.ts';
import { hashRefreshToken } from '../../lib/tokens.ts';

export const TICKET_TTL_SECONDS = 30;

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
 * and the push to the user's sockets goes out only if that transaction commits.
 */
export async function notify(tx: Tx, userId: string, n: NewNotification): Promise<void> {
  const [row] = await tx
    .insert(notifications)
    .values({ userId, title: n.title.slice(0, 200), body: n.body.slice(0, 2000), notificationType: n.type, data: n.data ?? {} })
    .returning();
  if (row) await publish(tx, `user:${userId}`, { type: 'notification', notification: toDto(row) });
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

/** A ticket carries the token version of the access token that asked for it: a logout everywhere makes it worthless. */
export async function issueTicket(db: Db, clock: Clock, userId: string, tokenVersion: number): Promise<{ ticket: string; expires_in: number }> {
  const ticket = randomBytes(24).toString('base64url');
  await db
    .insert(wsTickets)
    .values({ userId, tokenVersion, ticketHash: hashRefreshToken(ticket), expiresAt: new Date(clock().getTime() + TICKET_TTL_SECONDS * 1000) });
  return { ticket, expires_in: TICKET_TTL_SECONDS };
}

/**
 * Spends a ticket: the user it was issued to and its token version, or null when it is unknown, used, expired, or
 * older than the account's sessions (a password change or logout everywhere since), or the account is gone.
 */
export async function redeemTicket(db: Db, clock: Clock, ticket: string): Promise<{ userId: string; tokenVersion: number } | null> {
  const now = clock();
  const current = db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, wsTickets.userId), eq(users.tokenVersion, wsTickets.tokenVersion), eq(users.isActive, true)));
  const [row] = await db
    .update(wsTickets)
    .set({ usedAt: now })
    .where(and(eq(wsTickets.ticketHash, hashRefreshToken(ticket)), isNull(wsTickets.usedAt), gt(wsTickets.expiresAt, now), exists(current)))
    .returning({ userId: wsTickets.userId, tokenVersion: wsTickets.tokenVersion });
  return row ?? null;
}
