import { endpoints } from '@localloop/contract';
import type { AppContext } from '../../lib/context.ts';
import { route, type App } from '../../lib/http.ts';
import { searchAll } from './service.ts';

/** /search/: deals, activities, services and vendors in one answer (the landing page's and the header's search box). */
export async function searchRoutes(app: App, ctx: AppContext) {
  const deps = { db: ctx.db, clock: ctx.clock, mediaUrl: ctx.mediaUrl };
  route(app, endpoints.search, ({ userId, query }) => searchAll(deps, userId, query));
}
