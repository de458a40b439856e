import { createHash } from 'node:crypto';
import rateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { ErrorCode } from '@localloop/contract';
import type { Db } from '../db/client.ts';
import { rateLimitHits } from '../db/schema.ts';
import { AppError } from './errors.ts';
import type { App } from './http.ts';

/**
 * Limits are off unless a route asks with `route(..., perMinute(n))` or `perAccount(...)`. Register once, before the
 * routes. The counters are in the database (rate_limit_hits), so every server process on it counts the same hits.
 */
export async function registerRateLimits(app: App, db: Db) {
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(db),
    // What this returns is thrown, so the one error handler answers it in the one error shape.
    errorResponseBuilder: (request, context) => {
      const seconds = Math.ceil(context.ttl / 1000);
      const config = request.routeOptions.config as { rateLimit?: RateLimitOptions };
      const from = config.rateLimit?.keyGenerator ? 'for your account' : 'from your network';
      return new AppError(ErrorCode.rateLimited, `Too many attempts ${from}. Please wait ${seconds} seconds and try again.`);
    },
  });
}

/**
 * One hit on a counter: the first of a new window when the last one has ended, else the next of the current one; the
 * count and the milliseconds left of the window. One statement (an upsert on the key), so hits from any number of
 * processes at once are each counted once, on the database's clock.
 */
const hit = (db: Db, key: string, windowMs: number) =>
  db
    .insert(rateLimitHits)
    .values({ key, hits: 1, windowEndsAt: sql`now() + make_interval(secs => ${windowMs}::float8 / 1000)` })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`CASE WHEN ${rateLimitHits.windowEndsAt} <= now() THEN 1 ELSE ${rateLimitHits.hits} + 1 END`,
        windowEndsAt: sql`CASE WHEN ${rateLimitHits.windowEndsAt} <= now() THEN excluded.window_ends_at ELSE ${rateLimitHits.windowEndsAt} END`,
      },
    })
    .returning({ hits: rateLimitHits.hits, ttlMs: sql<number>`ceil(extract(epoch FROM ${rateLimitHits.windowEndsAt} - now()) * 1000)::int` });

/**
 * The caller part of a counter's key, as stored: a digest, not the key itself. Keys hold what callers send (a calendar
 * link's token, which is a secret; a NUL byte, which PostgreSQL text cannot hold) and addresses.
 */
const digest = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 22);

/** Windows that ended a while ago, removed now and then (one hit in PRUNE_EVERY) so the table stays small. */
const PRUNE_EVERY = 500;
const prune = (db: Db) => db.delete(rateLimitHits).where(sql`${rateLimitHits.windowEndsAt} < now() - interval '1 hour'`);

/**
 * The plugin's store, on the database. Each route counts apart (its method and URL name its counters), except the
 * routes of one `groupId`, which share theirs (the plugin already puts the group in the key).
 */
function databaseStore(db: Db) {
  class RouteCounters implements FastifyRateLimitStore {
    constructor(private readonly scope: string) {}

    incr(key: string, done: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      hit(db, `${this.scope}|${digest(key)}`, timeWindow).then(
        ([row]) => {
          if (Math.random() * PRUNE_EVERY < 1) void prune(db).catch(() => undefined);
          done(null, { current: row?.hits ?? 1, ttl: Math.max(0, row?.ttlMs ?? timeWindow) });
        },
        (error: Error) => done(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes a route's merged rate-limit settings here, the route itself as routeInfo, whatever its typings say.
      const options = routeOptions as unknown as { groupId?: string; routeInfo?: { method?: string | string[]; url?: string } };
      const route = `${String(options.routeInfo?.method ?? '')} ${options.routeInfo?.url ?? ''}`;
      return new RouteCounters(options.groupId ? `group:${options.groupId}` : route);
    }
  }
  return class extends RouteCounters {
    constructor() {
      super('global');
    }
  };
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
