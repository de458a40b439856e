import { and, eq, isNull, sql } from 'drizzle-orm';
import { ErrorCode, type LoginInput, type LoginResponse, type TokenRefreshResponse } from '@localloop/contract';
import type { Db, Tx } from '../../db/client.ts';
import { refreshTokens, users, vendors } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { verifyAgainstNothing, verifyPassword } from '../../lib/passwords.ts';
import { REFRESH_TTL_MS, hashRefreshToken, newRefreshToken, type TokenService } from '../../lib/tokens.ts';

export type AuthDeps = { db: Db; tokens: TokenService; clock: Clock };
type SessionMeta = { userAgent?: string | undefined };

const invalidCredentials = () =>
  new AppError(401, ErrorCode.invalidCredentials, 'The e-mail or password is incorrect.');
const invalidRefresh = () =>
  new AppError(401, ErrorCode.refreshInvalid, 'Your session has ended. Please log in again.');

export async function loginWithPassword(deps: AuthDeps, input: LoginInput, meta: SessionMeta): Promise<LoginResponse> {
  const [user] = await deps.db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const ok = user?.passwordHash ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstNothing(input.password);
  if (!user || !ok || !user.isActive) throw invalidCredentials();
  return deps.db.transaction((tx) => startSession(deps, tx, user.id, meta));
}

/** Opens a new refresh-token family for the user and answers with the spec's login response. */
export async function startSession(deps: AuthDeps, tx: Tx, userId: string, meta: SessionMeta): Promise<LoginResponse> {
  const [row] = await tx
    .select({
      id: users.id,
      email: users.email,
      phoneNumber: users.phoneNumber,
      vendorId: vendors.id,
      isApproved: vendors.isApproved,
      isSuspended: vendors.isSuspended,
      kycStatus: vendors.kycStatus,
    })
    .from(users)
    .leftJoin(vendors, eq(vendors.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw AppError.notFound('The account');
  const refresh = await issueRefreshToken(deps, tx, userId, crypto.randomUUID(), meta);
  return {
    access: await deps.tokens.signAccess(userId),
    refresh,
    user: { id: row.id, phone_number: row.phoneNumber, email: row.email },
    vendor_id: row.vendorId,
    // The web app derives the vendor role from this: a suspended shop logs in as a user.
    is_approved: (row.isApproved ?? false) && !row.isSuspended,
    kyc_status: row.vendorId ? row.kycStatus : null,
  };
}

async function issueRefreshToken(deps: AuthDeps, tx: Tx, userId: string, familyId: string, meta: SessionMeta) {
  const { token, hash } = newRefreshToken();
  await tx.insert(refreshTokens).values({
    userId,
    familyId,
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
    const [row] = await tx
      .select({ token: refreshTokens, isActive: users.isActive })
      .from(refreshTokens)
      .innerJoin(users, eq(users.id, refreshTokens.userId))
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)))
      .for('update', { of: refreshTokens });
    if (!row || row.token.revokedAt || row.token.expiresAt <= now || !row.isActive) return { kind: 'invalid' } as const;
    // The conditional update lets exactly one of two concurrent rotations win.
    const spent = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.id, row.token.id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    if (spent.length === 0) return { kind: 'reused', familyId: row.token.familyId } as const;
    const refresh = await issueRefreshToken(deps, tx, row.token.userId, row.token.familyId, meta);
    return { kind: 'rotated', refresh, access: await deps.tokens.signAccess(row.token.userId) } as const;
  });

  if (outcome.kind === 'rotated') return { access: outcome.access, refresh: outcome.refresh };
  if (outcome.kind === 'reused') {
    await revokeFamily(deps.db, outcome.familyId, now);
    throw new AppError(401, ErrorCode.refreshReused, 'This session was ended for your safety. Please log in again.');
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
