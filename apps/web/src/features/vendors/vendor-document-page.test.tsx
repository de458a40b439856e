import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { VendorDocument } from '@localloop/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../test/api-stub.ts';
import { identityDocument, kycApi, newVendorId, vendorProfile } from '../../test/kyc-fixtures.ts';
import { storeSession, userLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const createObjectURL = vi.fn(() => 'blob:http://localhost/doc-1');
const revokeObjectURL = vi.fn();

beforeEach(() => {
  // jsdom has no blob: URLs.
  Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true, writable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: revokeObjectURL, configurable: true, writable: true });
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

async function openDocuments(documents: VendorDocument[] = []) {
  const kyc = kycApi(vendorProfile({ documents, steps: { ...vendorProfile().steps, documents: documents.some((d) => d.kind === 'identity') } }));
  storeSession(userLogin, { vendor_id: newVendorId });
  const app = renderApp('/VendorDocument');
  await screen.findByRole('heading', { level: 1, name: 'Documents' });
  await screen.findByRole('region', { name: 'Upload a document' });
  return { ...kyc, app };
}

describe('documents (/VendorDocument)', () => {
  it('lists the documents and shows one through an authorized fetch and a blob URL', async () => {
    const { api, app } = await openDocuments([identityDocument]);
    api.on(`GET /vendor/documents/${identityDocument.id}/`, { status: 200, body: 'PNG bytes' });
    const list = screen.getByRole('region', { name: 'Your documents' });
    expect(within(list).getByText('Identity document')).toBeInTheDocument();
    expect(within(list).getByText('passport.png')).toBeInTheDocument();
    expect(within(list).getByText(/248 KB/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Continue to bank details/ })).toHaveAttribute('href', '/BankDetails');

    await app.user.click(screen.getByRole('button', { name: 'View passport.png' }));
    const dialog = await screen.findByRole('dialog', { name: 'passport.png' });
    const request = api.to(`GET /vendor/documents/${identityDocument.id}/`)[0];
    expect(request?.headers.Authorization).toBe(`Bearer ${userLogin.access}`);
    expect(await within(dialog).findByRole('link', { name: 'Download' })).toHaveAttribute('href', 'blob:http://localhost/doc-1');
    expect(within(dialog).getByRole('link', { name: 'Download' })).toHaveAttribute('download', 'passport.png');

    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/doc-1'));
  });

  it('uploads a document as multipart, kind first, and completes the step with an identity document', async () => {
    const { api, app, current, set } = await openDocuments();
    const uploaded: VendorDocument = { ...identityDocument, id: 'd1000000-0000-4000-8000-000000000002', file_name: 'id-card.pdf', content_type: 'application/pdf', bytes: 1_200_000 };
    api.on('POST /vendor/me/documents/', () => {
      const profile = current() ?? vendorProfile();
      set({ ...profile, documents: [uploaded], steps: { ...profile.steps, documents: true } });
      return { status: 201, body: uploaded };
    });
    expect(screen.getByText('Upload at least one identity document to complete this step.')).toBeInTheDocument();
    expect(screen.getByLabelText('What is it?')).toHaveValue('identity');

    await app.user.upload(screen.getByLabelText('File'), new File(['%PDF-1.7'], 'id-card.pdf', { type: 'application/pdf' }));
    await app.user.click(screen.getByRole('button', { name: 'Upload document' }));

    expect(await screen.findByText('Identity document uploaded.')).toBeInTheDocument();
    const body = api.to('POST /vendor/me/documents/')[0]?.body as FormData;
    expect([...body.keys()]).toEqual(['kind', 'file']);
    expect(body.get('kind')).toBe('identity');
    expect((body.get('file') as File).name).toBe('id-card.pdf');
    expect(within(screen.getByRole('region', { name: 'Your documents' })).getByText('id-card.pdf')).toBeInTheDocument();
    expect(screen.getByText('This step is complete.')).toBeInTheDocument();
  });

  it('takes a document dragged onto the field, shows which file is chosen, and uploads it', async () => {
    const { api, app } = await openDocuments();
    api.on('POST /vendor/me/documents/', { status: 201, body: { ...identityDocument, file_name: 'licence.pdf' } });
    const zone = screen.getByTestId('file-drop-zone');
    const licence = new File(['%PDF-1.7'], 'licence.pdf', { type: 'application/pdf' });
    // Still a real file input, labelled, for the keyboard and screen readers.
    expect(screen.getByLabelText('File')).toHaveAttribute('type', 'file');

    fireEvent.dragEnter(zone, { dataTransfer: { files: [licence], types: ['Files'] } });
    expect(zone).toHaveAttribute('data-dragging', 'true');
    expect(zone).toHaveTextContent('Drop the file to choose it');
    fireEvent.drop(zone, { dataTransfer: { files: [licence, new File(['x'], 'other.png', { type: 'image/png' })], types: ['Files'] } });
    expect(zone).not.toHaveAttribute('data-dragging');
    expect(await within(zone).findByText('licence.pdf')).toBeInTheDocument();
    expect(screen.getByText('One file at a time: licence.pdf was taken.')).toBeInTheDocument();
    expect(screen.getByLabelText('File')).toHaveAccessibleDescription(/licence\.pdf/);

    await app.user.click(screen.getByRole('button', { name: 'Upload document' }));
    await waitFor(() => expect(api.to('POST /vendor/me/documents/')).toHaveLength(1));
    expect(((api.to('POST /vendor/me/documents/')[0]?.body as FormData).get('file') as File).name).toBe('licence.pdf');
  });

  it('refuses a dropped file of another type before anything is sent', async () => {
    const { api, app } = await openDocuments();
    fireEvent.drop(screen.getByTestId('file-drop-zone'), { dataTransfer: { files: [new File(['GIF89a'], 'cat.gif', { type: 'image/gif' })], types: ['Files'] } });
    expect(await screen.findByText('Upload a JPEG, PNG or WebP image or a PDF; this file is none of them.')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Upload document' }));
    expect(api.to('POST /vendor/me/documents/')).toHaveLength(0);
  });

  it('refuses a file of another type or over 10 MB in the browser, with the server\'s messages', async () => {
    const { api, app } = await openDocuments();
    const input = screen.getByLabelText('File');

    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'cat.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('Upload a JPEG, PNG or WebP image or a PDF; this file is none of them.')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(/this file is none of them/);

    fireEvent.change(input, { target: { files: [new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'scan.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('The document must be 10 MB or smaller.')).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Upload document' }));
    expect(screen.getByText('The document must be 10 MB or smaller.')).toBeInTheDocument();
    expect(api.to('POST /vendor/me/documents/')).toHaveLength(0);
  });

  it('shows the server refusal of the bytes under the file field', async () => {
    const { api, app } = await openDocuments();
    const message = 'Upload a JPEG, PNG or WebP image or a PDF; this file is none of them.';
    api.on('POST /vendor/me/documents/', { status: 400, body: { error: message, code: 'DOCUMENT_INVALID', fields: { file: message } } });
    await app.user.upload(screen.getByLabelText('File'), new File(['not a png'], 'fake.png', { type: 'image/png' }));
    await app.user.click(screen.getByRole('button', { name: 'Upload document' }));
    await waitFor(() => expect(screen.getByLabelText('File')).toHaveAccessibleDescription(/this file is none of them/));
  });

  it('deletes a document once confirmed', async () => {
    const { api, app, current, set } = await openDocuments([identityDocument]);
    api.on(`DELETE /vendor/me/documents/${identityDocument.id}/`, () => {
      const profile = current() ?? vendorProfile();
      set({ ...profile, documents: [], steps: { ...profile.steps, documents: false } });
      return ok({ id: identityDocument.id });
    });
    await app.user.click(screen.getByRole('button', { name: 'Delete passport.png' }));
    expect(api.to(`DELETE /vendor/me/documents/${identityDocument.id}/`)).toHaveLength(0);
    await app.user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('passport.png was deleted.')).toBeInTheDocument();
    expect(screen.getByText('No documents yet.')).toBeInTheDocument();
  });
});
