import { imageUploadLimits } from '@localloop/contract';

export const photoHint = 'JPEG, PNG or WebP, up to 5 MB.';

/** Checked in the browser before anything is sent; the server checks the real bytes again. */
export function imageFileProblem(file: File): string | null {
  if (!(imageUploadLimits.types as readonly string[]).includes(file.type)) {
    return 'Choose a JPEG, PNG or WebP image.';
  }
  if (file.size > imageUploadLimits.maxBytes) {
    const megabytes = (file.size / (1024 * 1024)).toFixed(1);
    return `This image is ${megabytes} MB; choose one of 5 MB or less.`;
  }
  if (file.size === 0) return 'This file is empty. Choose another image.';
  return null;
}
