import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { vendors } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

type VendorRow = typeof vendors.$inferSelect;

/** The account's shop when it is live (listed: approved, not suspended, its owner active). Else undefined. */
async function findApprovedVendor(db: Db | Tx, userId: string, lock: boolean): Promise<VendorRow | undefined> {
  const query = db.select().from(vendors).where(and(eq(vendors.userId, userId), sql`${vendors.listed}`));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Whether the account runs a live shop: the `auth: 'vendor'` role of the contract. */
export async function isApprovedVendor(db: Db | Tx, userId: string): Promise<boolean> {
  return (await findApprovedVendor(db, userId, false)) !== undefined;
}

/**
 * The caller's live shop, for what only approved vendors do (deals, services, providers, slots): 403 otherwise. Given a
 * transaction and `lock`, the vendor row stays locked until it ends, so a suspension cannot slip in between.
 */
export async function requireApprovedVendor(db: Db | Tx, userId: string, options: { lock?: boolean } = {}): Promise<VendorRow> {
  const vendor = await findApprovedVendor(db, userId, options.lock ?? false);
  if (!vendor) throw AppError.forbidden('Only approved vendors can do this. Finish your vendor profile and wait for its approval first.');
  return vendor;
}
