import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { OtpSentResponse } from '@localloop/contract';
import type { Db, Tx } from '../../db/client.ts';
import { otpCodes } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { Messenger } from '../../lib/messaging.ts';
import { hashRefreshToken } from '../../lib/tokens.ts';

export const CODE_TTL_SECONDS = 10 * 60;
export const RESEND_AFTER_SECONDS = 60;
export const MAX_CODES_PER_HOUR = 5;
export const MAX_ATTEMPTS = 5;
/** How long the token that carries a checked code to the next step stays valid. */
export const STEP_TOKEN_TTL_SECONDS = 30 * 60;

export type OtpPurpose = (typeof otpCodes.$inferSelect)['purpose'];
export type OtpRow = typeof otpCodes.$inferSelect;
export type OtpDeps = { db: Db; clock: Clock; messenger: Messenger; secret: string };

type Issue = {
  purpose: OtpPurpose;
  channel: 'email' | 'sms';
  destination: string;
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

/**
 * Makes a 6-digit code, stores its HMAC and sends it, within the caller's transaction.
 * Limits per destination, counted in the database so every server process agrees: one code per
 * 60 s and five per hour. A new code replaces the destination's earlier codes of the same purpose.
 */
export async function issueCode(deps: OtpDeps, tx: Tx, issue: Issue): Promise<OtpSentResponse & { flowId: string }> {
  const now = deps.clock();
  // Serialises concurrent requests for one destination, so two cannot both pass the limits.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`otp:${issue.destination}`}))`);

  const hourAgo = new Date(now.getTime() - 3600_000);
  const recent = await tx
    .select({ createdAt: otpCodes.createdAt })
    .from(otpCodes)
    .where(and(eq(otpCodes.destination, issue.destination), gt(otpCodes.createdAt, hourAgo)))
    .orderBy(desc(otpCodes.createdAt));
  const last = recent[0];
  if (last) {
    const wait = RESEND_AFTER_SECONDS - Math.floor((now.getTime() - last.createdAt.getTime()) / 1000);
    if (wait > 0) {
      throw new AppError(429, 'OTP_RESEND_TOO_SOON', `A code was sent less than a minute ago. You can ask for a new one in ${wait} seconds.`);
    }
  }
  if (recent.length >= MAX_CODES_PER_HOUR) {
    const oldest = recent[recent.length - 1];
    const minutes = oldest ? Math.max(1, Math.ceil((oldest.createdAt.getTime() + 3600_000 - now.getTime()) / 60_000)) : 60;
    throw new AppError(429, 'OTP_RESEND_LIMIT', `Five codes were sent in the last hour. You can ask for a new one in ${minutes} minutes.`);
  }

  await tx
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(and(eq(otpCodes.destination, issue.destination), eq(otpCodes.purpose, issue.purpose), isNull(otpCodes.consumedAt)));

  const id = crypto.randomUUID();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const flowId = issue.flowId ?? crypto.randomUUID();
  await tx.insert(otpCodes).values({
    id,
    purpose: issue.purpose,
    channel: issue.channel,
    destination: issue.destination,
    userId: issue.userId ?? null,
    flowId,
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
  await deps.messenger.send(tx, { to: issue.destination, channel: issue.channel, subject: issue.channel === 'email' ? subject : null, body, code });

  return {
    message: issue.channel === 'email' ? `We sent a 6-digit code to ${mask(issue.destination)}.` : `We texted a 6-digit code to ${mask(issue.destination)}.`,
    sent_to: mask(issue.destination),
    channel: issue.channel,
    expires_in: CODE_TTL_SECONDS,
    resend_in: RESEND_AFTER_SECONDS,
    flowId,
  };
}

/**
 * Checks a code against the destination's newest live code of that purpose and spends it.
 * A wrong try is counted even though the call fails; the fifth wrong try kills the code.
 */
export async function checkCode(deps: OtpDeps, purpose: OtpPurpose, destination: string, code: string): Promise<OtpRow> {
  const now = deps.clock();
  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.purpose, purpose), eq(otpCodes.destination, destination), isNull(otpCodes.consumedAt)))
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
    case 'none':
      throw new AppError(400, 'OTP_INVALID', 'There is no code waiting here. Ask for a new one.', { otp: 'Ask for a new code.' });
    case 'expired':
      throw new AppError(400, 'OTP_EXPIRED', 'This code has expired. Ask for a new one.', { otp: 'This code has expired. Ask for a new one.' });
    case 'dead':
      throw new AppError(400, 'OTP_TOO_MANY_ATTEMPTS', 'This code was entered wrongly five times and no longer works. Ask for a new one.', {
        otp: 'Too many wrong tries. Ask for a new code.',
      });
    case 'wrong': {
      if (outcome.left === 0) {
        throw new AppError(400, 'OTP_TOO_MANY_ATTEMPTS', 'That code is wrong, and that was the fifth try. Ask for a new code.', {
          otp: 'Too many wrong tries. Ask for a new code.',
        });
      }
      const tries = outcome.left === 1 ? '1 try' : `${outcome.left} tries`;
      throw new AppError(400, 'OTP_INVALID', `That code is wrong. You have ${tries} left.`, { otp: `That code is wrong. You have ${tries} left.` });
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
  if (!row) throw new AppError(400, 'STEP_TOKEN_INVALID', 'This step has expired or was already used. Please start again.');
  return row;
}

/** The newest code a browser flow asked for (the flow cookie), to send it again. */
export async function latestOfFlow(db: Db, flowId: string): Promise<OtpRow | undefined> {
  const [row] = await db.select().from(otpCodes).where(eq(otpCodes.flowId, flowId)).orderBy(desc(otpCodes.createdAt)).limit(1);
  return row;
}

/** The newest code of a purpose for a destination, whatever its state: a resend keeps its details. */
export async function latestFor(db: Db, purpose: OtpPurpose, destination: string): Promise<OtpRow | undefined> {
  const [row] = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.purpose, purpose), eq(otpCodes.destination, destination)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
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
