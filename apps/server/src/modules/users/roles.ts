import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

/** Whether the account is an active operator, read from the database on every call (never from the token). */
export async function isOperator(db: Db | Tx, userId: string | null): Promise<boolean> {
  if (!userId) return false;
  const [user] = await db.select({ isOperator: users.isOperator }).from(users).where(and(eq(users.id, userId), eq(users.isActive, true)));
  return user?.isOperator ?? false;
}

/** Refuses anyone but an operator: 403 for a signed-in account that is not one. */
export async function requireOperator(db: Db | Tx, userId: string): Promise<void> {
  if (!(await isOperator(db, userId))) throw AppError.forbidden('Only marketplace operators can do this.');
}
