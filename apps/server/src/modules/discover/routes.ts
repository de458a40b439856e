import { endpoints } from '@localloop/contract';
import type { AppContext } from '../../lib/context.ts';
import { route, type App } from '../../lib/http.ts';
import { discoverNear } from './service.ts';

/** /discover/: deals, activities, services and vendors near a point, each kind's nearest, optionally of one theme (/Discover). */
export async function discoverRoutes(app: App, ctx: AppContext) {
  const deps = { db: ctx.db, clock: ctx.clock, mediaUrl: ctx.mediaUrl };
  route(app, endpoints.discover, ({ userId, query }) => discoverNear(deps, userId, query));
}
