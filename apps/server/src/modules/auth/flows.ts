import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import {
  ErrorCode,
  passwordProblem,
  type LoginResponse,
  type MessageResponse,
  type OtpSentResponse,
  type RegisterInput,
  type ResetTokenResponse,
  type VerificationTokenResponse,
} from '@localloop/contract';
import type { Tx } from '../../db/client.ts';
import { refreshTokens, users } from '../../db/schema.ts';
import { violatedUniqueConstraint } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../../lib/passwords.ts';
import {
  CODE_TTL_SECONDS,
  RESEND_AFTER_SECONDS,
  checkCode,
  issueCode,
  issueStepToken,
  latestFor,
  latestOfFlow,
  mask,
  redeemStepToken,
  type OtpDeps,
  type OtpPurpose,
} from './otp.ts';
import { startSession, type AuthDeps } from './service.ts';
import { notify } from '../notifications/service.ts';

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
};

export type FlowDeps = AuthDeps & OtpDeps;
type Meta = { userAgent?: string | undefined };
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
  if (first) throw new AppError(409, taken[first].code, taken[first].message, fields);
}

/** Maps a unique-index failure (two sign-ups racing) to the same 409 the check gives. */
function rethrowTaken(error: unknown): never {
  const constraint = violatedUniqueConstraint(error);
  if (constraint?.includes('email')) throwIfTaken({ email: taken.email.message });
  if (constraint?.includes('phone')) throwIfTaken({ phone_number: taken.phone_number.message });
  if (constraint?.includes('username')) throwIfTaken({ username: taken.username.message });
  throw error;
}

// ---- Sign-up ---------------------------------------------------------------------------------

/** Step 1 (v3 and v2): checks the details, keeps them with the code (password hashed) and e-mails the code. */
export async function startRegistration(deps: FlowDeps, input: RegisterInput & { email: string; phone_number: string }): Promise<Sent> {
  const passwordHash = await hashPassword(input.password);
  return deps.db.transaction(async (tx) => {
    await assertContactsFree(tx, input);
    const sent = await issueCode(deps, tx, {
      purpose: 'register',
      channel: 'email',
      destination: input.email,
      payload: { email: input.email, phone_number: input.phone_number, username: input.username, password_hash: passwordHash },
    });
    return { ...sent, purpose: 'register' };
  });
}

export async function resendRegistration(deps: FlowDeps, email: string, flowId?: string): Promise<Sent> {
  const pending = await latestFor(deps.db, 'register', email);
  if (!pending?.payload || pending.tokenUsedAt) {
    throw new AppError(400, 'NO_PENDING_CODE', 'There is no sign-up waiting for this e-mail address. Please start again.', {
      email: 'No sign-up is waiting for this address.',
    });
  }
  const payload = pending.payload;
  return deps.db.transaction(async (tx) => {
    await assertContactsFree(tx, { email: payload.email, phone_number: payload.phone_number, username: payload.username });
    const sent = await issueCode(deps, tx, { purpose: 'register', channel: 'email', destination: email, payload, flowId: flowId ?? pending.flowId });
    return { ...sent, purpose: 'register' };
  });
}

/** Step 2 (v3): the code is right; the answer's token creates the account in step 3. */
export async function verifyRegistration(deps: FlowDeps, email: string, otp: string): Promise<VerificationTokenResponse> {
  const row = await checkCode(deps, 'register', email, otp);
  return { message: 'Your e-mail address is confirmed.', verification_token: await issueStepToken(deps, row.id) };
}

/** Step 3 (v3): creates the account from the verified details and logs it in. */
export async function createVerifiedUser(deps: FlowDeps, token: string, meta: Meta): Promise<LoginResponse> {
  try {
    return await deps.db.transaction(async (tx) => {
      const row = await redeemStepToken(deps, tx, 'register', token);
      return createFromPayload(deps, tx, row.payload, meta);
    });
  } catch (error) {
    rethrowTaken(error);
  }
}

/** The older flow: code checked and account created in one call. */
export async function verifyAndCreateV2(deps: FlowDeps, email: string, otp: string, meta: Meta): Promise<LoginResponse> {
  const row = await checkCode(deps, 'register', email, otp);
  try {
    return await deps.db.transaction((tx) => createFromPayload(deps, tx, row.payload, meta));
  } catch (error) {
    rethrowTaken(error);
  }
}

async function createFromPayload(deps: FlowDeps, tx: Tx, payload: Record<string, string> | null, meta: Meta): Promise<LoginResponse> {
  if (!payload?.email || !payload.password_hash) throw new AppError(400, 'STEP_TOKEN_INVALID', 'This sign-up has expired. Please start again.');
  await assertContactsFree(tx, { email: payload.email, phone_number: payload.phone_number, username: payload.username });
  const [user] = await tx
    .insert(users)
    .values({
      email: payload.email,
      phoneNumber: payload.phone_number ?? null,
      username: payload.username ?? null,
      passwordHash: payload.password_hash,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('account insert returned nothing');
  await notify(tx, user.id, welcome(payload.username ?? null));
  return startSession(deps, tx, user.id, meta);
}

// ---- Log-in ----------------------------------------------------------------------------------

async function activeUserByPhone(deps: FlowDeps, phone: string) {
  const [user] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phoneNumber, phone), eq(users.isActive, true), isNull(users.deletedAt)));
  if (!user) {
    throw new AppError(404, 'PHONE_UNKNOWN', 'There is no account with this phone number.', { phone_number: 'There is no account with this phone number.' });
  }
  return user;
}

/** Phone login, step 1 (also its resend): a code by SMS to the account's phone. */
export async function startPhoneLogin(deps: FlowDeps, phone: string, flowId?: string): Promise<Sent> {
  const user = await activeUserByPhone(deps, phone);
  const sent = await deps.db.transaction((tx) =>
    issueCode(deps, tx, { purpose: 'login', channel: 'sms', destination: phone, userId: user.id, ...(flowId ? { flowId } : {}) }),
  );
  return { ...sent, purpose: 'login' };
}

export async function finishPhoneLogin(deps: FlowDeps, phone: string, otp: string, meta: Meta): Promise<LoginResponse> {
  const row = await checkCode(deps, 'login', phone, otp);
  const user = await activeUserByPhone(deps, phone);
  if (row.userId !== user.id) throw new AppError(400, 'OTP_INVALID', 'This code is not for this account. Ask for a new one.');
  return deps.db.transaction((tx) => startSession(deps, tx, user.id, meta));
}

/** The older /login/: e-mail or phone number with the password. */
export async function legacyLogin(
  deps: FlowDeps,
  input: { email?: string | undefined; phone_number?: string | undefined; password: string },
  meta: Meta,
): Promise<LoginResponse> {
  const where = input.email ? eq(users.email, input.email) : eq(users.phoneNumber, input.phone_number ?? '');
  const [user] = await deps.db.select().from(users).where(where).limit(1);
  const ok = user?.passwordHash ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstNothing(input.password);
  if (!user || !ok || !user.isActive) {
    throw new AppError(401, ErrorCode.invalidCredentials, 'The e-mail, phone number or password is incorrect.');
  }
  return deps.db.transaction((tx) => startSession(deps, tx, user.id, meta));
}

// ---- Forgotten password --------------------------------------------------------------------

export const forgotPasswordMessage = 'If an account uses this e-mail address, we have sent it a 6-digit code.';

/**
 * Answers the same whether or not the address has an account, and whether or not a limit was hit,
 * so the answer tells nobody who has an account. The flow id still lets /resend-otp/ work.
 */
export async function forgotPassword(deps: FlowDeps, email: string, flowId: string = crypto.randomUUID()): Promise<MessageResponse & { flowId: string }> {
  const [user] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), eq(users.isActive, true), isNull(users.deletedAt)));
  if (user) {
    try {
      await deps.db.transaction((tx) => issueCode(deps, tx, { purpose: 'password_reset', channel: 'email', destination: email, userId: user.id, flowId }));
    } catch (error) {
      if (!(error instanceof AppError && error.status === 429)) throw error;
    }
  }
  return { message: forgotPasswordMessage, flowId };
}

export async function verifyPasswordReset(deps: FlowDeps, email: string, otp: string): Promise<ResetTokenResponse> {
  const row = await checkCode(deps, 'password_reset', email, otp);
  return { message: 'The code is right. Choose a new password.', reset_token: await issueStepToken(deps, row.id) };
}

/** Sets the new password and ends every session of the account. */
export async function resetPassword(deps: FlowDeps, token: string, password: string): Promise<MessageResponse> {
  return deps.db.transaction(async (tx) => {
    const row = await redeemStepToken(deps, tx, 'password_reset', token);
    const [user] = await tx.select().from(users).where(eq(users.id, row.userId ?? ''));
    if (!user || !user.isActive) throw new AppError(400, 'STEP_TOKEN_INVALID', 'This reset has expired. Please start again.');
    const problem = passwordProblem(password, { email: user.email, username: user.username });
    if (problem) throw new AppError(400, ErrorCode.validation, problem, { password: problem });
    await tx.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id, deps.clock());
    await notify(tx, user.id, passwordChanged);
    return { message: 'Your password has been changed. Log in with your new password.' };
  });
}

/** Ends every session of a user, optionally keeping one refresh-token family (this device). */
export async function revokeAllSessions(tx: Tx, userId: string, now: Date, keepFamilyId?: string): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : sql`true`,
      ),
    );
}

// ---- Resend for the flow in progress -------------------------------------------------------

/** What /resend-otp/ knows of the flow in this browser: its cookie (httpOnly; the person's own address). */
export type FlowCookie = { id: string; purpose: string; to: string };

/**
 * /resend-otp/ (no body). A signed-in account resends its pending e-mail or phone change first (a
 * cookie may be left over from signing up); otherwise the browser's flow cookie says what to resend.
 */
export async function resendForFlow(deps: FlowDeps, flow: FlowCookie | null, userId: string | null): Promise<Sent> {
  if (userId) {
    const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
    const destination = user?.pendingEmail ?? user?.pendingPhoneNumber;
    if (user && destination) {
      const purpose = user.pendingEmail ? 'verify_email' : 'verify_phone';
      const sent = await deps.db.transaction((tx) => issueCode(deps, tx, { purpose, channel: user.pendingEmail ? 'email' : 'sms', destination, userId }));
      return { ...sent, purpose };
    }
  }
  if (flow?.purpose === 'password_reset') {
    // Same neutrality as the first step: the answer never tells whether the address has an account.
    const { message, flowId } = await forgotPassword(deps, flow.to, flow.id);
    return { message, sent_to: mask(flow.to), channel: 'email', expires_in: CODE_TTL_SECONDS, resend_in: RESEND_AFTER_SECONDS, flowId, purpose: 'password_reset' };
  }
  const row = flow ? await latestOfFlow(deps.db, flow.id) : undefined;
  if (row) {
    const sent = await deps.db.transaction((tx) =>
      issueCode(deps, tx, { purpose: row.purpose, channel: row.channel, destination: row.destination, userId: row.userId, payload: row.payload, flowId: row.flowId }),
    );
    return { ...sent, purpose: row.purpose };
  }
  throw new AppError(400, 'NO_PENDING_CODE', 'There is no code waiting to be sent again. Please start again.');
}
