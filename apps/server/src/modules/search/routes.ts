import { endpoints, type SearchResponse } from '@localloop/contract';
import { answerCache, SHARED_ANSWER_BYTES } from '../../lib/answer-cache.ts';
import type { AppContext } from '../../lib/context.ts';
import { route, type App } from '../../lib/http.ts';
import { withCallersMarks } from './personal.ts';
import { searchAll } from './service.ts';

/**
 * /search/: deals, activities, services and vendors in one answer (the landing page's and the header's search box).
 * A search costs four list queries, and what they find is the same for everyone who asks the same (words, point,
 * radius, size): the answer is kept PUBLIC_ANSWER_SECONDS for the next asker (lib/answer-cache.ts), and a signed-in
 * person gets it with their own marks looked up (personal.ts).
 */
export async function searchRoutes(app: App, ctx: AppContext) {
  const deps = { db: ctx.db, clock: ctx.clock, mediaUrl: ctx.mediaUrl };
  const shared = answerCache<SearchResponse>({ ttlMs: ctx.config.publicAnswerTtlMs, maxBytes: SHARED_ANSWER_BYTES, clock: ctx.clock });
  route(app, endpoints.search, async ({ userId, query }) => {
    const key = JSON.stringify([query.q, query.lat, query.lng, query.radius_km, query.per_group]);
    const answer = await shared.get(key, () => searchAll(deps, query));
    return userId ? withCallersMarks(ctx.db, userId, answer) : answer;
  });
}
