import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { ErrorCode, type LoginResponse, type TokenRefreshResponse } from '@localloop/contract';
import type { Db, Tx } from '../../db/client.ts';
import { otpCodes, refreshTokens, users, vendors, wsTickets } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { publishSessionsEnded } from '../../lib/realtime.ts';
import type { SessionVersions } from '../../lib/session-versions.ts';
import { accountKeyOf, attemptSucceeded, reserveAttempt } from './throttle.ts';
import { verifyAgainstNothing, verifyPassword } from '../../lib/passwords.ts';
import { REFRESH_TTL_MS, hashRefreshToken, newRefreshToken, type AccessClaims, type TokenService } from '../../lib/tokens.ts';

export type AuthDeps = { db: Db; tokens: TokenService; clock: Clock };
type SessionMeta = { userAgent?: string | undefined };

const invalidCredentials = () =>
  new AppError(ErrorCode.invalidCredentials, 'The e-mail or password is incorrect.');
const invalidRefresh = () =>
  new AppError(ErrorCode.refreshInvalid, 'Your session has ended. Please log in again.');

/** Who is trying to log in: the browser, the requester's keyed address hash, and the accounts its device cookie names. */
export type LoginMeta = SessionMeta & { requester: string; trustedAccounts: string[] };

/**
 * Logs in with the password (the e-mail, or on the older /login/ the phone number). The try is reserved against the
 * per-account throttle before the password is checked (throttle.ts); the answer for a wrong password, an unknown
 * address and a deactivated account is the same, in the same time. Also answers the account key, for the device cookie.
 */
export async function loginWithPassword(
  deps: AuthDeps & { secret: string },
  input: { email?: string | undefined; phone_number?: string | undefined; password: string },
  meta: LoginMeta,
  refusal = invalidCredentials,
): Promise<LoginResponse & { accountKey: string }> {
  const [user] = await deps.db
    .select()
    .from(users)
    .where(input.email ? eq(users.email, input.email) : eq(users.phoneNumber, input.phone_number ?? ''))
    .limit(1);
  const accountKey = accountKeyOf(deps.secret, user ? { userId: user.id } : { identifier: input.email ?? input.phone_number ?? '' });
  const attempt = await reserveAttempt(deps, accountKey, meta.requester, meta.trustedAccounts.includes(accountKey));
  let ok: boolean;
  try {
    ok = user?.passwordHash ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstNothing(input.password);
  } catch (error) {
    // Not a wrong password (the hashing queue was full): the reserved try does not count against the account.
    await attemptSucceeded(deps.db, attempt);
    throw error;
  }
  if (!user || !ok || !user.isActive) throw refusal();
  await attemptSucceeded(deps.db, attempt);
  const session = await inNewSession(deps, async (tx) => {
    // The password was checked outside this transaction: if it was changed or reset meanwhile, the old one opens
    // nothing. The row stays share-locked until commit, so a concurrent end of every session waits for this one.
    const [current] = await tx.select({ passwordHash: users.passwordHash, isActive: users.isActive }).from(users).where(eq(users.id, user.id)).for('share');
    if (!current?.isActive || current.passwordHash !== user.passwordHash) throw refusal();
    return openSession(deps, tx, user.id, meta);
  });
  return { ...session, accountKey };
}

/** A session whose rows are written; its access token is signed once the transaction has committed. */
export type OpenedSession = Omit<LoginResponse, 'access'> & { claims: AccessClaims };

/**
 * Runs `work` (which opens a session) in a transaction and signs the access token after it commits: no connection
 * waits "idle in transaction" on CPU work, and no token exists for a session that rolled back.
 */
export async function inNewSession(deps: AuthDeps, work: (tx: Tx) => Promise<OpenedSession>): Promise<LoginResponse> {
  const { claims, ...session } = await deps.db.transaction(work);
  return { access: deps.tokens.signAccess(claims), ...session };
}

/** Opens a new refresh-token family for the user; the caller signs the access token after commit (inNewSession). */
export async function openSession(deps: AuthDeps, tx: Tx, userId: string, meta: SessionMeta): Promise<OpenedSession> {
  const [row] = await tx
    .select({
      id: users.id,
      email: users.email,
      phoneNumber: users.phoneNumber,
      tokenVersion: users.tokenVersion,
      vendorId: vendors.id,
      isApproved: vendors.isApproved,
      isSuspended: vendors.isSuspended,
      kycStatus: vendors.kycStatus,
    })
    .from(users)
    .leftJoin(vendors, eq(vendors.userId, users.id))
    .where(eq(users.id, userId))
    // Until commit: ending every session (which raises the version) waits, then revokes this new family too.
    .for('share', { of: users });
  if (!row) throw AppError.notFound('The account');
  const authenticatedAt = deps.clock();
  const refresh = await issueRefreshToken(deps, tx, { userId, familyId: crypto.randomUUID(), authenticatedAt }, meta);
  return {
    claims: { userId, version: row.tokenVersion, authTime: Math.floor(authenticatedAt.getTime() / 1000) },
    refresh,
    user: { id: row.id, phone_number: row.phoneNumber, email: row.email },
    vendor_id: row.vendorId,
    // The web app derives the vendor role from this: a suspended shop logs in as a user.
    is_approved: (row.isApproved ?? false) && !row.isSuspended,
    kyc_status: row.vendorId ? row.kycStatus : null,
  };
}

type Family = { userId: string; familyId: string; authenticatedAt: Date };

async function issueRefreshToken(deps: AuthDeps, tx: Tx, family: Family, meta: SessionMeta) {
  const { token, hash } = newRefreshToken();
  await tx.insert(refreshTokens).values({
    ...family,
    tokenHash: hash,
    expiresAt: new Date(deps.clock().getTime() + REFRESH_TTL_MS),
    userAgent: meta.userAgent?.slice(0, 300),
  });
  return token;
}

/**
 * Rotates a refresh token: the presented one is spent and a new one of the same family issued.
 * A token presented a second time means it leaked: the whole family is revoked.
 */
export async function rotateRefreshToken(deps: AuthDeps, token: string, meta: SessionMeta): Promise<TokenRefreshResponse> {
  const now = deps.clock();
  const outcome = await deps.db.transaction(async (tx) => {
    const tokenHash = hashRefreshToken(token);
    const [owner] = await tx.select({ userId: refreshTokens.userId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
    if (!owner) return { kind: 'invalid' } as const;
    // The account first, then the token, in the order endSessions takes them: a rotation racing the end of every
    // session either finishes before it (and its new token is revoked with the rest) or sees the token revoked.
    const [account] = await tx
      .select({ isActive: users.isActive, tokenVersion: users.tokenVersion })
      .from(users)
      .where(eq(users.id, owner.userId))
      .for('share');
    const [current] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).for('update');
    const row = current && account ? { token: current, ...account } : undefined;
    if (!row || row.token.revokedAt || row.token.expiresAt <= now || !row.isActive) return { kind: 'invalid' } as const;
    // The conditional update lets exactly one of two concurrent rotations win.
    const spent = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.id, row.token.id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    if (spent.length === 0) return { kind: 'reused', familyId: row.token.familyId } as const;
    const { userId, familyId, authenticatedAt } = row.token;
    const refresh = await issueRefreshToken(deps, tx, { userId, familyId, authenticatedAt }, meta);
    const claims = { userId, version: row.tokenVersion, authTime: Math.floor(authenticatedAt.getTime() / 1000) };
    return { kind: 'rotated', refresh, claims } as const;
  });

  // Signed after the commit: no connection is held while a token is made.
  if (outcome.kind === 'rotated') return { access: deps.tokens.signAccess(outcome.claims), refresh: outcome.refresh };
  if (outcome.kind === 'reused') {
    await revokeFamily(deps.db, outcome.familyId, now);
    throw new AppError(ErrorCode.refreshReused, 'This session was ended for your safety. Please log in again.');
  }
  throw invalidRefresh();
}

export async function revokeFamily(db: Db | Tx, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`coalesce(${refreshTokens.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(refreshTokens.familyId, familyId));
}

/** Ends the session the refresh token belongs to. Unknown tokens are ignored: logging out twice is fine. */
export async function logout(deps: AuthDeps, token: string): Promise<void> {
  const [row] = await deps.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
  if (row) await revokeFamily(deps.db, row.familyId, deps.clock());
}

/**
 * Ends every session of an account at once (a password reset or change, a logout everywhere, a deletion): its refresh
 * tokens are revoked (but for `keepFamilyId`, this device's, which must refresh to go on), the token version rises so
 * that every access token issued before stops working, open realtime sockets close, and unused realtime tickets and
 * reset tokens are thrown away.
 */
export async function endSessions(sessions: SessionVersions, tx: Tx, userId: string, now: Date, keepFamilyId?: string): Promise<void> {
  // This process forgets the account's kept version now, not when the bus brings the word round after the commit.
  sessions.ending(userId);
  // The version first: it locks the account row, so a log-in or rotation in flight (holding it shared) finishes first
  // and the revocation below, a later statement, sees its new refresh token.
  const [raised] = await tx
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ tokenVersion: users.tokenVersion });
  await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined));
  // Sockets opened before this close on every server process, once this commits.
  if (raised) await publishSessionsEnded(tx, userId, raised.tokenVersion);
  await tx.delete(wsTickets).where(and(eq(wsTickets.userId, userId), isNull(wsTickets.usedAt)));
  // A reset token not yet spent (a checked code waiting for its new password) must not outlive this either.
  await tx.update(otpCodes).set({ tokenUsedAt: now }).where(and(eq(otpCodes.userId, userId), isNotNull(otpCodes.tokenHash), isNull(otpCodes.tokenUsedAt)));
}
