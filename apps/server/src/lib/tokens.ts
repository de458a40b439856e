import { createHash, randomBytes } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import { LRUCache } from 'lru-cache';
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
  /**
   * Tokens that verified lately, by their exact text: a signed-in client sends the same access token with every request
   * for up to 15 minutes, and checking it again (the HMAC, two base64 decodes and JSON parses) was a tenth of a
   * signed-in read's CPU (a profile of the busiest provider's free times under load). Only tokens that verified are
   * kept, so nobody without a token of ours can fill it; expiry is still judged on every use, and the token version
   * (a logout everywhere, a password change) by the caller, as before.
   */
  const verified = new LRUCache<string, { claims: AccessClaims; exp: number }>({ max: 10_000 });
  return {
    signAccess({ userId, version, authTime }) {
      const now = Math.floor(clock().getTime() / 1000);
      return sign({ typ: 'access', sub: userId, iss: ISSUER, iat: now, exp: now + ACCESS_TTL_SECONDS, ver: version, auth_time: authTime });
    },
    verifyAccess(token) {
      const now = clock().getTime() / 1000;
      const seen = verified.get(token);
      if (seen) return seen.exp > now ? { ...seen.claims } : null;
      let payload: Record<string, unknown>;
      try {
        payload = verify(token) as Record<string, unknown>;
      } catch {
        return null;
      }
      const { typ, sub, exp, ver, auth_time: authTime } = payload;
      // The subject is a user id; anything else is no token of ours, and must not reach a uuid column.
      if (typ !== 'access' || typeof sub !== 'string' || !isUuid(sub)) return null;
      if (typeof exp !== 'number' || exp <= now) return null;
      if (!Number.isInteger(ver) || typeof authTime !== 'number') return null;
      const claims = { userId: sub, version: ver as number, authTime };
      verified.set(token, { claims, exp });
      return { ...claims };
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
