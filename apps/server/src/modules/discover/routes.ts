import { endpoints, type DiscoverResponse } from '@localloop/contract';
import { answerCache } from '../../lib/answer-cache.ts';
import type { AppContext } from '../../lib/context.ts';
import { route, type App } from '../../lib/http.ts';
import { discoverNear } from './service.ts';

/**
 * /discover/: deals, activities, services and vendors near a point, each kind's nearest, optionally of one theme
 * (/Discover). A visitor's answer is kept for the next visitor asking the same, as the search's (search/routes.ts).
 */
export async function discoverRoutes(app: App, ctx: AppContext) {
  const deps = { db: ctx.db, clock: ctx.clock, mediaUrl: ctx.mediaUrl };
  const visitors = answerCache<DiscoverResponse>({ ttlMs: ctx.config.publicAnswerTtlMs, max: 1000, clock: ctx.clock });
  route(app, endpoints.discover, ({ userId, query }) => {
    if (userId) return discoverNear(deps, userId, query);
    const key = JSON.stringify([query.category ?? null, query.lat, query.lng, query.radius_km, query.per_group]);
    return visitors.get(key, () => discoverNear(deps, null, query));
  });
}
