import fastifyMultipart, { type Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { ErrorCode } from '@localloop/contract';
import { AppError } from './errors.ts';
import type { App } from './http.ts';

/** What one upload endpoint accepts, and how its refusals read (they name its file field). */
export type MultipartSpec = {
  limits: { fileSize: number; files: number; fields: number; fieldSize: number; parts: number };
  /** The field refusals about the file are filed under ("images", "file"). */
  fileField: string;
  /** The sentence for a request that is not multipart/form-data at all. */
  notMultipart: string;
  tooLarge: { code: ErrorCode; message: string };
  tooManyFiles: { code: ErrorCode; message: string };
  tooManyParts: string;
};

/**
 * Registers `register`'s routes in a scope of their own where multipart bodies are parsed with `spec.limits`: every
 * other endpoint keeps answering JSON only.
 */
export async function withMultipart(app: App, spec: MultipartSpec, register: (scope: App) => void | Promise<void>): Promise<void> {
  await app.register(async (scope: App) => {
    await scope.register(fastifyMultipart, { limits: spec.limits });
    await register(scope);
  });
}

/**
 * Reads a multipart request part by part, `visit` deciding what each part is; whatever the parser refuses (too large,
 * too many parts, a cut-off body) becomes the spec's 4xx in the one error shape.
 */
export async function readMultipart(request: FastifyRequest, spec: MultipartSpec, visit: (part: Multipart) => Promise<void>): Promise<void> {
  if (!request.isMultipart()) throw new AppError('NOT_MULTIPART', spec.notMultipart);
  try {
    for await (const part of request.parts()) {
      // A file part without a file name (undici's FormData writes none for an empty name, and sends the bytes as
      // application/octet-stream) comes as a file whose filename is undefined, whatever the types say: a 500 when the
      // name was read (the fuzz test's find). Its name is empty, as a browser's empty file input sends it.
      if (part.type === 'file') part.filename = (part.filename as string | undefined) ?? '';
      await visit(part);
    }
  } catch (err) {
    throw translateMultipartError(err, spec);
  }
}

function translateMultipartError(err: unknown, spec: MultipartSpec): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(spec.tooLarge.code, spec.tooLarge.message, { [spec.fileField]: spec.tooLarge.message });
  if (code === 'FST_FILES_LIMIT') return new AppError(spec.tooManyFiles.code, spec.tooManyFiles.message, { [spec.fileField]: spec.tooManyFiles.message });
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new AppError('TOO_MANY_PARTS', spec.tooManyParts);
  if (typeof (err as { statusCode?: unknown } | null)?.statusCode === 'number') return err;
  // What is left comes from the multipart parser (busboy): a cut-off or malformed body.
  return new AppError('MALFORMED_MULTIPART', 'The upload did not arrive complete. Please try again.');
}
