import { mkdirSync } from 'node:fs';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import { endpoints, imageUploadLimits } from '@localloop/contract';
import type { Config, UploadLimits } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { notFound, route, type App } from '../../lib/http.ts';
import { acceptUpload, createImageWork, createUploadGate, type IncomingFile, type UploadDeps } from './service.ts';
import { immutableCacheControl, mediaRoot, mediaUrlPrefix, type Storage } from '../../lib/storage.ts';

/** The field the web app sends; `image` and `file` are what older clients send. */
const fileFields = new Set(['images', 'image', 'file']);
const maxMegabytes = imageUploadLimits.maxBytes / (1024 * 1024);

export async function uploadRoutes(app: App, options: { db: Db; storage: Storage; limits: UploadLimits }) {
  const deps: UploadDeps = { ...options, work: createImageWork(options.limits) };
  const gate = createUploadGate();
  // Multipart parsing exists only inside this scope: every other endpoint keeps answering JSON only.
  await app.register(async (scope: App) => {
    await scope.register(fastifyMultipart, {
      limits: {
        fileSize: imageUploadLimits.maxBytes,
        files: imageUploadLimits.maxFiles,
        fields: 20,
        fieldSize: 1024,
        parts: imageUploadLimits.maxFiles + 20,
      },
    });
    route(scope, endpoints.uploadImages, async ({ request, userId }) => {
      if (!userId) throw AppError.unauthenticated();
      // A refusal that passes with time carries Retry-After (the error handler sends it).
      const images = await acceptUpload(deps, gate, userId, () => readFiles(request));
      return { images };
    });
  });
}

async function readFiles(request: FastifyRequest): Promise<IncomingFile[]> {
  if (!request.isMultipart()) {
    throw new AppError('NOT_MULTIPART', 'Send the images as multipart/form-data in the field "images".');
  }
  const files: IncomingFile[] = [];
  try {
    for await (const part of request.files()) {
      if (!fileFields.has(part.fieldname)) {
        const message = `Send the images in the field "images", not "${part.fieldname.slice(0, 40)}".`;
        throw new AppError('IMAGE_INVALID', message, { images: message });
      }
      const bytes = await part.toBuffer();
      // A file input left empty still sends a part, with no name and no bytes.
      if (bytes.length === 0 && !part.filename) continue;
      files.push({ filename: part.filename, bytes });
    }
  } catch (err) {
    throw translateMultipartError(err);
  }
  return files;
}

function translateMultipartError(err: unknown): unknown {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    const message = `Each image must be ${maxMegabytes} MB or smaller.`;
    return new AppError('IMAGE_TOO_LARGE', message, { images: message });
  }
  if (code === 'FST_FILES_LIMIT') {
    const message = `Send at most ${imageUploadLimits.maxFiles} images at a time.`;
    return new AppError('TOO_MANY_IMAGES', message, { images: message });
  }
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('TOO_MANY_PARTS', 'The upload has too many parts; send only the images.');
  }
  if (err instanceof AppError || (typeof (err as { statusCode?: unknown } | null)?.statusCode === 'number')) return err;
  // What is left comes from the multipart parser (busboy): a cut-off or malformed body.
  return new AppError('MALFORMED_MULTIPART', 'The upload did not arrive complete. Please try again.');
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
