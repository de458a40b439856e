import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { ErrorCode, type OtpSentResponse } from '@localloop/contract';
import { takeTurn, type Db, type Tx } from '../../db/client.ts';
import { otpCodes } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { Messenger, OutgoingMessage } from '../../lib/messaging.ts';
import { hashRefreshToken } from '../../lib/tokens.ts';
import { accountKeyOf } from './throttle.ts';

export const CODE_TTL_SECONDS = 10 * 60;
export const RESEND_AFTER_SECONDS = 60;
/** Codes of one kind to one address that one requester may ask for in an hour. */
export const MAX_CODES_PER_HOUR = 5;
/** Codes of one kind to one address in an hour, whoever asks: a cap on mail bombing that one stranger cannot reach. */
export const MAX_CODES_PER_DESTINATION_HOUR = 15;
/** Codes one requester may ask for in an hour, to any addresses (SMS pumping, mass mailing). */
export const MAX_CODES_PER_REQUESTER_HOUR = 100;
export const MAX_ATTEMPTS = 5;
/**
 * Wrong tries at the codes of one kind for one address in an hour, over all flows: each flow's code has five, and a
 * guesser can open many flows. 25 is what five codes an hour allowed before codes had flows of their own. Past it only
 * a browser the account logged in from before (device cookie) may keep trying: a stranger can hold up the owner's
 * reset on a new device for at most an hour, never guess on.
 */
export const MAX_WRONG_TRIES_PER_DESTINATION_HOUR = 25;
/** How long the token that carries a checked code to the next step stays valid. */
export const STEP_TOKEN_TTL_SECONDS = 30 * 60;

export type OtpPurpose = (typeof otpCodes.$inferSelect)['purpose'];
export type OtpRow = typeof otpCodes.$inferSelect;
export type OtpDeps = { db: Db; clock: Clock; messenger: Messenger; secret: string };

/** Codes a browser flow asks for and checks (its cookie); the others belong to a signed-in account. */
const browserFlows: ReadonlySet<OtpPurpose> = new Set(['register', 'login', 'password_reset']);

type Issue = {
  purpose: OtpPurpose;
  channel: 'email' | 'sms';
  destination: string;
  /** A keyed hash of the requesting IP address (lib/requester.ts). */
  requester: string;
  userId?: string | null;
  payload?: Record<string, string> | null;
  flowId?: string;
};

const wording: Record<OtpPurpose, { subject: string; what: string }> = {
  register: { subject: 'Your LocalLoop sign-up code', what: 'sign-up code' },
  login: { subject: 'Your LocalLoop login code', what: 'login code' },
  password_reset: { subject: 'Your LocalLoop password reset code', what: 'password reset code' },
  verify_email: { subject: 'Confirm your new e-mail address', what: 'code to confirm this e-mail address' },
  verify_phone: { subject: 'Confirm your new phone number', what: 'code to confirm this phone number' },
};

export type IssuedCode = {
  sent: OtpSentResponse & { flowId: string };
  /** The message that carries the code; the caller sends it (in its transaction, or after the answer), or not at all. */
  message: OutgoingMessage;
};

const tooMany = (code: ErrorCode, message: string) => new AppError(code, message);
const minutesUntil = (from: Date, now: Date) => Math.max(1, Math.ceil((from.getTime() + 3600_000 - now.getTime()) / 60_000));

/**
 * Makes a 6-digit code and stores its HMAC within the caller's transaction; the caller delivers the message.
 * Limits, counted in the database so every server process agrees, per kind of code: one requester may ask one code a
 * minute and five an hour for one address; an address gets at most fifteen of a kind an hour whoever asks; a requester
 * (many people may share an address) at most a hundred an hour in all. So a stranger cannot spend someone else's budget, nor one kind another's.
 * A new code replaces its own flow's earlier one (a browser flow) or the account's earlier one of the kind.
 */
export async function issueCode(deps: OtpDeps, tx: Tx, issue: Issue): Promise<IssuedCode> {
  // Said before anything else, and alike for every address: a code that cannot go anywhere is not made.
  if (!deps.messenger.canDeliver(issue.channel)) {
    throw new AppError(ErrorCode.unavailable, `We cannot send ${issue.channel === 'email' ? 'e-mail' : 'text messages'} right now. Please try again later.`);
  }
  const now = deps.clock();
  // Serialises concurrent requests for one address, so two cannot both pass the limits.
  await takeTurn(tx, `otp:${issue.destination}`);

  const hourAgo = new Date(now.getTime() - 3600_000);
  const [kindHere, byRequester] = await Promise.all([
    tx
      .select({ createdAt: otpCodes.createdAt, requester: otpCodes.requester })
      .from(otpCodes)
      .where(and(eq(otpCodes.destination, issue.destination), eq(otpCodes.purpose, issue.purpose), gt(otpCodes.createdAt, hourAgo)))
      .orderBy(desc(otpCodes.createdAt)),
    tx
      .select({ n: count() })
      .from(otpCodes)
      .where(and(eq(otpCodes.requester, issue.requester), gt(otpCodes.createdAt, hourAgo))),
  ]);
  const mine = kindHere.filter((r) => r.requester === issue.requester);
  const last = mine[0];
  if (last) {
    const wait = RESEND_AFTER_SECONDS - Math.floor((now.getTime() - last.createdAt.getTime()) / 1000);
    if (wait > 0) throw tooMany('OTP_RESEND_TOO_SOON', `A code was sent less than a minute ago. You can ask for a new one in ${wait} seconds.`);
  }
  const oldestMine = mine[mine.length - 1];
  if (mine.length >= MAX_CODES_PER_HOUR && oldestMine) {
    throw tooMany('OTP_RESEND_LIMIT', `Five codes were sent in the last hour. You can ask for a new one in ${minutesUntil(oldestMine.createdAt, now)} minutes.`);
  }
  const oldestHere = kindHere[kindHere.length - 1];
  if (kindHere.length >= MAX_CODES_PER_DESTINATION_HOUR && oldestHere) {
    throw tooMany('OTP_DESTINATION_LIMIT', `Too many codes were sent here in the last hour. You can ask for a new one in ${minutesUntil(oldestHere.createdAt, now)} minutes.`);
  }
  if ((byRequester[0]?.n ?? 0) >= MAX_CODES_PER_REQUESTER_HOUR) {
    throw tooMany('OTP_REQUESTER_LIMIT', 'Too many codes were asked for from your network in the last hour. Please try again later.');
  }

  const flowId = issue.flowId ?? crypto.randomUUID();
  const replaces =
    browserFlows.has(issue.purpose) || !issue.userId ? eq(otpCodes.flowId, flowId) : and(eq(otpCodes.userId, issue.userId), eq(otpCodes.purpose, issue.purpose));
  await tx.update(otpCodes).set({ consumedAt: now }).where(and(replaces, isNull(otpCodes.consumedAt)));

  const id = crypto.randomUUID();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await tx.insert(otpCodes).values({
    id,
    purpose: issue.purpose,
    channel: issue.channel,
    destination: issue.destination,
    userId: issue.userId ?? null,
    flowId,
    requester: issue.requester,
    codeHash: codeHash(deps.secret, id, code),
    payload: issue.payload ?? null,
    expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
    createdAt: now,
  });

  const { subject, what } = wording[issue.purpose];
  const body =
    issue.channel === 'email'
      ? `Your LocalLoop ${what} is ${code}.\n\nIt expires in 10 minutes and works once. If you did not ask for it, you can ignore this e-mail.`
      : `LocalLoop: your ${what} is ${code}. It expires in 10 minutes.`;
  return {
    sent: {
      message: issue.channel === 'email' ? `We sent a 6-digit code to ${mask(issue.destination)}.` : `We texted a 6-digit code to ${mask(issue.destination)}.`,
      sent_to: mask(issue.destination),
      channel: issue.channel,
      expires_in: CODE_TTL_SECONDS,
      resend_in: RESEND_AFTER_SECONDS,
      flowId,
    },
    message: { to: issue.destination, channel: issue.channel, subject: issue.channel === 'email' ? subject : null, body, code },
  };
}

/**
 * Which code a check is against: a browser flow's own (its cookie, and the accounts its device cookie names, by their
 * throttle keys), or a signed-in account's.
 */
export type CodeScope = { flowId: string | null; trustedAccounts?: string[] } | { userId: string };

/**
 * Checks a code against the newest live code of that purpose for the address in its scope, and spends it. A browser
 * flow's code is found only with that flow's cookie, so a second sign-up for the same address cannot take over the
 * first, and a stranger's wrong tries never touch someone else's code. A wrong try is counted even though the call
 * fails; the fifth wrong try kills the code.
 */
export async function checkCode(deps: OtpDeps, purpose: OtpPurpose, destination: string, code: string, scope: CodeScope): Promise<OtpRow> {
  const now = deps.clock();
  const outcome = await deps.db.transaction(async (tx) => {
    const inScope = 'userId' in scope ? eq(otpCodes.userId, scope.userId) : scope.flowId ? eq(otpCodes.flowId, scope.flowId) : undefined;
    if (!inScope) return { kind: 'none' } as const;
    if (!('userId' in scope)) {
      // One address's checks one at a time (the lock issueCode takes too), so parallel guesses are all counted.
      await takeTurn(tx, `otp:${destination}`);
      const [wrong] = await tx
        .select({ n: sql<number>`coalesce(sum(${otpCodes.attempts}), 0)::int` })
        .from(otpCodes)
        .where(and(eq(otpCodes.destination, destination), eq(otpCodes.purpose, purpose), gt(otpCodes.createdAt, new Date(now.getTime() - 3600_000))));
      if ((wrong?.n ?? 0) >= MAX_WRONG_TRIES_PER_DESTINATION_HOUR) {
        const [owner] = await tx.select({ userId: otpCodes.userId }).from(otpCodes).where(and(inScope, eq(otpCodes.destination, destination))).limit(1);
        const trusted = owner?.userId ? (scope.trustedAccounts ?? []).includes(accountKeyOf(deps.secret, { userId: owner.userId })) : false;
        if (!trusted) return { kind: 'guessed' } as const;
      }
    }
    const [row] = await tx
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.purpose, purpose), eq(otpCodes.destination, destination), inScope, isNull(otpCodes.consumedAt)))
      .orderBy(desc(otpCodes.createdAt))
      .limit(1)
      .for('update');
    if (!row) return { kind: 'none' } as const;
    if (row.attempts >= MAX_ATTEMPTS) return { kind: 'dead' } as const;
    if (row.expiresAt <= now) return { kind: 'expired' } as const;
    if (!sameHash(row.codeHash, codeHash(deps.secret, row.id, code))) {
      const attempts = row.attempts + 1;
      await tx.update(otpCodes).set({ attempts }).where(eq(otpCodes.id, row.id));
      return { kind: 'wrong', left: MAX_ATTEMPTS - attempts } as const;
    }
    const [spent] = await tx.update(otpCodes).set({ consumedAt: now }).where(eq(otpCodes.id, row.id)).returning();
    return spent ? ({ kind: 'ok', row: spent } as const) : ({ kind: 'none' } as const);
  });

  switch (outcome.kind) {
    case 'ok':
      return outcome.row;
    case 'guessed':
      throw new AppError('OTP_GUESS_LIMIT',
        'Too many wrong codes were entered for this address in the last hour. Please try again later, or from a device you have logged in on before.',
        { otp: 'Too many wrong codes for this address. Try again later.' },
        900,
      );
    case 'none':
      throw new AppError('OTP_INVALID', 'There is no code waiting here. Ask for a new one.', { otp: 'Ask for a new code.' });
    case 'expired':
      throw new AppError('OTP_EXPIRED', 'This code has expired. Ask for a new one.', { otp: 'This code has expired. Ask for a new one.' });
    case 'dead':
      throw new AppError('OTP_TOO_MANY_ATTEMPTS', 'This code was entered wrongly five times and no longer works. Ask for a new one.', {
        otp: 'Too many wrong tries. Ask for a new code.',
      });
    case 'wrong': {
      if (outcome.left === 0) {
        throw new AppError('OTP_TOO_MANY_ATTEMPTS', 'That code is wrong, and that was the fifth try. Ask for a new code.', {
          otp: 'Too many wrong tries. Ask for a new code.',
        });
      }
      const tries = outcome.left === 1 ? '1 try' : `${outcome.left} tries`;
      throw new AppError('OTP_INVALID', `That code is wrong. You have ${tries} left.`, { otp: `That code is wrong. You have ${tries} left.` });
    }
  }
}

/** After a successful check: a one-use token that carries the flow to its next step (create the account, set a password). */
export async function issueStepToken(deps: OtpDeps, otpId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await deps.db
    .update(otpCodes)
    .set({ tokenHash: hashRefreshToken(token), tokenExpiresAt: new Date(deps.clock().getTime() + STEP_TOKEN_TTL_SECONDS * 1000) })
    .where(eq(otpCodes.id, otpId));
  return token;
}

/** Spends a step token inside the caller's transaction; only one caller can ever spend it. */
export async function redeemStepToken(deps: Pick<OtpDeps, 'clock'>, tx: Tx, purpose: OtpPurpose, token: string): Promise<OtpRow> {
  const now = deps.clock();
  const [row] = await tx
    .update(otpCodes)
    .set({ tokenUsedAt: now })
    .where(
      and(
        eq(otpCodes.tokenHash, hashRefreshToken(token)),
        eq(otpCodes.purpose, purpose),
        isNull(otpCodes.tokenUsedAt),
        gt(otpCodes.tokenExpiresAt, now),
      ),
    )
    .returning();
  if (!row) throw new AppError('STEP_TOKEN_INVALID', 'This step has expired or was already used. Please start again.');
  return row;
}

/** The newest code a browser flow asked for (the flow cookie), to send it again with its own details. */
export async function latestOfFlow(db: Db, flowId: string): Promise<OtpRow | undefined> {
  const [row] = await db.select().from(otpCodes).where(eq(otpCodes.flowId, flowId)).orderBy(desc(otpCodes.createdAt)).limit(1);
  return row;
}

function codeHash(secret: string, id: string, code: string): string {
  return createHmac('sha256', secret).update(`otp:${id}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** "jane@example.com" → "j***@example.com"; "+15550000001" → "+1•••••••0001". */
export function mask(destination: string): string {
  if (destination.includes('@')) {
    const [local = '', domain = ''] = destination.split('@');
    return `${local.slice(0, 1)}***@${domain}`;
  }
  return `${destination.slice(0, 2)}${'•'.repeat(Math.max(0, destination.length - 6))}${destination.slice(-4)}`;
}
