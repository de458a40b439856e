import { vendorsEndpoints } from '@localloop/contract';
import { callBlob } from '../../../api/client.ts';

/**
 * GET /vendor/documents/{id}/: a private file, so it is fetched with the bearer token (a plain link would
 * carry none) and shown through a blob: URL. The caller revokes the URL when done.
 */
export async function getVendorDocumentFile(id: string, signal?: AbortSignal): Promise<Blob> {
  return callBlob(vendorsEndpoints.vendorDocumentFile, { params: { id }, signal });
}
