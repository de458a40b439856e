import { vendorsEndpoints } from '@localloop/contract';
import type { VendorDocument } from '@localloop/contract';
import { callBlob } from '../../../api/client.ts';

type DocumentRef = Pick<VendorDocument, 'id' | 'content_type' | 'file_name'>;

/**
 * Documents are private: fetched with the operator's bearer token into a blob: URL (the CSP's img-src
 * allows blob:). The caller revokes it when done with it.
 */
export async function fetchDocumentUrl(document: DocumentRef): Promise<string> {
  const blob = await callBlob(vendorsEndpoints.vendorDocumentFile, { params: { id: document.id } });
  // The type the server found in the file's bytes, so the browser shows it rather than guessing.
  return URL.createObjectURL(new Blob([blob], { type: document.content_type }));
}

function follow(url: string, setup: (link: HTMLAnchorElement) => void): void {
  const link = window.document.createElement('a');
  link.href = url;
  setup(link);
  link.click();
  // Long enough for the new tab or the download to have read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A PDF opens in a new tab (the browser's viewer). */
export async function openDocumentInNewTab(document: DocumentRef): Promise<void> {
  const url = await fetchDocumentUrl(document);
  follow(url, (link) => {
    link.target = '_blank';
    link.rel = 'noopener';
  });
}

/** Saves the file under its uploaded name. */
export async function downloadDocument(document: DocumentRef): Promise<void> {
  const url = await fetchDocumentUrl(document);
  follow(url, (link) => {
    link.download = document.file_name;
  });
}
