import { VendorDocument, vendorsEndpoints } from '@localloop/contract';
import type { DocumentKind } from '@localloop/contract';
import { ApiError, badResponseCode, request } from '../../../api/client.ts';

/** POST /vendor/me/documents/ as multipart: the field "kind", then the field "file" (the server reads them in that order). */
export async function uploadVendorDocument(kind: DocumentKind, file: File): Promise<VendorDocument> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, file.name);
  const data = await request(vendorsEndpoints.uploadVendorDocument.path, { method: vendorsEndpoints.uploadVendorDocument.method, body: form });
  const parsed = VendorDocument.safeParse(data);
  if (!parsed.success) throw new ApiError(0, badResponseCode, 'LocalLoop sent an answer we could not read. Please try again.');
  return parsed.data;
}
