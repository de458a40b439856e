import type { FastifyRequest } from 'fastify';
import { DocumentKind, documentUploadLimits, endpoints } from '@localloop/contract';
import { AppError } from '../../lib/errors.ts';
import { route, type App } from '../../lib/http.ts';
import type { AppContext } from '../../lib/context.ts';
import { readMultipart, withMultipart, type MultipartSpec } from '../../lib/multipart.ts';
import { perAccount } from '../../lib/rate-limit.ts';
import { createAccountGate } from '../../lib/work-queue.ts';
import { contentDisposition } from './documents.ts';
import {
  addAddress,
  addDocument,
  deleteAddress,
  getMyVendor,
  listAddresses,
  readDocument,
  removeDocument,
  saveBankDetails,
  saveBasicInfo,
  saveServiceTime,
  submitKyc,
  updateAddress,
  vendorDashboard,
  vendorStatus,
  type IncomingDocument,
  type VendorsDeps,
} from './service.ts';

const maxMegabytes = documentUploadLimits.maxBytes / (1024 * 1024);

const documentUpload: MultipartSpec = {
  limits: { fileSize: documentUploadLimits.maxBytes, files: 1, fields: 4, fieldSize: 200, parts: 5 },
  fileField: 'file',
  notMultipart: 'Send the document as multipart/form-data: a field "kind", then a field "file".',
  tooLarge: { code: 'DOCUMENT_TOO_LARGE', message: `The document must be ${maxMegabytes} MB or smaller.` },
  tooManyFiles: { code: 'TOO_MANY_FILES', message: 'Send one document at a time.' },
  tooManyParts: 'The upload has too many parts; send only "kind" and "file".',
};

/** The vendor's own KYC record, its private documents, and its status for the owner and operators. */
export async function vendorsRoutes(app: App, ctx: AppContext) {
  const deps: VendorsDeps = { db: ctx.db, clock: ctx.clock, mediaUrl: ctx.mediaUrl, documents: ctx.privateStorage };

  route(app, endpoints.myVendor, ({ userId }) => getMyVendor(deps, userId));
  route(app, endpoints.saveBasicInfo, ({ userId, body }) => saveBasicInfo(deps, userId, body));

  const documentGate = createAccountGate(1, 'Another of your documents is being checked. Try again once it is done.');
  await withMultipart(app, documentUpload, (scope) => {
    // Checking a document is CPU work in a queue every vendor shares: one upload at a time per account, and a budget an
    // hour, so one account looping upload and delete cannot keep everyone else's documents waiting.
    route(
      scope,
      endpoints.uploadVendorDocument,
      async ({ userId, request }) => {
        const leave = documentGate.enter(userId);
        try {
          return await addDocument(deps, userId, await readDocumentUpload(request));
        } finally {
          leave();
        }
      },
      perAccount(30, '1 hour'),
    );
  });

  route(app, endpoints.deleteVendorDocument, async ({ userId, params, request }) => {
    const { id, storageKey } = await removeDocument(deps, userId, params.id);
    // The row is gone, so nobody can reach the file any more; one that cannot be removed now is only an orphan. The log
    // names the document, never where its file is (an error's message names the path): its code says what went wrong.
    await deps.documents.delete(storageKey).catch((err: unknown) => request.log.warn({ document: id, reason: (err as { code?: unknown }).code ?? 'unknown' }, 'could not delete a document file'));
    return { id };
  });
  route(app, endpoints.vendorDocumentFile, async ({ userId, params, reply }) => {
    const file = await readDocument(deps, userId, params.id);
    reply
      .header('content-type', file.contentType)
      .header('content-disposition', contentDisposition(file.fileName))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff');
    return file.bytes;
  });

  route(app, endpoints.saveBankDetails, ({ userId, body }) => saveBankDetails(deps, userId, body));
  route(app, endpoints.saveServiceTime, ({ userId, body }) => saveServiceTime(deps, userId, body));
  route(app, endpoints.addVendorAddress, ({ userId, body }) => addAddress(deps, userId, body));
  route(app, endpoints.updateVendorAddress, ({ userId, params, body }) => updateAddress(deps, userId, params.id, body));
  route(app, endpoints.deleteVendorAddress, ({ userId, params }) => deleteAddress(deps, userId, params.id));
  route(app, endpoints.vendorAddresses, ({ userId, query }) => listAddresses(deps, userId, query.vendor_uuid));
  route(app, endpoints.submitKyc, ({ userId }) => submitKyc(deps, userId));
  route(app, endpoints.vendorStatus, ({ userId, params }) => vendorStatus(deps, userId, params.id));
  route(app, endpoints.vendorDashboard, ({ userId }) => vendorDashboard(deps, userId));
}

const fieldError = (field: string, message: string) => new AppError('DOCUMENT_INVALID', message, { [field]: message });

/** Reads the fields "kind" and "file" (one file); the order does not matter. */
async function readDocumentUpload(request: FastifyRequest): Promise<IncomingDocument> {
  let kind: DocumentKind | undefined;
  let file: { fileName: string; bytes: Buffer } | undefined;
  await readMultipart(request, documentUpload, async (part) => {
    if (part.type === 'field') {
      if (part.fieldname !== 'kind') throw fieldError(part.fieldname.slice(0, 40), `Unexpected field "${part.fieldname.slice(0, 40)}": send only "kind" and "file".`);
      const parsed = DocumentKind.safeParse(part.value);
      if (!parsed.success) throw fieldError('kind', 'Choose what the document is: identity, business_registration, proof_of_address or other.');
      kind = parsed.data;
      return;
    }
    if (part.fieldname !== 'file') {
      await part.toBuffer().catch(() => undefined);
      throw fieldError('file', `Send the document in the field "file", not "${part.fieldname.slice(0, 40)}".`);
    }
    file = { fileName: part.filename, bytes: await part.toBuffer() };
  });
  if (!kind) throw fieldError('kind', 'Choose what the document is.');
  if (!file || file.bytes.length === 0) throw fieldError('file', 'Choose a file to upload.');
  return { kind, ...file };
}
