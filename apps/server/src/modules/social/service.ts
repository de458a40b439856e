import { eq, ilike } from 'drizzle-orm';
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import type { LoginResponse, SocialLoginInput } from '@localloop/contract';
import type { Config } from '../../config.ts';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { type AuthDeps, inNewSession, openSession, welcome } from '../auth/index.ts';
import { violatedUniqueConstraint } from '../../lib/db-errors.ts';
import { notify } from '../notifications/index.ts';

/** The facts of a verified Google ID token that an account needs. */
export type GoogleIdentity = { sub: string; email: string; givenName: string; familyName: string };

export type GoogleVerifier = {
  clientId: string | undefined;
  /** Verifies signature (issuer's JWKS), issuer, audience and expiry; throws AppError otherwise. */
  verify(credential: string): Promise<GoogleIdentity>;
};

export type SocialDeps = AuthDeps & { google: GoogleVerifier };
type SessionMeta = { userAgent?: string | undefined };

const issuers = ['accounts.google.com', 'https://accounts.google.com'];

const tokenInvalid = () => new AppError('SOCIAL_TOKEN_INVALID', 'Google sign-in could not be verified. Please try again.');

/**
 * One per app: jose fetches the key set on first use and caches it (refetching when an unknown key id
 * appears, as after Google rotates its keys). `onKeysUnavailable` hears why the key set could not be had.
 */
export function createGoogleVerifier(
  google: Config['google'],
  clock: Clock,
  onKeysUnavailable: (err: unknown) => void = () => undefined,
): GoogleVerifier {
  const { clientId } = google;
  const jwks = createRemoteJWKSet(new URL(google.jwksUrl));
  return {
    clientId,
    async verify(credential) {
      if (!clientId) throw disabled();
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(credential, jwks, { issuer: issuers, audience: clientId, algorithms: ['RS256'], currentDate: clock() }));
      } catch (err) {
        if (isKeySetFailure(err)) {
          onKeysUnavailable(err);
          throw new AppError('SOCIAL_LOGIN_UNAVAILABLE', 'Sign in with Google is unavailable right now. Please try again shortly.');
        }
        throw tokenInvalid();
      }
      return identityOf(payload);
    },
  };
}

/** A failure to get Google's keys (network, timeout, a bad answer) is ours, not the token's. */
function isKeySetFailure(err: unknown): boolean {
  if (!(err instanceof errors.JOSEError)) return true;
  return err instanceof errors.JWKSTimeout || err instanceof errors.JWKSInvalid || err.code === 'ERR_JOSE_GENERIC';
}

function identityOf(payload: JWTPayload): GoogleIdentity {
  const { sub, email, email_verified: verified, given_name: givenName, family_name: familyName } = payload;
  if (typeof sub !== 'string' || !sub) throw tokenInvalid();
  if (typeof email !== 'string' || !email.includes('@')) {
    throw new AppError('SOCIAL_EMAIL_MISSING', 'Your Google account did not share an e-mail address, which LocalLoop needs to sign you in.');
  }
  // Google sends a boolean; some older tokens carried the string "true".
  if (verified !== true && verified !== 'true') {
    throw new AppError('SOCIAL_EMAIL_UNVERIFIED', 'Your Google account\'s e-mail address is not verified yet. Verify it with Google, or sign up with your e-mail.');
  }
  const name = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 60) : '');
  return { sub, email: email.trim().toLowerCase(), givenName: name(givenName), familyName: name(familyName) };
}

const disabled = () => new AppError('SOCIAL_LOGIN_DISABLED', 'Sign in with Google is not set up on this server.');

/**
 * Logs in with a Google ID token: the account already linked to this Google identity, else the
 * account with the same (verified) e-mail, which gets linked, else a new account without a password.
 */
export async function loginWithGoogle(deps: SocialDeps, input: SocialLoginInput, meta: SessionMeta): Promise<LoginResponse> {
  const { clientId } = deps.google;
  if (!clientId) throw disabled();
  if (input.client_id !== clientId) {
    throw new AppError('SOCIAL_CLIENT_MISMATCH', 'This Google sign-in was made for another app. Reload the page and try again.');
  }
  const identity = await deps.google.verify(input.credential);

  // Two first sign-ins racing (a double click) collide on a unique column; the retry finds the winner's account.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await inNewSession(deps, async (tx) => {
        const userId = await findOrCreateAccount(tx, identity);
        return openSession(deps, tx, userId, meta);
      });
    } catch (err) {
      if (attempt >= 3 || violatedUniqueConstraint(err) === null) throw err;
    }
  }
}

async function findOrCreateAccount(tx: Tx, identity: GoogleIdentity): Promise<string> {
  const [linked] = await tx.select().from(users).where(eq(users.googleSub, identity.sub)).limit(1);
  if (linked) {
    assertActive(linked);
    return linked.id;
  }

  const [sameEmail] = await tx.select().from(users).where(eq(users.email, identity.email)).limit(1).for('update');
  if (sameEmail) {
    assertActive(sameEmail);
    // Linked to this same Google identity: a parallel first sign-in created it a moment ago.
    if (sameEmail.googleSub === identity.sub) return sameEmail.id;
    if (sameEmail.googleSub) {
      throw new AppError('SOCIAL_ACCOUNT_CONFLICT', 'This e-mail address is already linked to another Google account. Log in with your password instead.');
    }
    await tx.update(users).set({ googleSub: identity.sub }).where(eq(users.id, sameEmail.id));
    return sameEmail.id;
  }

  const [created] = await tx
    .insert(users)
    .values({
      email: identity.email,
      username: await freeUsername(tx, identity.email),
      firstName: identity.givenName,
      lastName: identity.familyName,
      googleSub: identity.sub,
    })
    .returning({ id: users.id });
  if (!created) throw new Error('account not created');
  await notify(tx, created.id, welcome(null));
  return created.id;
}

function assertActive(user: { isActive: boolean; deletedAt: Date | null }) {
  if (!user.isActive || user.deletedAt) {
    throw AppError.forbidden('This account has been deactivated. Contact support if you think this is a mistake.');
  }
}

/** The e-mail's local part as a valid username (letters, digits, dots, underscores; 3–30), made unique: jane.doe, jane.doe2, … */
export async function freeUsername(tx: Tx, email: string): Promise<string> {
  let base = (email.split('@')[0] ?? '')
    .replace(/[^A-Za-z0-9_.]/g, '')
    .replace(/^[._]+|[._]+$/g, '')
    .toLowerCase()
    .slice(0, 24);
  if (base.length < 3) base = `${base}user`.replace(/^[._]+/, '');
  const likePattern = `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const taken = new Set(
    (await tx.select({ username: users.username }).from(users).where(ilike(users.username, likePattern)))
      .map((row) => row.username?.toLowerCase()),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
