import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@localloop/contract';
import { notFound, type App } from './http.ts';

/**
 * Serves the built web app. Hashed files under /assets are cached for a year; every other
 * non-API GET answers with index.html (history fallback) so deep links load the SPA.
 * The build writes a .br and a .gz beside each text file: a browser gets the one it accepts, anything else the file itself.
 */
export async function registerSpa(app: App, webDist: string) {
  const indexHtml = path.join(webDist, 'index.html');
  const built = existsSync(indexHtml);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      // Looks files up per request, so a rebuilt web app is served without a restart.
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false, // ours, set below
      setHeaders(res, filePath) {
        const hashed = filePath.startsWith(path.join(webDist, 'assets') + path.sep);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The same URL answers in br, gzip or identity by Accept-Encoding: caches must keep them apart.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) return notFound(request, reply, 'endpoint');
    // A missing file (a stale chunk after a deploy, a mistyped asset) is a 404, never the app's HTML.
    if (looksLikeFile(request.url)) return notFound(request, reply, 'file');
    if (!built) {
      return reply.code(503).send({
        error: 'The web app is not built yet. Run `npm run build` (or `npm start`, which builds it).',
        code: ErrorCode.unavailable,
      });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

function looksLikeFile(url: string): boolean {
  const pathname = url.split('?')[0] ?? url;
  return pathname.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(pathname);
}
