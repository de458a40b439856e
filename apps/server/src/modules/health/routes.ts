import { endpoints } from '@localloop/contract';
import type { Database } from '../../db/client.ts';
import { route, type App } from '../../lib/http.ts';

export async function healthRoutes(app: App, database: Database) {
  route(app, endpoints.health, async ({ reply, request }) => {
    reply.header('cache-control', 'no-store');
    try {
      await database.ping(2000);
      return { status: 'ok' as const };
    } catch (err) {
      request.log.warn({ err }, 'health check: database did not answer');
      reply.code(503);
      return { status: 'unavailable' as const };
    }
  });
}
