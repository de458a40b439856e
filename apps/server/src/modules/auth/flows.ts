import { and, eq, isNull, ne, or } from 'drizzle-orm';
import {
  Email,
  ErrorCode,
  passwordProblem,
  type CreatedUserResponse,
  type LoginResponse,
  type MessageResponse,
  type OtpSentResponse,
  type RegisterInput,
  type ResetTokenResponse,
  type VerificationTokenResponse,
} from '@localloop/contract';
import type { Db, Tx } from '../../db/client.ts';
import { otpCodes, users } from '../../db/schema.ts';
import type { Background } from '../../lib/background.ts';
import { violatedUniqueConstraint } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import type { OutgoingMessage } from '../../lib/messaging.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { SessionVersions } from '../../lib/session-versions.ts';
import { hashRefreshToken } from '../../lib/tokens.ts';
import { CODE_TTL_SECONDS, RESEND_AFTER_SECONDS, checkCode, type CodeScope, issueCode, issueStepToken, latestOfFlow, mask, redeemStepToken, type OtpDeps, type OtpPurpose } from './otp.ts';
import { endSessions, inNewSession, openSession, type AuthDeps, type OpenedSession } from './service.ts';
import { notify } from '../notifications/index.ts';

export function welcome(username: string | null) {
  return {
    title: `Welcome to LocalLoop${username ? `, ${username}` : ''}!`,
    body: 'Find activities, deals and services near you. Set your location to see what is close by.',
    type: 'welcome',
  };
}

export const passwordChanged = {
  title: 'Your password was changed',
  body: 'If this was not you, reset your password now and contact support.',
  type: 'security',
  target: { kind: 'account_settings' },
} as const;

export type FlowDeps = AuthDeps & OtpDeps & { background: Background; publicUrl: string; sessions: SessionVersions };
/** Who is asking: the browser (for the session's record) and a keyed hash of its IP address (for limits). */
export type Meta = { userAgent?: string | undefined; requester: string };
/** An answer that also tells the route which browser flow the code belongs to (for its cookie). */
export type Sent = OtpSentResponse & { flowId: string; purpose: OtpPurpose };

const taken = {
  email: { code: 'EMAIL_TAKEN', message: 'An account with this e-mail address already exists.' },
  phone_number: { code: 'PHONE_TAKEN', message: 'An account with this phone number already exists.' },
  username: { code: 'USERNAME_TAKEN', message: 'This username is taken. Try another one.' },
} as const;
type ContactField = keyof typeof taken;

/** Refuses with 409 and a message per field when another account already uses one of these. */
export async function assertContactsFree(
  tx: Tx,
  values: { email?: string | undefined; phone_number?: string | undefined; username?: string | undefined },
  exceptUserId?: string,
): Promise<void> {
  const conditions = [
    values.email ? eq(users.email, values.email) : undefined,
    values.phone_number ? eq(users.phoneNumber, values.phone_number) : undefined,
    values.username ? eq(users.username, values.username) : undefined,
  ].filter((c) => c !== undefined);
  if (conditions.length === 0) return;
  const rows = await tx
    .select({ email: users.email, phone: users.phoneNumber, username: users.username })
    .from(users)
    .where(and(or(...conditions), exceptUserId ? ne(users.id, exceptUserId) : undefined));
  const fields: Partial<Record<ContactField, string>> = {};
  for (const row of rows) {
    if (values.email && row.email?.toLowerCase() === values.email.toLowerCase()) fields.email = taken.email.message;
    if (values.phone_number && row.phone === values.phone_number) fields.phone_number = taken.phone_number.message;
    if (values.username && row.username?.toLowerCase() === values.username.toLowerCase()) fields.username = taken.username.message;
  }
  throwIfTaken(fields);
}

function throwIfTaken(fields: Partial<Record<ContactField, string>>) {
  const first = (Object.keys(taken) as ContactField[]).find((f) => fields[f]);
  if (first) throw new AppError(taken[first].code, taken[first].message, fields);
}

/** Maps a unique-index failure (two sign-ups racing) to the same 409 the check gives. */
function rethrowTaken(error: unknown): never {
  const constraint = violatedUniqueConstraint(error);
  if (constraint?.includes('email')) throwIfTaken({ email: taken.email.message });
  if (constraint?.includes('phone')) throwIfTaken({ phone_number: taken.phone_number.message });
  if (constraint?.includes('username')) throwIfTaken({ username: taken.username.message });
  throw error;
}

// ---- Delivery ------------------------------------------------------------------------------

/**
 * Sent after the answer: how long delivery takes (or whether there was anything to deliver) tells the caller nothing.
 * A failed delivery is logged; its code stays, like a decoy's, so the limits answer alike for every address (the person
 * may ask again after the minute).
 */
function deliverLater(deps: FlowDeps, message: OutgoingMessage | null): void {
  if (message) deps.background.run(`deliver a ${message.channel} message`, () => deps.messenger.send(deps.db, message));
}

async function activeAccountWith(db: Db | Tx, where: { email: string } | { phone: string }) {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and('email' in where ? eq(users.email, where.email) : eq(users.phoneNumber, where.phone), eq(users.isActive, true), isNull(users.deletedAt)));
  return user;
}

// ---- Sign-up ---------------------------------------------------------------------------------

/**
 * What an address that already has an account gets instead of a code: the answer to the sign-up is the same either
 * way (docs/decisions/0006), and only the owner of the address learns that the account exists.
 */
function alreadyRegistered(deps: FlowDeps, email: string): OutgoingMessage {
  return {
    to: email,
    channel: 'email',
    subject: 'You already have a LocalLoop account',
    body:
      `Someone, hopefully you, tried to create a LocalLoop account with this e-mail address, which already has one.\n\n` +
      `If it was you, log in at ${deps.publicUrl}/login, or choose a new password at ${deps.publicUrl}/ForgotPassword.\n\n` +
      'If it was not you, you can ignore this e-mail: nothing has changed.',
  };
}

/**
 * Step 1 (v3 and v2): keeps the details with a code in this browser's own flow (password hashed) and e-mails the code.
 * A second sign-up for the same address is a flow of its own: it never replaces the first one's details or code.
 */
export async function startRegistration(deps: FlowDeps, input: RegisterInput & { email: string; phone_number: string }, meta: Meta): Promise<Sent> {
  // Hashed whether or not the address has an account, so both answers cost the same.
  const passwordHash = await hashPassword(input.password);
  return issueRegistration(deps, input.email, { phone_number: input.phone_number, username: input.username, password_hash: passwordHash }, meta);
}

async function issueRegistration(deps: FlowDeps, email: string, details: Record<string, string>, meta: Meta, flowId?: string): Promise<Sent> {
  const { sent, message } = await deps.db.transaction(async (tx) => {
    // Usernames are public (they sign ratings), so a taken one is said; the e-mail and phone are not (decision 0006).
    if (details.username) await assertContactsFree(tx, { username: details.username });
    const existing = await activeAccountWith(tx, { email });
    // An address with an account keeps a code that is never sent, so its answers and later checks look alike.
    const payload = existing ? { email } : { email, ...details };
    const issued = await issueCode(deps, tx, { purpose: 'register', channel: 'email', destination: email, requester: meta.requester, payload, ...(flowId ? { flowId } : {}) });
    return { sent: issued.sent, message: existing ? alreadyRegistered(deps, email) : issued.message };
  });
  deliverLater(deps, message);
  return { ...sent, purpose: 'register' };
}

const noPendingSignUp = () =>
  new AppError('NO_PENDING_CODE', 'There is no sign-up waiting in this browser for this e-mail address. Please start again.', {
    email: 'No sign-up is waiting for this address here.',
  });

/** Sends the code of this browser's sign-up again (its flow cookie), with that sign-up's own details. */
export async function resendRegistration(deps: FlowDeps, email: string, flowId: string | undefined, meta: Meta): Promise<Sent> {
  const pending = flowId ? await latestOfFlow(deps.db, flowId) : undefined;
  if (!pending || pending.purpose !== 'register' || pending.destination !== email || !pending.payload || pending.tokenUsedAt) throw noPendingSignUp();
  const { email: _email, ...details } = pending.payload;
  return issueRegistration(deps, email, details, meta, pending.flowId);
}

/** Step 2 (v3): the code of this browser's sign-up is right; the answer's token creates the account in step 3. */
export async function verifyRegistration(deps: FlowDeps, email: string, otp: string, flowId: string | null): Promise<VerificationTokenResponse> {
  const row = await checkCode(deps, 'register', email, otp, { flowId });
  return { message: 'Your e-mail address is confirmed.', verification_token: await issueStepToken(deps, row.id) };
}

/** Step 3 (v3): creates the account from the verified details and logs it in. */
export async function createVerifiedUser(deps: FlowDeps, token: string, meta: Meta): Promise<CreatedUserResponse> {
  try {
    return await inNewSessionWithNotice(deps, async (tx) => {
      const row = await redeemStepToken(deps, tx, 'register', token);
      return createFromPayload(deps, tx, row.payload, meta);
    });
  } catch (error) {
    rethrowTaken(error);
  }
}

/** The older flow: code checked and account created in one call. */
export async function verifyAndCreateV2(deps: FlowDeps, email: string, otp: string, flowId: string | null, meta: Meta): Promise<CreatedUserResponse> {
  const row = await checkCode(deps, 'register', email, otp, { flowId });
  try {
    return await inNewSessionWithNotice(deps, (tx) => createFromPayload(deps, tx, row.payload, meta));
  } catch (error) {
    rethrowTaken(error);
  }
}

type CreatedSession = OpenedSession & { notice: string | null };

async function inNewSessionWithNotice(deps: FlowDeps, work: (tx: Tx) => Promise<CreatedSession>): Promise<CreatedUserResponse> {
  let notice: string | null = null;
  const session = await inNewSession(deps, async (tx) => {
    const created = await work(tx);
    notice = created.notice;
    return created;
  });
  return { ...session, notice };
}

const phoneInUse = 'Your phone number is used by another account, so it was not added. Add another one in your profile.';

async function createFromPayload(deps: FlowDeps, tx: Tx, payload: Record<string, string> | null, meta: Meta): Promise<CreatedSession> {
  if (!payload?.email || !payload.password_hash) throw new AppError('STEP_TOKEN_INVALID', 'This sign-up has expired. Please start again.');
  await assertContactsFree(tx, { email: payload.email, username: payload.username });
  // The phone was not checked at step 1 (that would tell anyone whose number has an account): a taken one is left out.
  // Any row holding it counts, as for the unique index (a deactivated account keeps its number).
  const phoneTaken = payload.phone_number
    ? (await tx.select({ id: users.id }).from(users).where(eq(users.phoneNumber, payload.phone_number)).limit(1)).length > 0
    : false;
  const [user] = await tx
    .insert(users)
    .values({
      email: payload.email,
      phoneNumber: phoneTaken ? null : (payload.phone_number ?? null),
      username: payload.username ?? null,
      passwordHash: payload.password_hash,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('account insert returned nothing');
  await notify(tx, user.id, welcome(payload.username ?? null));
  const session = await openSession(deps, tx, user.id, meta);
  return { ...session, notice: phoneTaken ? phoneInUse : null };
}

// ---- Log-in ----------------------------------------------------------------------------------

/**
 * Phone login, step 1 (also its resend): a code by SMS to the account's phone, in this browser's flow. A number
 * without an account gets the same answer and a code that is never sent (decision 0006).
 */
export async function startPhoneLogin(deps: FlowDeps, phone: string, meta: Meta, flowId?: string): Promise<Sent> {
  const { sent, message } = await deps.db.transaction(async (tx) => {
    const user = await activeAccountWith(tx, { phone });
    const issued = await issueCode(deps, tx, {
      purpose: 'login',
      channel: 'sms',
      destination: phone,
      userId: user?.id ?? null,
      requester: meta.requester,
      ...(flowId ? { flowId } : {}),
    });
    return { sent: issued.sent, message: user ? issued.message : null };
  });
  deliverLater(deps, message);
  return { ...sent, purpose: 'login' };
}

export async function finishPhoneLogin(deps: FlowDeps, phone: string, otp: string, flow: CodeScope, meta: Meta): Promise<LoginResponse> {
  const row = await checkCode(deps, 'login', phone, otp, flow);
  const user = await activeAccountWith(deps.db, { phone });
  if (!user || row.userId !== user.id) throw new AppError('OTP_INVALID', 'This code is not for this account. Ask for a new one.', { otp: 'Ask for a new code.' });
  return inNewSession(deps, (tx) => openSession(deps, tx, user.id, meta));
}

// ---- Forgotten password --------------------------------------------------------------------

export const forgotPasswordMessage = 'If an account uses this e-mail address, we have sent it a 6-digit code.';

/**
 * Answers the same, in the same time, whether or not the address has an account: an address without one keeps a code
 * that is never sent, and the e-mail goes out after the answer. The flow id lets /resend-otp/ work.
 */
export async function forgotPassword(deps: FlowDeps, email: string, meta: Meta, flowId: string = crypto.randomUUID()): Promise<MessageResponse & { flowId: string }> {
  const message = await deps.db.transaction(async (tx) => {
    const user = await activeAccountWith(tx, { email });
    const issued = await issueCode(deps, tx, { purpose: 'password_reset', channel: 'email', destination: email, userId: user?.id ?? null, requester: meta.requester, flowId });
    return user ? issued.message : null;
  });
  deliverLater(deps, message);
  return { message: forgotPasswordMessage, flowId };
}

export async function verifyPasswordReset(deps: FlowDeps, email: string, otp: string, flow: CodeScope): Promise<ResetTokenResponse> {
  const row = await checkCode(deps, 'password_reset', email, otp, flow);
  return { message: 'The code is right. Choose a new password.', reset_token: await issueStepToken(deps, row.id) };
}

const resetExpired = () => new AppError('STEP_TOKEN_INVALID', 'This reset has expired. Please start again.');

/**
 * Sets the new password and ends every session of the account, access tokens and sockets included. The password is
 * hashed before the transaction (no connection waits on it); the token is spent inside it, so it works once.
 */
export async function resetPassword(deps: FlowDeps, token: string, password: string): Promise<MessageResponse & { userId: string }> {
  const [pending] = await deps.db
    .select({ userId: otpCodes.userId })
    .from(otpCodes)
    .where(and(eq(otpCodes.tokenHash, hashRefreshToken(token)), eq(otpCodes.purpose, 'password_reset')));
  const [user] = pending?.userId ? await deps.db.select().from(users).where(and(eq(users.id, pending.userId), eq(users.isActive, true))) : [];
  if (!user) throw resetExpired();
  const problem = passwordProblem(password, { email: user.email, username: user.username });
  if (problem) throw new AppError(ErrorCode.validation, problem, { password: problem });
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const row = await redeemStepToken(deps, tx, 'password_reset', token);
    if (row.userId !== user.id) throw resetExpired();
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await endSessions(deps.sessions, tx, user.id, deps.clock());
    await notify(tx, user.id, passwordChanged);
  });
  return { message: 'Your password has been changed. Log in with your new password.', userId: user.id };
}

// ---- Resend for the flow in progress -------------------------------------------------------

/** What /resend-otp/ knows of the flow in this browser: its cookie (httpOnly; the person's own address). */
export type FlowCookie = { id: string; purpose: string; to: string };

/**
 * /resend-otp/ (no body). A signed-in account resends its pending e-mail or phone change first (a cookie may be left
 * over from signing up); otherwise this browser's flow (its cookie) is sent again, with its own details.
 */
export async function resendForFlow(deps: FlowDeps, flow: FlowCookie | null, userId: string | null, meta: Meta): Promise<Sent> {
  if (userId) {
    const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
    const destination = user?.pendingEmail ?? user?.pendingPhoneNumber;
    if (user && destination) {
      const purpose = user.pendingEmail ? 'verify_email' : 'verify_phone';
      const channel = user.pendingEmail ? 'email' : 'sms';
      const { sent } = await deps.db.transaction(async (tx) => {
        const issued = await issueCode(deps, tx, { purpose, channel, destination, userId, requester: meta.requester });
        await deps.messenger.send(tx, issued.message);
        return issued;
      });
      return { ...sent, purpose };
    }
  }
  const row = flow ? await latestOfFlow(deps.db, flow.id) : undefined;
  // A flow with no code yet (its first ask was refused by a limit) knows its address only from the cookie, which the
  // client writes: normalised as the first step does, so no spelling gets a budget of its own.
  const cookieAddress = flow ? Email.safeParse(flow.to) : undefined;
  const address = row?.destination ?? (cookieAddress?.success ? cookieAddress.data : undefined);
  if (flow && address && (row?.purpose === 'password_reset' || (!row && flow.purpose === 'password_reset'))) {
    // Same neutrality as the first step: the answer never tells whether the address has an account.
    const { message, flowId } = await forgotPassword(deps, address, meta, flow.id);
    return { message, sent_to: mask(address), channel: 'email', expires_in: CODE_TTL_SECONDS, resend_in: RESEND_AFTER_SECONDS, flowId, purpose: 'password_reset' };
  }
  if (row?.purpose === 'login') return startPhoneLogin(deps, row.destination, meta, row.flowId);
  if (row?.purpose === 'register') return resendRegistration(deps, row.destination, row.flowId, meta);
  throw new AppError('NO_PENDING_CODE', 'There is no code waiting to be sent again. Please start again.');
}
