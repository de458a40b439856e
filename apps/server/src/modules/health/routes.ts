import { endpoints, type HealthResponse } from '@localloop/contract';
import { retryAfterSeconds, route, type App } from '../../lib/http.ts';
import type { AppContext } from '../../lib/context.ts';

/**
 * GET /api/health, for load balancers and monitors: one `SELECT 1` and the realtime listener's state, nothing more
 * (it is polled often). Logged when the answer changes, not on every poll.
 */
export async function healthRoutes(app: App, ctx: Pick<AppContext, 'database' | 'realtime'>) {
  const deps = ctx;
  let last: HealthResponse['status'] = 'ok';
  route(app, endpoints.health, async ({ reply, request }) => {
    reply.header('cache-control', 'no-store');
    let database: HealthResponse['database'] = 'up';
    let failure: unknown = null;
    try {
      await deps.database.ping(2000);
    } catch (err) {
      database = 'down';
      failure = err;
    }
    const realtime = deps.realtime.state();
    const status: HealthResponse['status'] = database === 'down' ? 'unavailable' : realtime === 'listening' ? 'ok' : 'degraded';
    if (status !== last) {
      if (status === 'ok') request.log.info({ was: last }, 'health: ok again');
      else request.log.warn({ err: failure, database, realtime }, `health: ${status}`);
      last = status;
    }
    if (status === 'unavailable') reply.code(503).header('retry-after', String(retryAfterSeconds));
    return { status, database, realtime };
  });
}
