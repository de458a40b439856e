import { createHash, randomBytes } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import type { Clock } from './clock.ts';
import { isUuid } from './uuid.ts';

export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const ISSUER = 'localloop';

/** Who an access token speaks for, and under which token version and sign-in it was issued. */
export type AccessClaims = {
  userId: string;
  /** The account's token version at issue: a password change, logout everywhere or deletion raises it. */
  version: number;
  /** When the person last proved who they are in this session (seconds since the epoch). */
  authTime: number;
};

export type TokenService = {
  signAccess(claims: AccessClaims): string;
  /** The claims of a valid, unexpired access token of ours, or null. */
  verifyAccess(token: string): AccessClaims | null;
};

/**
 * HS256 access tokens signed and checked with node:crypto's HMAC, synchronously (fast-jwt): WebCrypto would queue
 * every check on the libuv thread pool behind password hashing, so a log-in burst would slow every endpoint.
 * `exp`, `iat` and `sub` must be present; expiry is judged by the injected clock, so tests can move time.
 */
export function createTokenService(secret: string, clock: Clock): TokenService {
  const sign = createSigner({ key: secret, algorithm: 'HS256' });
  const verify = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    allowedIss: ISSUER,
    requiredClaims: ['exp', 'iat', 'sub', 'iss'],
    // Judged below against the clock; fast-jwt's own check would use the wall clock.
    ignoreExpiration: true,
    ignoreNotBefore: true,
  });
  return {
    signAccess({ userId, version, authTime }) {
      const now = Math.floor(clock().getTime() / 1000);
      return sign({ typ: 'access', sub: userId, iss: ISSUER, iat: now, exp: now + ACCESS_TTL_SECONDS, ver: version, auth_time: authTime });
    },
    verifyAccess(token) {
      let payload: Record<string, unknown>;
      try {
        payload = verify(token) as Record<string, unknown>;
      } catch {
        return null;
      }
      const { typ, sub, exp, ver, auth_time: authTime } = payload;
      const now = clock().getTime() / 1000;
      // The subject is a user id; anything else is no token of ours, and must not reach a uuid column.
      if (typ !== 'access' || typeof sub !== 'string' || !isUuid(sub)) return null;
      if (typeof exp !== 'number' || exp <= now) return null;
      if (!Number.isInteger(ver) || typeof authTime !== 'number') return null;
      return { userId: sub, version: ver as number, authTime };
    },
  };
}

/** An opaque refresh token: 256 random bits. Only its hash is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
