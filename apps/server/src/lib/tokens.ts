import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Clock } from './clock.ts';

export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const ISSUER = 'localloop';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type TokenService = {
  signAccess(userId: string): Promise<string>;
  /** The user id the token was issued to, or null when it is not a valid, unexpired access token. */
  verifyAccess(token: string): Promise<string | null>;
};

export function createTokenService(secret: string, clock: Clock): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async signAccess(userId) {
      const now = Math.floor(clock().getTime() / 1000);
      return new SignJWT({ typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt(now)
        .setExpirationTime(now + ACCESS_TTL_SECONDS)
        .sign(key);
    },
    async verifyAccess(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          currentDate: clock(),
        });
        // The subject is a user id; anything else is no token of ours, and must not reach a uuid column.
        return payload.typ === 'access' && typeof payload.sub === 'string' && UUID.test(payload.sub) ? payload.sub : null;
      } catch {
        return null;
      }
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
