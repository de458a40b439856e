import { randomBytes } from 'node:crypto';
import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import {
  ErrorCode,
  passwordProblem,
  type MessageResponse,
  type OtpSentResponse,
  type Profile,
  type ProfileUpdateInput,
  type UndoContactChangeResponse,
} from '@localloop/contract';
import type { Db, Tx } from '../../db/client.ts';
import { contactChanges, media, otpCodes, userLocations, users, vendorBankAccounts, vendorDocuments, vendorRevisions, vendors } from '../../db/schema.ts';
import type { Background } from '../../lib/background.ts';
import type { Clock } from '../../lib/clock.ts';
import type { OutgoingMessage } from '../../lib/messaging.ts';
import { violatedUniqueConstraint } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { prepared } from '../../lib/prepared.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashRefreshToken } from '../../lib/tokens.ts';
import { refreshTokens } from '../../db/schema.ts';
import type { SessionVersions } from '../../lib/session-versions.ts';
import { assertContactsFree, checkCode, endSessions, issueCode, mask, type OtpDeps, passwordChanged } from '../auth/index.ts';
import { notify } from '../notifications/index.ts';
import { keysOfImage } from '../uploads/index.ts';
import { activeUser } from './active-user.ts';
import { toAccountLocation } from './location.ts';

export type UsersDeps = OtpDeps & {
  clock: Clock;
  background: Background;
  /** Where people reach the app: links in messages. */
  publicUrl: string;
  /** The public URL of a stored file (local /media/… or the bucket). */
  mediaUrl: (key: string) => string;
  sessions: SessionVersions;
};


/**
 * The token version of an account that may act (not deleted, not deactivated), else null; asked for a signed-in
 * request whose account's version is not kept (lib/session-versions.ts): a prepared statement.
 */
const tokenVersionStatement = prepared('users_token_version', (db) =>
  db
    .select({ version: users.tokenVersion })
    .from(users)
    .where(and(eq(users.id, sql.placeholder('user')), sql`${users.isActive}`)),
);

export async function tokenVersionOf(db: Db, userId: string): Promise<number | null> {
  const [user] = await tokenVersionStatement(db).execute({ user: userId });
  return user?.version ?? null;
}

export async function getProfile(deps: UsersDeps, db: Db | Tx, userId: string): Promise<Profile> {
  const [row] = await db
    .select({ user: users, vendor: vendors, image: media, location: userLocations })
    .from(users)
    .leftJoin(vendors, eq(vendors.userId, users.id))
    .leftJoin(media, eq(media.id, users.profileImageId))
    .leftJoin(userLocations, eq(userLocations.userId, users.id))
    .where(and(eq(users.id, userId), eq(users.isActive, true)));
  if (!row) throw AppError.unauthenticated('Your account is no longer active. Please log in again.');
  const { user, vendor, image, location } = row;
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
    location: location ? toAccountLocation(location) : null,
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
      throw new AppError('USERNAME_TAKEN', 'This username is taken. Try another one.', { username: 'This username is taken. Try another one.' });
    }
    throw error;
  }
}

/** The image must be one this account uploaded: a URL of someone else's upload is refused. */
async function ownImageId(deps: UsersDeps, tx: Tx, userId: string, url: string): Promise<string> {
  const mine = await tx.select().from(media).where(eq(media.ownerId, userId));
  const match = mine.find((m) => deps.mediaUrl(m.storageKey) === url || deps.mediaUrl(m.thumbnailKey) === url);
  if (!match) {
    throw new AppError(ErrorCode.validation, 'Upload the image first, then choose it as your profile image.', {
      profile_image: 'This is not an image you uploaded.',
    });
  }
  return match.id;
}

/** How recent a sign-in must be to change the e-mail or phone number without typing the password again. */
export const REAUTH_WINDOW_SECONDS = 5 * 60;
/** How long the old address may undo a change of the e-mail or phone number. */
export const UNDO_DAYS = 7;

/**
 * A stolen access token must not be enough to take the account: changing where codes go needs the current password,
 * or (an account without one, signed in with Google) a sign-in within the last few minutes.
 */
async function confirmIdentity(deps: UsersDeps, user: typeof users.$inferSelect, password: string | undefined, authTime: number): Promise<void> {
  if (password !== undefined) {
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, password))) {
      throw new AppError('CURRENT_PASSWORD_WRONG', 'The current password is incorrect.', { current_password: 'The current password is incorrect.' });
    }
    return;
  }
  const recent = deps.clock().getTime() / 1000 - authTime <= REAUTH_WINDOW_SECONDS;
  if (recent) return;
  if (user.passwordHash) {
    throw new AppError('CURRENT_PASSWORD_REQUIRED', 'Enter your current password to change this.', { current_password: 'Enter your current password.' });
  }
  throw new AppError('REAUTH_REQUIRED', 'For your safety, log in again, then change this within five minutes.');
}

/**
 * A new e-mail or phone number waits with a code; it replaces the current one only once the code is back. The code is
 * sent inside the transaction: if it cannot be delivered, nothing is left pending.
 */
export async function startContactChange(
  deps: UsersDeps,
  userId: string,
  input: { email?: string | undefined; phone_number?: string | undefined; current_password?: string | undefined },
  context: { authTime: number; requester: string },
): Promise<OtpSentResponse & { flowId: string }> {
  const user = await activeUser(deps.db, userId);
  if ((input.email && input.email === user.email?.toLowerCase()) || (input.phone_number && input.phone_number === user.phoneNumber)) {
    const field = input.email ? 'email' : 'phone_number';
    throw new AppError(ErrorCode.validation, 'This is already your current one.', { [field]: 'This is already your current one.' });
  }
  // Checked before the transaction: no connection waits on the password hash.
  await confirmIdentity(deps, user, input.current_password, context.authTime);
  return deps.db.transaction(async (tx) => {
    await activeUser(tx, userId);
    await assertContactsFree(tx, { email: input.email, phone_number: input.phone_number }, userId);
    const change = input.email
      ? ({ set: { pendingEmail: input.email }, purpose: 'verify_email', channel: 'email', destination: input.email } as const)
      : ({ set: { pendingPhoneNumber: input.phone_number ?? '' }, purpose: 'verify_phone', channel: 'sms', destination: input.phone_number ?? '' } as const);
    await tx.update(users).set(change.set).where(eq(users.id, userId));
    const { sent, message } = await issueCode(deps, tx, { purpose: change.purpose, channel: change.channel, destination: change.destination, userId, requester: context.requester });
    await deps.messenger.send(tx, message);
    return sent;
  });
}

/**
 * The code is back: the new e-mail or phone replaces the old one, and the old one is told, with a link that undoes the
 * change for UNDO_DAYS; a contact added where there was none is told to the account's other contact. The message goes
 * after the answer: the change stands even if it cannot go out at once.
 */
export async function finishContactChange(deps: UsersDeps, userId: string, channel: 'email' | 'sms', otp: string): Promise<Profile> {
  const user = await activeUser(deps.db, userId);
  const pending = channel === 'email' ? user.pendingEmail : user.pendingPhoneNumber;
  const noneWaiting = () =>
    new AppError('NO_PENDING_CODE', `There is no new ${channel === 'email' ? 'e-mail address' : 'phone number'} waiting to be confirmed.`);
  if (!pending) throw noneWaiting();
  await checkCode(deps, channel === 'email' ? 'verify_email' : 'verify_phone', pending, otp, { userId });
  try {
    const { profile, notice } = await deps.db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(and(eq(users.id, userId), eq(users.isActive, true))).for('update');
      // Checked again on the locked row: an undo (or another change) since the code was checked wins.
      if (!before || (channel === 'email' ? before.pendingEmail : before.pendingPhoneNumber) !== pending) throw noneWaiting();
      const old = channel === 'email' ? before.email : before.phoneNumber;
      const other = channel === 'email' ? before.phoneNumber : before.email;
      await assertContactsFree(tx, channel === 'email' ? { email: pending } : { phone_number: pending }, userId);
      await tx
        .update(users)
        .set(channel === 'email' ? { email: pending, pendingEmail: null } : { phoneNumber: pending, pendingPhoneNumber: null })
        .where(eq(users.id, userId));
      const toldTo = old ?? other;
      await notify(tx, userId, {
        title: channel === 'email' ? 'Your e-mail address was changed' : 'Your phone number was changed',
        body: `It is now ${pending}.${toldTo ? ` We told ${toldTo} too, with a link that undoes the change.` : ''} If this was not you, reset your password now.`,
        type: 'security',
        target: { kind: 'account_settings' },
      });
      const notice = toldTo ? await recordChange(deps, tx, { userId, channel, oldValue: old, newValue: pending, tellTo: toldTo }) : null;
      return { profile: await getProfile(deps, tx, userId), notice };
    });
    if (notice) deps.background.run('tell the old contact of a change', () => deps.messenger.send(deps.db, notice));
    return profile;
  } catch (error) {
    const constraint = violatedUniqueConstraint(error);
    if (constraint !== null) {
      const field = channel === 'email' ? 'email' : 'phone_number';
      throw new AppError(channel === 'email' ? 'EMAIL_TAKEN' : 'PHONE_TAKEN', 'Another account started using it meanwhile.', {
        [field]: 'Another account uses this now.',
      });
    }
    throw error;
  }
}

/** Records a confirmed change with its undo token, and words the message to `tellTo` (the old contact, or the other one). */
async function recordChange(
  deps: UsersDeps,
  tx: Tx,
  change: { userId: string; channel: 'email' | 'sms'; oldValue: string | null; newValue: string; tellTo: string },
): Promise<OutgoingMessage> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock();
  const { tellTo, ...row } = change;
  await tx.insert(contactChanges).values({
    ...row,
    undoTokenHash: hashRefreshToken(token),
    expiresAt: new Date(now.getTime() + UNDO_DAYS * 24 * 3600_000),
    createdAt: now,
  });
  const link = `${deps.publicUrl}/undo-change#${token}`;
  const what = change.channel === 'email' ? 'e-mail address' : 'phone number';
  const happened = change.oldValue
    ? `The ${what} of your LocalLoop account was changed${tellTo === change.oldValue ? ' from this one' : ''} to ${mask(change.newValue)}`
    : `A ${what} (${mask(change.newValue)}) was added to your LocalLoop account`;
  if (!tellTo.includes('@')) {
    return { to: tellTo, channel: 'sms', subject: null, body: `LocalLoop: ${happened.replace('The', 'the').replace('A ', 'a ')}. Not you? Undo it within ${UNDO_DAYS} days: ${link}` };
  }
  return {
    to: tellTo,
    channel: 'email',
    subject: change.oldValue ? `Your LocalLoop ${what} was changed` : `A ${what} was added to your LocalLoop account`,
    body:
      `${happened} on ${now.toUTCString()}.\n\n` +
      'If you made this change, there is nothing to do.\n\n' +
      `If you did not, undo it within ${UNDO_DAYS} days: ${link}\n` +
      'Undoing it puts back your contact details as they were, signs out every device and asks you to choose a new password.',
  };
}

const undoInvalid = () => new AppError('UNDO_INVALID', 'This link has expired or was already used. If your account was taken from you, contact support.');

/**
 * The old contact undoes a change it did not make: the e-mail and phone number go back to what they were before it,
 * so every change of either made since is undone too (and their undo links void: they must not bring the intruder's
 * values back), every session ends, and the password and Google link are removed, since whoever made the change knew
 * or held them; the owner chooses a new password through the restored contact.
 */
export async function undoContactChange(deps: UsersDeps, token: string): Promise<UndoContactChangeResponse> {
  const now = deps.clock();
  try {
    return await deps.db.transaction(async (tx) => {
      const [change] = await tx.select().from(contactChanges).where(eq(contactChanges.undoTokenHash, hashRefreshToken(token))).for('update');
      if (!change || change.undoneAt || change.expiresAt <= now) throw undoInvalid();
      const [user] = await tx.select().from(users).where(and(eq(users.id, change.userId), eq(users.isActive, true))).for('update');
      if (!user) throw undoInvalid();
      const since = await tx
        .update(contactChanges)
        .set({ undoneAt: now })
        .where(and(eq(contactChanges.userId, user.id), gte(contactChanges.seq, change.seq), isNull(contactChanges.undoneAt)))
        .returning();
      // Per kind, the value before the first change undone is the one that comes back (none, for an added one).
      const first = (channel: 'email' | 'sms') =>
        since.filter((c) => c.channel === channel).sort((x, y) => x.seq - y.seq)[0];
      const email = first('email');
      const phone = first('sms');
      await tx
        .update(users)
        .set({
          ...(email ? { email: email.oldValue } : {}),
          ...(phone ? { phoneNumber: phone.oldValue } : {}),
          pendingEmail: null,
          pendingPhoneNumber: null,
          passwordHash: null,
          googleSub: null,
        })
        .where(eq(users.id, user.id));
      await tx.delete(otpCodes).where(eq(otpCodes.userId, user.id));
      await endSessions(deps.sessions, tx, user.id, now);
      const what = change.channel === 'email' ? 'e-mail address' : 'phone number';
      const restored = change.oldValue ? `Your ${what} is back to ${mask(change.oldValue)}.` : `The ${what} that was added is removed.`;
      const more = since.length > 1 ? ' The changes of your contact details made since were undone too.' : '';
      await notify(tx, user.id, {
        title: `A change of your ${what} was undone`,
        body: `${restored}${more} Every device was signed out and the password removed; choose a new one with "Forgot password".`,
        type: 'security',
        target: { kind: 'account_settings' },
      });
      return {
        message: `${restored}${more} We signed out every device and removed the password: choose a new one with “Forgot password” to log in again.`,
        channel: change.channel,
        restored_to: change.oldValue ? mask(change.oldValue) : null,
      };
    });
  } catch (error) {
    if (violatedUniqueConstraint(error) !== null) {
      throw new AppError('UNDO_CONFLICT', 'Another account uses that address now, so the change cannot be undone here. Please contact support.');
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
    throw new AppError('CURRENT_PASSWORD_WRONG', 'The current password is incorrect.', { current_password: 'The current password is incorrect.' });
  }
  const problem = passwordProblem(input.new_password, { email: user.email, username: user.username });
  if (problem) throw new AppError(ErrorCode.validation, problem, { new_password: problem });
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
    await endSessions(deps.sessions, tx, userId, deps.clock(), current?.familyId);
  });
  return { message: 'Your password has been changed. You are still logged in here; every other device was logged out.' };
}

export async function logoutEverywhere(deps: UsersDeps, userId: string): Promise<MessageResponse> {
  await deps.db.transaction((tx) => endSessions(deps.sessions, tx, userId, deps.clock()));
  return { message: 'You have been logged out on every device.' };
}

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
    throw new AppError('CURRENT_PASSWORD_WRONG', 'The password is incorrect.', { password: 'The password is incorrect.' });
  }
  const now = deps.clock();
  const { removedKeys, removedPrivateKeys } = await deps.db.transaction(async (tx) => {
    // The vendor row first, as every change to a vendor's things takes it (an operator's photo take-down locks it, then
    // deletes the image): the same order, so the two wait for each other instead of deadlocking.
    await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.userId, userId)).for('update');
    const images = await tx
      .delete(media)
      .where(eq(media.ownerId, userId))
      .returning({ storageKey: media.storageKey, thumbnailKey: media.thumbnailKey, variants: media.variants });
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
    await tx.delete(userLocations).where(eq(userLocations.userId, userId));
    await tx.update(vendors).set({ isApproved: false }).where(eq(vendors.userId, userId));
    await endSessions(deps.sessions, tx, userId, now);
    return { removedKeys: images.flatMap(keysOfImage), removedPrivateKeys: documents.map((d) => d.key) };
  });
  return { message: 'Your account has been deleted.', removedKeys, removedPrivateKeys };
}
