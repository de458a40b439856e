import { endpoints, type SearchResponse } from '@localloop/contract';
import { answerCache } from '../../lib/answer-cache.ts';
import type { AppContext } from '../../lib/context.ts';
import { route, type App } from '../../lib/http.ts';
import { searchAll } from './service.ts';

/**
 * /search/: deals, activities, services and vendors in one answer (the landing page's and the header's search box).
 * A visitor's answer holds nothing of theirs, so the next visitor asking the same within PUBLIC_ANSWER_SECONDS gets it
 * again (lib/answer-cache.ts): a search costs four list queries. A signed-in person's is theirs (favourites) and is
 * always asked afresh.
 */
export async function searchRoutes(app: App, ctx: AppContext) {
  const deps = { db: ctx.db, clock: ctx.clock, mediaUrl: ctx.mediaUrl };
  const visitors = answerCache<SearchResponse>({ ttlMs: ctx.config.publicAnswerTtlMs, max: 1000, clock: ctx.clock });
  route(app, endpoints.search, ({ userId, query }) => {
    if (userId) return searchAll(deps, userId, query);
    const key = JSON.stringify([query.q, query.lat, query.lng, query.radius_km, query.per_group]);
    return visitors.get(key, () => searchAll(deps, null, query));
  });
}
