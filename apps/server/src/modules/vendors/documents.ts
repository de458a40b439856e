import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { AppError } from '../../lib/errors.ts';

export type DocumentType = { contentType: 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf'; extension: string };

const imageTypes: Record<string, DocumentType> = {
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

// A small file can still decode into an enormous bitmap; 100 megapixels is above any phone camera in use.
const MAX_INPUT_PIXELS = 100_000_000;

export const notADocument = () => {
  const message = 'Upload a JPEG, PNG or WebP image or a PDF; this file is none of them.';
  return new AppError(400, 'DOCUMENT_INVALID', message, { file: message });
};

/** The PDF header may follow some junk, but within the first kilobyte (as readers allow). */
const looksLikePdf = (bytes: Buffer) => bytes.subarray(0, 1024).includes('%PDF-');

/**
 * Decides the type by the bytes, whatever the name says: an image must decode completely with sharp,
 * a PDF must load with pdf-lib. An encrypted PDF is accepted (its reader asks for the password).
 */
export async function checkDocument(bytes: Buffer): Promise<DocumentType> {
  if (bytes.length === 0) throw notADocument();
  if (looksLikePdf(bytes)) {
    try {
      const pdf = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
      if (pdf.getPageCount() > 0) return pdfType;
    } catch {
      // not a PDF after all
    }
    throw notADocument();
  }
  const options = { failOn: 'warning', limitInputPixels: MAX_INPUT_PIXELS } as const;
  try {
    const { format } = await sharp(bytes, options).metadata();
    const type = format ? imageTypes[format] : undefined;
    if (!type) throw notADocument();
    // Decoding the whole image (into a tiny one) proves it is not just a valid header on a damaged file.
    await sharp(bytes, options).resize(32, 32, { fit: 'inside' }).raw().toBuffer();
    return type;
  } catch {
    throw notADocument();
  }
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
