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

/** Authentication once, for every /api route that asks for it; authorization stays in the services. */
export const authPlugin = fp<{ tokens: TokenService }>(async (app, { tokens }) => {
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
    request.userId = userId;
  });
});
