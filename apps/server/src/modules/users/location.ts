import { eq } from 'drizzle-orm';
import type { AccountLocation, AccountLocationInput, AccountLocationResponse } from '@localloop/contract';
import type { Db, Tx } from '../../db/client.ts';
import { userLocations } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { activeUser } from './active-user.ts';

type Row = typeof userLocations.$inferSelect;

export function toAccountLocation(row: Row): AccountLocation {
  return {
    city: row.city,
    state: row.state,
    country: row.country,
    area: row.area,
    formatted_address: row.formattedAddress,
    latitude: row.latitude,
    longitude: row.longitude,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The caller's own location: the row is found by the signed-in account's id, so no one reads another's. */
export async function getAccountLocation(db: Db | Tx, userId: string): Promise<AccountLocationResponse> {
  await activeUser(db, userId);
  const [row] = await db.select().from(userLocations).where(eq(userLocations.userId, userId));
  return { location: row ? toAccountLocation(row) : null };
}

/** Keeps the chosen area with the caller's own account, replacing the one before (one row per account). */
export async function saveAccountLocation(deps: { db: Db; clock: Clock }, userId: string, input: AccountLocationInput): Promise<AccountLocation> {
  return deps.db.transaction(async (tx) => {
    await activeUser(tx, userId);
    const values = {
      city: input.city,
      state: input.state,
      country: input.country,
      area: input.area ?? '',
      formattedAddress: input.formatted_address,
      latitude: input.latitude,
      longitude: input.longitude,
      updatedAt: deps.clock(),
    };
    const [row] = await tx
      .insert(userLocations)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: userLocations.userId, set: values })
      .returning();
    if (!row) throw new Error('location not saved');
    return toAccountLocation(row);
  });
}
