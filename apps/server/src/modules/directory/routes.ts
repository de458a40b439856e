import { endpoints } from '@localloop/contract';
import { route, type App } from '../../lib/http.ts';
import type { AppContext } from '../../lib/context.ts';
import { keptForVisitors } from '../../lib/answer-cache.ts';
import { listVendors } from './list.ts';
import { listFavorites, listRatings, publicVendor, rateVendor, toggleFavorite, type DirectoryDeps } from './service.ts';

/** The vendor directory, public vendor pages, favorites and ratings. */
export async function directoryRoutes(app: App, ctx: AppContext) {
  const deps: DirectoryDeps = { db: ctx.db, clock: ctx.clock, mediaUrl: ctx.mediaUrl };
  const vendorList = keptForVisitors({ ttlMs: ctx.config.publicAnswerTtlMs, clock: ctx.clock }, (callerId, query: Parameters<typeof listVendors>[2]) => listVendors(deps, callerId, query));
  route(app, endpoints.vendorList, ({ userId, query }) => vendorList(userId, query));
  route(app, endpoints.vendorPublic, ({ userId, params, query }) => publicVendor(deps, userId, params.user_id, query));
  route(app, endpoints.vendorRatings, ({ userId, params, query }) => listRatings(deps, userId, params.id, query.page, query.page_size));
  route(app, endpoints.rateVendor, ({ userId, body }) => rateVendor(deps, userId, body));
  route(app, endpoints.toggleFavoriteVendor, ({ userId, params }) => toggleFavorite(deps, userId, params.id));
  route(app, endpoints.favoriteVendors, ({ userId }) => listFavorites(deps, userId));
}
