import type { Clock } from './clock.ts';

/**
 * The token version of each account that signed-in requests carry, kept in the process so that a signed-in read costs
 * its own statements and not one more for the caller's account (every signed-in request asks; lib/auth.ts).
 *
 * A version only changes where an account's sessions end (auth's endSessions: a password change or reset, a logout
 * everywhere, a deletion), and that publishes "sessions ended" on the realtime bus to every process once it commits.
 * So what is kept is true for as long as the bus is heard:
 * - word from the bus that an account's sessions ended forgets its version (`ended`), and a read begun before the word
 *   is not kept (it may have seen the row before the commit);
 * - the process that ends them forgets at once and keeps nothing of that account for `holdMs` (`ending`), so its own
 *   next request does not wait for the bus to come round to it;
 * - while the bus is down nothing is kept or used (`busDown`): its notifications are lost, and the listener is told
 *   apart within half a minute even when its connection dies silently (db/client.ts); once it is back (`busUp`)
 *   everything is asked afresh;
 * - an entry is used for at most `ttlMs` whatever happens, the bound on a silent death of the bus not yet noticed;
 * - only accounts that may act are kept (a deleted or deactivated one is asked every time), at most `max` of them,
 *   the longest unasked leaving first.
 */
export type SessionVersions = {
  /** The account's current token version, or null when it may no longer act. */
  of(userId: string): Promise<number | null>;
  /** This process is ending the account's sessions (inside the transaction that does it). */
  ending(userId: string): void;
  /** The bus says the account's sessions ended (in any process). */
  ended(userId: string): void;
  busDown(): void;
  busUp(): void;
};

type Options = {
  read: (userId: string) => Promise<number | null>;
  clock: Clock;
  ttlMs?: number;
  holdMs?: number;
  max?: number;
};

export function sessionVersions({ read, clock, ttlMs = 30_000, holdMs = 10_000, max = 50_000 }: Options): SessionVersions {
  const kept = new Map<string, { version: number; at: number }>();
  const held = new Map<string, number>();
  // Raised by every forgetting: a read that began before one is not kept.
  let generation = 0;
  let trusted = true;
  const forget = (userId?: string) => {
    generation += 1;
    if (userId === undefined) kept.clear();
    else kept.delete(userId);
  };
  const isHeld = (userId: string, now: number) => {
    const until = held.get(userId);
    if (until === undefined) return false;
    if (until > now) return true;
    held.delete(userId);
    return false;
  };
  return {
    async of(userId) {
      const now = clock().getTime();
      const hit = trusted ? kept.get(userId) : undefined;
      if (hit && now - hit.at < ttlMs) {
        // Most recently asked last: the first in the map is the one to drop.
        kept.delete(userId);
        kept.set(userId, hit);
        return hit.version;
      }
      const began = generation;
      const version = await read(userId);
      if (version !== null && trusted && began === generation && !isHeld(userId, clock().getTime())) {
        kept.delete(userId);
        kept.set(userId, { version, at: now });
        if (kept.size > max) kept.delete(kept.keys().next().value as string);
      }
      return version;
    },
    ending(userId) {
      forget(userId);
      const now = clock().getTime();
      if (held.size >= 1000) for (const [id, until] of held) if (until <= now) held.delete(id);
      held.set(userId, now + holdMs);
    },
    ended(userId) {
      forget(userId);
    },
    busDown() {
      trusted = false;
      forget();
    },
    busUp() {
      forget();
      trusted = true;
    },
  };
}
