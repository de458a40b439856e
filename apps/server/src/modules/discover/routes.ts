import { endpoints, type DiscoverResponse } from '@localloop/contract';
import { answerCache, SHARED_ANSWER_BYTES } from '../../lib/answer-cache.ts';
import type { AppContext } from '../../lib/context.ts';
import { route, type App } from '../../lib/http.ts';
import { withCallersMarks } from '../search/index.ts';
import { discoverNear } from './service.ts';

/**
 * /discover/: deals, activities, services and vendors near a point, each kind's nearest, optionally of one theme
 * (/Discover). Kept for the next asker of the same and marked for a signed-in person, as the search's answer
 * (search/routes.ts).
 */
export async function discoverRoutes(app: App, ctx: AppContext) {
  const deps = { db: ctx.db, clock: ctx.clock, mediaUrl: ctx.mediaUrl };
  const shared = answerCache<DiscoverResponse>({ ttlMs: ctx.config.publicAnswerTtlMs, maxBytes: SHARED_ANSWER_BYTES, clock: ctx.clock });
  route(app, endpoints.discover, async ({ userId, query }) => {
    const key = JSON.stringify([query.category ?? null, query.lat, query.lng, query.radius_km, query.per_group]);
    const answer = await shared.get(key, () => discoverNear(deps, query));
    return userId ? withCallersMarks(ctx.db, userId, answer) : answer;
  });
}
