import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import { takeTurn, type Db } from '../../db/client.ts';
import { loginFailures } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Password guessing, per account (docs/decisions/0006):
 * - one requester (IP) may get the password of one account wrong PER_SOURCE_FAILURES times in WINDOW, then it waits;
 * - past UNTRUSTED_FAILURES wrong tries in WINDOW from browsers the account never logged in from, such a browser may try
 *   once every SLOWDOWN_SECONDS (a slowdown, not a lock: the owner is never shut out);
 * - a browser that logged in to the account before (a signed device cookie) skips the slowdown, and its wrong tries are
 *   counted apart from strangers' on the same network, so a stranger's guessing never locks out the owner on their own
 *   devices.
 * Every try is recorded as a failure before the password is checked (so parallel guesses are counted too) and cleared
 * when it succeeds. The key hashes the account when there is one and the typed e-mail or phone when there is not, so a
 * throttle answers alike for addresses with and without an account.
 */
export const WINDOW_MINUTES = 15;
export const PER_SOURCE_FAILURES = 5;
export const UNTRUSTED_FAILURES = 10;
export const SLOWDOWN_SECONDS = 30;
/** How long a browser stays trusted for an account after a successful log-in there. */
export const DEVICE_TRUST_DAYS = 180;
const MAX_TRUSTED_ACCOUNTS = 5;

export type ThrottleDeps = { db: Db; clock: Clock; secret: string };
export type Attempt = { id: string; accountKey: string; requester: string };

export function accountKeyOf(secret: string, account: { userId: string } | { identifier: string }): string {
  const what = 'userId' in account ? `user:${account.userId}` : `typed:${account.identifier.toLowerCase()}`;
  return createHmac('sha256', secret).update(`login:${what}`).digest('base64url').slice(0, 22);
}

/** Reserves one try at the account's password, or refuses with 429 (and Retry-After). */
export async function reserveAttempt(deps: ThrottleDeps, accountKey: string, requester: string, trusted: boolean): Promise<Attempt> {
  const now = deps.clock();
  const since = new Date(now.getTime() - WINDOW_MINUTES * 60_000);
  return deps.db.transaction(async (tx) => {
    // One account's tries are counted one at a time, so parallel guesses cannot all pass the count.
    await takeTurn(tx, `login:${accountKey}`);
    const [counts] = await tx
      .select({
        // A trusted browser's tries are counted apart from strangers' on the same network (an office, a carrier's NAT).
        mine: sql<number>`count(*) FILTER (WHERE ${loginFailures.requester} = ${requester} AND ${loginFailures.trusted} = ${trusted})::int`,
        mineOldest: sql<string | null>`min(${loginFailures.createdAt}) FILTER (WHERE ${loginFailures.requester} = ${requester} AND ${loginFailures.trusted} = ${trusted})`,
        untrusted: sql<number>`count(*) FILTER (WHERE NOT ${loginFailures.trusted})::int`,
        untrustedLast: sql<string | null>`max(${loginFailures.createdAt}) FILTER (WHERE NOT ${loginFailures.trusted})`,
      })
      .from(loginFailures)
      .where(and(eq(loginFailures.accountKey, accountKey), gt(loginFailures.createdAt, since)));
    const mine = counts?.mine ?? 0;
    if (mine >= PER_SOURCE_FAILURES && counts?.mineOldest) {
      const wait = secondsUntil(new Date(counts.mineOldest), WINDOW_MINUTES * 60, now);
      throw new AppError('LOGIN_THROTTLED',
        `Too many wrong passwords for this account from your network. Try again in ${Math.ceil(wait / 60)} minutes, or reset your password.`,
        undefined,
        wait,
      );
    }
    if (!trusted && (counts?.untrusted ?? 0) >= UNTRUSTED_FAILURES && counts?.untrustedLast) {
      const resumesAt = new Date(counts.untrustedLast).getTime() + SLOWDOWN_SECONDS * 1000;
      if (resumesAt > now.getTime()) {
        const wait = secondsUntil(new Date(counts.untrustedLast), SLOWDOWN_SECONDS, now);
        throw new AppError('LOGIN_SLOWED',
          `This account had many wrong passwords lately, so new devices must wait between tries. Try again in ${wait} seconds, or reset your password.`,
          undefined,
          wait,
        );
      }
    }
    const id = crypto.randomUUID();
    await tx.insert(loginFailures).values({ id, accountKey, requester, trusted, createdAt: now });
    // Old rows of this account go as new ones come; the rest age out in pruneLoginFailures.
    await tx.delete(loginFailures).where(and(eq(loginFailures.accountKey, accountKey), lt(loginFailures.createdAt, since)));
    return { id, accountKey, requester };
  });
}

/** The password was right: this try and this requester's earlier failures for the account are forgotten. */
export async function attemptSucceeded(db: Db, attempt: Attempt): Promise<void> {
  await db
    .delete(loginFailures)
    .where(or(eq(loginFailures.id, attempt.id), and(eq(loginFailures.accountKey, attempt.accountKey), eq(loginFailures.requester, attempt.requester))));
}

function secondsUntil(from: Date, afterSeconds: number, now: Date): number {
  return Math.max(1, Math.ceil((from.getTime() + afterSeconds * 1000 - now.getTime()) / 1000));
}

// ---- The device cookie: which accounts have logged in from this browser ----------------------------------------

export const DEVICE_COOKIE = 'll_device';

/** The account keys a signed, unexpired device cookie names; anything else names none. */
export function trustedAccounts(secret: string, cookie: string | undefined, now: Date): string[] {
  const [payload = '', signature = ''] = (cookie ?? '').split('.');
  if (!payload || !signature) return [];
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return [];
  try {
    const { keys, exp } = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { keys?: unknown; exp?: unknown };
    if (typeof exp !== 'number' || exp * 1000 <= now.getTime() || !Array.isArray(keys)) return [];
    return keys.filter((k): k is string => typeof k === 'string');
  } catch {
    return [];
  }
}

/** The cookie value after a successful log-in to `accountKey`: it is added (most recent first, at most five). */
export function deviceCookieWith(secret: string, current: string[], accountKey: string, now: Date): string {
  const keys = [accountKey, ...current.filter((k) => k !== accountKey)].slice(0, MAX_TRUSTED_ACCOUNTS);
  const payload = Buffer.from(JSON.stringify({ keys, exp: Math.floor(now.getTime() / 1000) + DEVICE_TRUST_DAYS * 86_400 })).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`device:${payload}`).digest('base64url');
}

/** Failures older than a day are no use to any limit. */
export async function pruneLoginFailures(db: Db, now: Date): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, new Date(now.getTime() - 24 * 3600_000)));
}
