import { endpoints } from '@localloop/contract';
import type { VendorDocument } from '@localloop/contract';
import { fillPath, requestBlob } from '../../../api/client.ts';

/**
 * Documents are private: fetched with the operator's bearer token, then shown from a blob: URL in a new
 * tab (the CSP's img-src allows blob:). The URL is released once the tab has had time to load it.
 */
export async function openDocument(document: Pick<VendorDocument, 'id' | 'content_type'>): Promise<void> {
  const blob = await requestBlob(fillPath(endpoints.vendorDocumentFile.path, { id: document.id }));
  // The type the server found in the file's bytes, so the browser shows it rather than downloading it.
  const url = URL.createObjectURL(new Blob([blob], { type: document.content_type }));
  const link = window.document.createElement('a');
  link.href = url;
  link.target = '_blank';
  link.rel = 'noopener';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
