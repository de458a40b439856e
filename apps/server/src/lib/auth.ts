import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '@localloop/contract';
import { AppError } from './errors.ts';
import type { TokenService } from './tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sets request.userId from the bearer token; when `required`, refuses a request without a valid one. */
    authenticate(request: FastifyRequest, required: boolean): Promise<void>;
  }
  interface FastifyRequest {
    userId: string | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

type AuthOptions = {
  tokens: TokenService;
  /** Whether the account may still act: an access token outlives a deletion or a deactivation by up to 15 minutes. */
  isActive: (userId: string) => Promise<boolean>;
};

/** Authentication once, for every /api route that asks for it; authorization stays in the services. */
export const authPlugin = fp<AuthOptions>(async (app, { tokens, isActive }) => {
  app.decorateRequest('userId', null);
  app.decorate('authenticate', async (request: FastifyRequest, required: boolean) => {
    const token = bearerToken(request);
    if (!token) {
      if (required) throw AppError.unauthenticated();
      return;
    }
    const userId = await tokens.verifyAccess(token);
    // A stale token on an optional endpoint still gets a 401, so the client refreshes and retries.
    if (!userId) throw new AppError(401, ErrorCode.tokenInvalid, 'Your session has expired. Please log in again.');
    // A deleted or deactivated account's token is as good as none, on every endpoint, not only where a service checks.
    if (!(await isActive(userId))) throw AppError.unauthenticated('Your account is no longer active. Please log in again.');
    request.userId = userId;
  });
});
