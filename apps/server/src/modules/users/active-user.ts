import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

/** The caller's account row, if it may still act: a token of a deleted or deactivated account is as good as none. */
export async function activeUser(db: Db | Tx, userId: string) {
  const [user] = await db.select().from(users).where(and(eq(users.id, userId), eq(users.isActive, true)));
  if (!user) throw AppError.unauthenticated('Your account is no longer active. Please log in again.');
  return user;
}
