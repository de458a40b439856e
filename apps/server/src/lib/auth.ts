import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '@localloop/contract';
import { AppError } from './errors.ts';
import type { AccessClaims, TokenService } from './tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sets request.userId from the bearer token; when `required`, refuses a request without a valid one. */
    authenticate(request: FastifyRequest, required: boolean): Promise<void>;
    /** Refuses (403) a signed-in caller without the role an endpoint declares. */
    requireRole(request: FastifyRequest, role: Role): Promise<void>;
  }
  interface FastifyRequest {
    userId: string | null;
    /** The verified access token's claims (token version, sign-in time), when the request carried one. */
    session: AccessClaims | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** The roles an endpoint may declare (contract: `auth: 'vendor' | 'operator'`). */
export type Role = 'vendor' | 'operator';

const roleRefusals: Record<Role, string> = {
  vendor: 'Only approved vendors can do this. Finish your vendor profile and wait for its approval first.',
  operator: 'Only marketplace operators can do this.',
};

type AuthOptions = {
  /** Whether the account holds the role now (read from the database on every request: no new login needed). */
  hasRole: (userId: string, role: Role) => Promise<boolean>;
  tokens: TokenService;
  /**
   * The account's current token version, or null when it may no longer act (deleted, deactivated). An access token
   * issued under an older version (before a password change, a logout everywhere) opens nothing.
   */
  tokenVersionOf: (userId: string) => Promise<number | null>;
};

/** Authentication once, for every /api route that asks for it; authorization stays in the services. */
export const authPlugin = fp<AuthOptions>(async (app, { tokens, tokenVersionOf, hasRole }) => {
  app.decorateRequest('userId', null);
  app.decorateRequest('session', null);
  app.decorate('authenticate', async (request: FastifyRequest, required: boolean) => {
    const token = bearerToken(request);
    if (!token) {
      if (required) throw AppError.unauthenticated();
      return;
    }
    const claims = tokens.verifyAccess(token);
    // A stale token on an optional endpoint still gets a 401, so the client refreshes and retries.
    if (!claims) throw new AppError(ErrorCode.tokenInvalid, 'Your session has expired. Please log in again.');
    // A deleted or deactivated account's token is as good as none, on every endpoint, not only where a service checks.
    const version = await tokenVersionOf(claims.userId);
    if (version === null) throw AppError.unauthenticated('Your account is no longer active. Please log in again.');
    // Issued before a password change or a logout everywhere: the client refreshes (if its session survived) and retries.
    if (claims.version !== version) throw new AppError(ErrorCode.tokenInvalid, 'Your session has ended. Please log in again.');
    request.userId = claims.userId;
    request.session = claims;
  });
  app.decorate('requireRole', async (request: FastifyRequest, role: Role) => {
    if (!request.userId) throw AppError.unauthenticated();
    if (!(await hasRole(request.userId, role))) throw AppError.forbidden(roleRefusals[role]);
  });
});
