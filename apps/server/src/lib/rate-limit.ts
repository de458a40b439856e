import { createRequire } from 'node:module';
import rateLimit, { type FastifyRateLimitStore, type RateLimitOptions, type RateLimitPluginOptions } from '@fastify/rate-limit';
import { ErrorCode } from '@localloop/contract';
import { AppError } from './errors.ts';
import type { App } from './http.ts';

/** Limits are off unless a route asks with `route(..., perMinute(n))` or `perAccount(...)`. Register once, before the routes. */
export async function registerRateLimits(app: App) {
  await app.register(rateLimit, {
    global: false,
    store: GroupedLocalStore,
    // What this returns is thrown, so the one error handler answers it in the one error shape.
    errorResponseBuilder: (request, context) => {
      const seconds = Math.ceil(context.ttl / 1000);
      const config = request.routeOptions.config as { rateLimit?: RateLimitOptions };
      const from = config.rateLimit?.keyGenerator ? 'for your account' : 'from your network';
      return new AppError(ErrorCode.rateLimited, `Too many attempts ${from}. Please wait ${seconds} seconds and try again.`);
    },
  });
}

type RouteStoreOptions = { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number; groupId?: string };
// The plugin's own in-memory store (not in its typed exports).
const LocalStore = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding?: boolean,
  exponentialBackoff?: boolean,
  cache?: number,
) => FastifyRateLimitStore;

/**
 * The plugin's in-memory store gives every route counters of its own, so routes with one `groupId` would not share a
 * budget; this one gives the routes of a group one set of counters (the keys already name the group).
 */
class GroupedLocalStore implements FastifyRateLimitStore {
  private readonly root: FastifyRateLimitStore;
  private readonly groups = new Map<string, FastifyRateLimitStore>();

  constructor(options: RateLimitPluginOptions) {
    this.root = new LocalStore(options.continueExceeding, options.exponentialBackoff, options.cache);
  }

  incr(...args: Parameters<FastifyRateLimitStore['incr']>): void {
    this.root.incr(...args);
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    // The plugin passes a route's merged rate-limit settings here, whatever its typings say.
    const options = routeOptions as unknown as RouteStoreOptions;
    const make = () => new LocalStore(options.continueExceeding, options.exponentialBackoff, options.cache);
    if (!options.groupId) return make();
    let shared = this.groups.get(options.groupId);
    if (!shared) this.groups.set(options.groupId, (shared = make()));
    return shared;
  }
}

export type RouteRateLimit = { rateLimit: RateLimitOptions };

/** Per IP address and minute; routes that share a `group` share one budget (both password log-ins). */
export function perMinute(max: number, group?: string): RouteRateLimit {
  return { rateLimit: { max, timeWindow: '1 minute', ...(group ? { groupId: group } : {}) } };
}

/**
 * Per signed-in account, whatever its address: for calls that do CPU-heavy password work on behalf of one account
 * (changing the password, deleting the account, changing the e-mail), so one account cannot starve everyone else.
 * Authentication runs first (the route's onRequest), so `request.userId` is set.
 */
export function perAccount(max: number, timeWindow: string): RouteRateLimit {
  return { rateLimit: { max, timeWindow, keyGenerator: (request) => `account:${request.userId ?? request.ip}` } };
}
