import { and, eq, inArray } from 'drizzle-orm';
import { ErrorCode, passwordProblem, type MessageResponse, type OtpSentResponse, type Profile, type ProfileUpdateInput } from '@localloop/contract';
import type { Db, Tx } from '../../db/client.ts';
import { media, otpCodes, users, vendorBankAccounts, vendorDocuments, vendorRevisions, vendors } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { violatedUniqueConstraint } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashRefreshToken } from '../../lib/tokens.ts';
import { refreshTokens } from '../../db/schema.ts';
import { assertContactsFree, passwordChanged, revokeAllSessions } from '../auth/flows.ts';
import { notify } from '../notifications/service.ts';
import { checkCode, issueCode, type OtpDeps } from '../auth/otp.ts';

export type UsersDeps = OtpDeps & {
  clock: Clock;
  /** The public URL of a stored file (local /media/… or the bucket). */
  mediaUrl: (key: string) => string;
};

async function activeUser(db: Db | Tx, userId: string) {
  const [user] = await db.select().from(users).where(and(eq(users.id, userId), eq(users.isActive, true)));
  // A token of a deleted or deactivated account is as good as none.
  if (!user) throw AppError.unauthenticated('Your account is no longer active. Please log in again.');
  return user;
}

/** Whether the account exists and may act (not deleted, not deactivated); asked for every authenticated request. */
export async function isActiveAccount(db: Db, userId: string): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), eq(users.isActive, true)));
  return user !== undefined;
}

export async function getProfile(deps: UsersDeps, db: Db | Tx, userId: string): Promise<Profile> {
  const [row] = await db
    .select({ user: users, vendor: vendors, image: media })
    .from(users)
    .leftJoin(vendors, eq(vendors.userId, users.id))
    .leftJoin(media, eq(media.id, users.profileImageId))
    .where(and(eq(users.id, userId), eq(users.isActive, true)));
  if (!row) throw AppError.unauthenticated('Your account is no longer active. Please log in again.');
  const { user, vendor, image } = row;
  return {
    id: user.id,
    email: user.email,
    phone_number: user.phoneNumber,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    profile_image: image ? deps.mediaUrl(image.storageKey) : null,
    profile_thumbnail: image ? deps.mediaUrl(image.thumbnailKey) : null,
    pending_email: user.pendingEmail,
    pending_phone_number: user.pendingPhoneNumber,
    has_password: user.passwordHash !== null,
    vendor_id: vendor?.id ?? null,
    is_approved: vendor ? vendor.isApproved && !vendor.isSuspended : false,
    kyc_status: vendor ? vendor.kycStatus : null,
    is_operator: user.isOperator,
    date_joined: user.createdAt.toISOString(),
  };
}

export async function updateProfile(deps: UsersDeps, userId: string, input: ProfileUpdateInput): Promise<Profile> {
  try {
    return await deps.db.transaction(async (tx) => {
      await activeUser(tx, userId);
      if (input.username) await assertContactsFree(tx, { username: input.username }, userId);
      let profileImageId: string | null | undefined;
      if (input.profile_image === null) profileImageId = null;
      else if (input.profile_image !== undefined) profileImageId = await ownImageId(deps, tx, userId, input.profile_image);
      const changes = {
        ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
        ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
        ...(input.username !== undefined ? { username: input.username } : {}),
        ...(profileImageId !== undefined ? { profileImageId } : {}),
      };
      // A PATCH of nothing changes nothing (an UPDATE without a column is not SQL).
      if (Object.keys(changes).length > 0) await tx.update(users).set(changes).where(eq(users.id, userId));
      return getProfile(deps, tx, userId);
    });
  } catch (error) {
    if (violatedUniqueConstraint(error)?.includes('username')) {
      throw new AppError(409, 'USERNAME_TAKEN', 'This username is taken. Try another one.', { username: 'This username is taken. Try another one.' });
    }
    throw error;
  }
}

/** The image must be one this account uploaded: a URL of someone else's upload is refused. */
async function ownImageId(deps: UsersDeps, tx: Tx, userId: string, url: string): Promise<string> {
  const mine = await tx.select().from(media).where(eq(media.ownerId, userId));
  const match = mine.find((m) => deps.mediaUrl(m.storageKey) === url || deps.mediaUrl(m.thumbnailKey) === url);
  if (!match) {
    throw new AppError(400, ErrorCode.validation, 'Upload the image first, then choose it as your profile image.', {
      profile_image: 'This is not an image you uploaded.',
    });
  }
  return match.id;
}

/** A new e-mail or phone number waits with a code; it replaces the current one only once the code is back. */
export async function startContactChange(
  deps: UsersDeps,
  userId: string,
  input: { email?: string | undefined; phone_number?: string | undefined },
): Promise<OtpSentResponse & { flowId: string }> {
  return deps.db.transaction(async (tx) => {
    const user = await activeUser(tx, userId);
    if ((input.email && input.email === user.email?.toLowerCase()) || (input.phone_number && input.phone_number === user.phoneNumber)) {
      const field = input.email ? 'email' : 'phone_number';
      throw new AppError(400, ErrorCode.validation, 'This is already your current one.', { [field]: 'This is already your current one.' });
    }
    await assertContactsFree(tx, input, userId);
    if (input.email) {
      await tx.update(users).set({ pendingEmail: input.email }).where(eq(users.id, userId));
      return issueCode(deps, tx, { purpose: 'verify_email', channel: 'email', destination: input.email, userId });
    }
    const phone = input.phone_number ?? '';
    await tx.update(users).set({ pendingPhoneNumber: phone }).where(eq(users.id, userId));
    return issueCode(deps, tx, { purpose: 'verify_phone', channel: 'sms', destination: phone, userId });
  });
}

export async function finishContactChange(deps: UsersDeps, userId: string, channel: 'email' | 'sms', otp: string): Promise<Profile> {
  const user = await activeUser(deps.db, userId);
  const pending = channel === 'email' ? user.pendingEmail : user.pendingPhoneNumber;
  if (!pending) {
    throw new AppError(400, 'NO_PENDING_CODE', `There is no new ${channel === 'email' ? 'e-mail address' : 'phone number'} waiting to be confirmed.`);
  }
  const row = await checkCode(deps, channel === 'email' ? 'verify_email' : 'verify_phone', pending, otp);
  if (row.userId !== userId) throw new AppError(400, 'OTP_INVALID', 'This code is not for your account.', { otp: 'This code is not for your account.' });
  try {
    return await deps.db.transaction(async (tx) => {
      await assertContactsFree(tx, channel === 'email' ? { email: pending } : { phone_number: pending }, userId);
      await tx
        .update(users)
        .set(channel === 'email' ? { email: pending, pendingEmail: null } : { phoneNumber: pending, pendingPhoneNumber: null })
        .where(eq(users.id, userId));
      await notify(tx, userId, {
        title: channel === 'email' ? 'Your e-mail address was changed' : 'Your phone number was changed',
        body: `It is now ${pending}. If this was not you, contact support.`,
        type: 'security',
      });
      return getProfile(deps, tx, userId);
    });
  } catch (error) {
    const constraint = violatedUniqueConstraint(error);
    if (constraint !== null) {
      const field = channel === 'email' ? 'email' : 'phone_number';
      throw new AppError(409, channel === 'email' ? 'EMAIL_TAKEN' : 'PHONE_TAKEN', 'Another account started using it meanwhile.', {
        [field]: 'Another account uses this now.',
      });
    }
    throw error;
  }
}

/** Needs the current password; every other session ends, this device's (its refresh token) stays. */
export async function changePassword(
  deps: UsersDeps,
  userId: string,
  input: { current_password: string; new_password: string; refresh?: string | undefined },
): Promise<MessageResponse> {
  const user = await activeUser(deps.db, userId);
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.current_password))) {
    // 400, not 401: a wrong password here is a form error, not an expired session.
    throw new AppError(400, ErrorCode.invalidCredentials, 'The current password is incorrect.', { current_password: 'The current password is incorrect.' });
  }
  const problem = passwordProblem(input.new_password, { email: user.email, username: user.username });
  if (problem) throw new AppError(400, ErrorCode.validation, problem, { new_password: problem });
  const passwordHash = await hashPassword(input.new_password);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await notify(tx, userId, passwordChanged);
    const [current] = input.refresh
      ? await tx
          .select({ familyId: refreshTokens.familyId })
          .from(refreshTokens)
          .where(and(eq(refreshTokens.tokenHash, hashRefreshToken(input.refresh)), eq(refreshTokens.userId, userId)))
      : [];
    await revokeAllSessions(tx, userId, deps.clock(), current?.familyId);
  });
  return { message: 'Your password has been changed. You are still logged in here; every other device was logged out.' };
}

export async function logoutEverywhere(deps: UsersDeps, userId: string): Promise<MessageResponse> {
  await deps.db.transaction((tx) => revokeAllSessions(tx, userId, deps.clock()));
  return { message: 'You have been logged out on every device.' };
}

/**
 * Deletes the account: personal data is removed (contact details, names, password, Google link,
 * profile image, pending codes) and the row stays, anonymised, so bookings and purchases keep
 * their vendor's records. A vendor's shop stops being listed.
 */
/**
 * Deletes the account: personal data cleared, sessions revoked, the shop taken down, and its uploads and KYC
 * documents (identity papers) and payout account removed. The keys of the files to remove are returned:
 * `removedKeys` in public storage, `removedPrivateKeys` in private storage.
 */
export async function deleteAccount(
  deps: UsersDeps,
  userId: string,
  password: string | undefined,
): Promise<{ message: string; removedKeys: string[]; removedPrivateKeys: string[] }> {
  const user = await activeUser(deps.db, userId);
  if (user.passwordHash && !(password && (await verifyPassword(user.passwordHash, password)))) {
    throw new AppError(400, ErrorCode.invalidCredentials, 'The password is incorrect.', { password: 'The password is incorrect.' });
  }
  const now = deps.clock();
  const { removedKeys, removedPrivateKeys } = await deps.db.transaction(async (tx) => {
    const images = await tx.delete(media).where(eq(media.ownerId, userId)).returning({ key: media.storageKey, thumb: media.thumbnailKey });
    const ownVendor = tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.userId, userId));
    const documents = await tx.delete(vendorDocuments).where(inArray(vendorDocuments.vendorId, ownVendor)).returning({ key: vendorDocuments.storageKey });
    await tx.delete(vendorBankAccounts).where(inArray(vendorBankAccounts.vendorId, ownVendor));
    await tx.delete(vendorRevisions).where(inArray(vendorRevisions.vendorId, ownVendor));
    await tx
      .update(users)
      .set({
        email: null,
        phoneNumber: null,
        username: null,
        firstName: '',
        lastName: '',
        passwordHash: null,
        profileImageId: null,
        pendingEmail: null,
        pendingPhoneNumber: null,
        googleSub: null,
        isActive: false,
        deletedAt: now,
      })
      .where(eq(users.id, userId));
    await tx.delete(otpCodes).where(eq(otpCodes.userId, userId));
    await tx.update(vendors).set({ isApproved: false }).where(eq(vendors.userId, userId));
    await revokeAllSessions(tx, userId, now);
    return { removedKeys: images.flatMap((i) => [i.key, i.thumb]), removedPrivateKeys: documents.map((d) => d.key) };
  });
  return { message: 'Your account has been deleted.', removedKeys, removedPrivateKeys };
}
