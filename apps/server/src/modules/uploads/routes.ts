import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import { endpoints, imageUploadLimits } from '@localloop/contract';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { notFound, route, type App } from '../../lib/http.ts';
import { readMultipart, withMultipart, type MultipartSpec } from '../../lib/multipart.ts';
import { acceptUpload, createImageWork, createUploadGate, type IncomingFile, type UploadDeps } from './service.ts';
import { immutableCacheControl, mediaRoot, mediaUrlPrefix } from '../../lib/storage.ts';

/** The field the web app sends; `image` and `file` are what older clients send. */
const fileFields = new Set(['images', 'image', 'file']);
const maxMegabytes = imageUploadLimits.maxBytes / (1024 * 1024);

const imageUpload: MultipartSpec = {
  limits: { fileSize: imageUploadLimits.maxBytes, files: imageUploadLimits.maxFiles, fields: 20, fieldSize: 1024, parts: imageUploadLimits.maxFiles + 20 },
  fileField: 'images',
  notMultipart: 'Send the images as multipart/form-data in the field "images".',
  tooLarge: { code: 'IMAGE_TOO_LARGE', message: `Each image must be ${maxMegabytes} MB or smaller.` },
  tooManyFiles: { code: 'TOO_MANY_IMAGES', message: `Send at most ${imageUploadLimits.maxFiles} images at a time.` },
  tooManyParts: 'The upload has too many parts; send only the images.',
};

export async function uploadRoutes(app: App, ctx: AppContext) {
  const limits = ctx.config.uploads;
  const deps: UploadDeps = { db: ctx.db, storage: ctx.storage, limits, work: createImageWork(limits) };
  const gate = createUploadGate();
  await withMultipart(app, imageUpload, (scope) => {
    route(scope, endpoints.uploadImages, async ({ request, userId }) => {
      if (!userId) throw AppError.unauthenticated();
      // A refusal that passes with time carries Retry-After (the error handler sends it).
      const images = await acceptUpload(deps, gate, userId, () => readFiles(request));
      return { images };
    });
  });
}

async function readFiles(request: FastifyRequest): Promise<IncomingFile[]> {
  const files: IncomingFile[] = [];
  await readMultipart(request, imageUpload, async (part) => {
    if (part.type === 'field') return;
    if (!fileFields.has(part.fieldname)) {
      const message = `Send the images in the field "images", not "${part.fieldname.slice(0, 40)}".`;
      throw new AppError('IMAGE_INVALID', message, { images: message });
    }
    const bytes = await part.toBuffer();
    // A file input left empty still sends a part, with no name and no bytes.
    if (bytes.length === 0 && !part.filename) return;
    files.push({ filename: part.filename, bytes });
  });
  return files;
}

/**
 * Serves uploads kept on local disk at /media/*. Keys are unique and never rewritten, so files
 * are cached for a year. Anything missing under /media is a JSON 404, never the web app's HTML.
 */
export async function registerMediaFiles(app: App, config: Pick<Config, 'dataDir' | 's3'>) {
  if (config.s3) return;
  mkdirSync(mediaRoot(config), { recursive: true });
  await app.register(
    async (scope: App) => {
      await scope.register(fastifyStatic, {
        root: mediaRoot(config),
        decorateReply: false,
        index: false,
        // Only files: a directory or a dotfile is a 404 like any key that is not there.
        allowedPath: (pathname) => !pathname.endsWith('/'),
        dotfiles: 'ignore',
        cacheControl: false, // ours, below
        setHeaders(res) {
          res.setHeader('cache-control', immutableCacheControl);
          res.setHeader('x-content-type-options', 'nosniff');
        },
      });
      scope.setNotFoundHandler((request, reply) => notFound(request, reply, 'file'));
    },
    { prefix: mediaUrlPrefix.replace(/\/$/, '') },
  );
}
