import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@localloop/contract';
import { apiNotFound, type App } from './http.ts';

/**
 * Serves the built web app. Hashed files under /assets are cached for a year; every other
 * non-API GET answers with index.html (history fallback) so deep links load the SPA.
 */
export async function registerSpa(app: App, webDist: string) {
  const indexHtml = path.join(webDist, 'index.html');
  const built = existsSync(indexHtml);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const hashed = filePath.startsWith(path.join(webDist, 'assets') + path.sep);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) return apiNotFound(request, reply);
    if (!built) {
      return reply.code(503).send({
        error: 'The web app is not built yet. Run `npm run build` (or `npm start`, which builds it).',
        code: ErrorCode.unavailable,
      });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
