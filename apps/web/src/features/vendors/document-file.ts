import { documentUploadLimits } from '@localloop/contract';

// The server's own messages (apps/server vendors module), so a file refused here reads the same as one refused there.
export const documentTypeMessage = 'Upload a JPEG, PNG or WebP image or a PDF; this file is none of them.';
export const documentSizeMessage = `The document must be ${documentUploadLimits.maxBytes / (1024 * 1024)} MB or smaller.`;
export const documentMissingMessage = 'Choose a file to upload.';
export const documentHint = 'A JPEG, PNG or WebP image, or a PDF, up to 10 MB. Only you and the marketplace team can see it.';

const extensions = ['jpg', 'jpeg', 'png', 'webp', 'pdf'];

/**
 * Checked in the browser before anything is sent: the type the browser reports (or, when it reports none,
 * the name's extension) and the size. The server decides by the bytes anyway.
 */
export function documentFileProblem(file: File): string | null {
  if (file.size === 0) return documentMissingMessage;
  const type = file.type.toLowerCase();
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const allowed = type ? (documentUploadLimits.types as readonly string[]).includes(type) : extensions.includes(extension);
  if (!allowed) return documentTypeMessage;
  if (file.size > documentUploadLimits.maxBytes) return documentSizeMessage;
  return null;
}

/** 1.2 MB, 850 KB, 312 bytes. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
