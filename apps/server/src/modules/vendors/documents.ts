import type { ErrorCode } from '@localloop/contract';
import { eq, sum } from 'drizzle-orm';
import sharp from 'sharp';
import type { Tx } from '../../db/client.ts';
import { vendorDocuments } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { decodeOptions, isOverPixelLimit, MAX_MEGAPIXELS, megapixelsOf, readImageHeader, type ImageFormat } from '../../lib/image-inspect.ts';
import { checkPdf, defaultPdfLimits } from '../../lib/pdf-check.ts';
import { createWorkQueue } from '../../lib/work-queue.ts';

export type DocumentType = { contentType: 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf'; extension: string };

const imageTypes: Record<ImageFormat, DocumentType> = {
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  png: { contentType: 'image/png', extension: 'png' },
  webp: { contentType: 'image/webp', extension: 'webp' },
};
const pdfType: DocumentType = { contentType: 'application/pdf', extension: 'pdf' };
const extensionsOf: Record<DocumentType['contentType'], string[]> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
};

/** Bytes of documents one vendor may keep: the 20-document cap alone would allow 200 MB. */
export const MAX_DOCUMENT_BYTES_PER_VENDOR = 50 * 1024 * 1024;

// One image decoded at a time for the whole process: KYC documents are rare, and this keeps a burst of them from
// taking the cores that image uploads and every other request need. (The PDF checker has its own queue.)
const imageChecks = createWorkQueue({
  concurrency: 1,
  queueLimit: 8,
  busyMessage: 'Many documents are being checked right now. Please try again in a minute.',
  retryAfterSeconds: 30,
});

const fileError = (code: ErrorCode, message: string) => new AppError(code, message, { file: message });

export const notADocument = () => fileError('DOCUMENT_INVALID', 'Upload a JPEG, PNG or WebP image or a PDF; this file is none of them.');

const simplerPdf = 'Save or scan it again as a simpler PDF, or upload a photo of the document.';

/** The PDF header may follow some junk, but within the first kilobyte (as readers allow). */
const looksLikePdf = (bytes: Buffer) => bytes.subarray(0, 1024).includes('%PDF-');

/**
 * Decides the type by the bytes, whatever the name says: an image must decode completely with sharp, a PDF must load
 * with pdf-lib. An encrypted PDF is accepted (its reader asks for the password). Both at a bounded cost: an image's
 * pixels are counted from its header before it is decoded, and a PDF's objects are counted before it is parsed, on a
 * thread of its own with a time limit.
 */
export async function checkDocument(bytes: Buffer): Promise<DocumentType> {
  if (bytes.length === 0) throw notADocument();
  if (looksLikePdf(bytes)) {
    const verdict = await checkPdf(bytes);
    if (verdict.ok && verdict.pages > 0) return pdfType;
    if (verdict.ok || verdict.reason === 'invalid') throw notADocument();
    const limit = defaultPdfLimits.maxObjects.toLocaleString('en-US');
    throw fileError('DOCUMENT_TOO_COMPLEX',
      verdict.reason === 'too-many-objects'
        ? `This PDF has more than ${limit} objects, more than a document needs. ${simplerPdf}`
        : `This PDF is too complex to check. ${simplerPdf}`,
    );
  }

  const header = await readImageHeader(bytes);
  if (!header) throw notADocument();
  if (isOverPixelLimit(header)) {
    throw fileError('IMAGE_TOO_MANY_PIXELS', `This image is too large: at most ${MAX_MEGAPIXELS} megapixels (it has ${megapixelsOf(header)}).`);
  }
  // Decoding the whole image (into a tiny one) proves it is not just a valid header on a damaged file.
  await imageChecks.runAll([
    async () => {
      try {
        await sharp(bytes, decodeOptions).resize(32, 32, { fit: 'inside' }).raw().toBuffer();
      } catch {
        throw notADocument();
      }
    },
  ]);
  return imageTypes[header.format];
}

/**
 * Refuses a document that would take the vendor's documents past MAX_DOCUMENT_BYTES_PER_VENDOR (413). To be called in
 * the transaction that records the document, after the vendor's row is locked, so that parallel uploads are counted.
 */
export async function assertDocumentQuota(tx: Tx, vendorId: string, incomingBytes: number): Promise<void> {
  const [held] = await tx.select({ bytes: sum(vendorDocuments.bytes).mapWith(Number) }).from(vendorDocuments).where(eq(vendorDocuments.vendorId, vendorId));
  const kept = held?.bytes ?? 0;
  if (kept + incomingBytes <= MAX_DOCUMENT_BYTES_PER_VENDOR) return;
  const mb = (bytes: number) => `${Math.ceil(bytes / (1024 * 1024))} MB`;
  throw fileError('DOCUMENT_QUOTA_EXCEEDED',
    `Your documents take up ${mb(kept)} of the ${mb(MAX_DOCUMENT_BYTES_PER_VENDOR)} a business may keep, and this one is ${mb(incomingBytes)}. Remove a document you no longer need first.`,
  );
}

/**
 * The name shown and sent back in Content-Disposition: no control characters, no folders, at most
 * 120 characters, and an extension that matches the real type (scan.pdf holding a PNG becomes scan.png).
 */
export function safeFileName(name: string, extension: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  const dot = base.lastIndexOf('.');
  const stem = (dot > 0 ? base.slice(0, dot) : base).trim() || 'document';
  const given = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  const known = Object.values(extensionsOf).find((list) => list.includes(extension)) ?? [extension];
  const ext = known.includes(given) ? given : extension;
  return `${stem.slice(0, 120 - ext.length - 1)}.${ext}`;
}

/** `inline; filename="ascii"; filename*=UTF-8''percent-encoded` (RFC 6266 / 8187): any name, no header injection. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
