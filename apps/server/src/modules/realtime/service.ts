import { randomBytes } from 'node:crypto';
import { and, eq, exists, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users, wsTickets } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashRefreshToken } from '../../lib/tokens.ts';

export const TICKET_TTL_SECONDS = 30;

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
