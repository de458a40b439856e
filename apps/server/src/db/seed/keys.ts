import type { Tx } from '../client.ts';
import { demoSeed } from '../schema.ts';

/**
 * Claims the keys that no seed has created yet and answers those: only their items may be created. A key stays once
 * claimed, so what a person deleted later (an account, anonymised; a vendor's address) is never created again.
 */
export async function claimSeedKeys(tx: Tx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await tx
    .insert(demoSeed)
    .values(keys.map((key) => ({ key })))
    .onConflictDoNothing()
    .returning({ key: demoSeed.key });
  return new Set(rows.map((r) => r.key));
}
