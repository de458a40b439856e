import rateLimit from '@fastify/rate-limit';
import { ErrorCode } from '@localloop/contract';
import { AppError } from './errors.ts';
import type { App } from './http.ts';

/** Per-IP limits, off unless a route asks with `route(..., perMinute(n))`. Register once, before the routes. */
export async function registerRateLimits(app: App) {
  await app.register(rateLimit, {
    global: false,
    // What this returns is thrown, so the one error handler answers it in the one error shape.
    errorResponseBuilder: (_request, context) =>
      new AppError(429, ErrorCode.rateLimited, `Too many attempts from your network. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`),
  });
}

export function perMinute(max: number) {
  return { rateLimit: { max, timeWindow: '1 minute' } };
}
