import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { VendorGallery, VendorPhoto } from '@localloop/contract';
import { describe, expect, it } from 'vitest';
import { ok, refuse } from '../../test/api-stub.ts';
import type { StubRequest } from '../../test/api-stub.ts';
import { storeSession, vendorLogin } from '../../test/fixtures.ts';
import { kycApi, vendorProfile } from '../../test/kyc-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { storedImage, vendorPhoto } from '../../test/vendor-fixtures.ts';

const uploaded = (n: number) => ({
  id: `80000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`,
  url: `/media/images/new-${n}.jpg`,
  thumbnail_url: `/media/images/new-${n}.thumb.webp`,
  width: 1600,
  height: 1000,
  content_type: 'image/jpeg',
  bytes: 200_000,
  variants: storedImage(`new-${n}`).variants,
});

/** The photos endpoints as the server keeps them: every change answers the whole gallery. */
function photosApi(start: VendorPhoto[]) {
  let photos = [...start];
  const gallery = (): VendorGallery => ({ photos, max_photos: 8 });
  const kyc = kycApi(vendorProfile({ id: String(vendorLogin.vendor_id), business_name: 'Una Bakes', kyc_status: 'approved', is_approved: true }));
  const { api } = kyc;
  let uploads = 0;
  api.on('GET /vendor/me/photos/', () => ok(gallery()));
  api.on('POST /UploadImagesAPI/', (request: StubRequest) => {
    const files = (request.body as FormData).getAll('images');
    return { status: 201, body: { images: files.map(() => uploaded((uploads += 1))) } };
  });
  api.on('POST /vendor/me/photos/', (request: StubRequest) => {
    const body = request.body as { photos: { image_id: string; caption: string }[] };
    photos = [...photos, ...body.photos.map((p, i) => ({ id: `91000000-0000-4000-8000-00000000000${i}`, caption: p.caption ?? '', image: storedImage(p.image_id) }))];
    return { status: 201, body: gallery() };
  });
  api.on('PUT /vendor/me/photos/order/', (request: StubRequest) => {
    const ids = (request.body as { photo_ids: string[] }).photo_ids;
    photos = ids.map((id) => photos.find((p) => p.id === id)).filter((p): p is VendorPhoto => p !== undefined);
    return ok(gallery());
  });
  for (const photo of start) {
    api.on(`POST /vendor/me/photos/${photo.id}/cover/`, () => {
      photos = [...photos.filter((p) => p.id === photo.id), ...photos.filter((p) => p.id !== photo.id)];
      return ok(gallery());
    });
    api.on(`PATCH /vendor/me/photos/${photo.id}/`, (request: StubRequest) => {
      photos = photos.map((p) => (p.id === photo.id ? { ...p, caption: (request.body as { caption: string }).caption } : p));
      return ok(gallery());
    });
    api.on(`DELETE /vendor/me/photos/${photo.id}/`, () => {
      photos = photos.filter((p) => p.id !== photo.id);
      return ok(gallery());
    });
  }
  return { api, current: () => photos };
}

async function openProfile() {
  storeSession(vendorLogin);
  const app = renderApp('/BasicInfo');
  const panel = await screen.findByRole('region', { name: 'Photos' });
  return { app, panel };
}

/** The photo tiles' captions, in the order shown. */
const captions = (panel: HTMLElement) => within(panel).getAllByLabelText(/^Caption of photo/).map((input) => (input as HTMLInputElement).value);

describe('the photos of a vendor profile (/BasicInfo)', () => {
  it('lists the photos in their order, the first marked as the cover, each drawn from its renditions', async () => {
    photosApi([vendorPhoto(1, 'Shop front'), vendorPhoto(2, 'Counter')]);
    const { panel } = await openProfile();
    await waitFor(() => expect(captions(panel)).toEqual(['Shop front', 'Counter']));
    expect(within(panel).getByTestId('photo-count')).toHaveTextContent('2 of 8');
    const [first, second] = within(panel).getAllByTestId('managed-photo');
    expect(within(first as HTMLElement).getByText('Cover')).toBeInTheDocument();
    expect(within(second as HTMLElement).queryByText('Cover')).not.toBeInTheDocument();
    expect(within(first as HTMLElement).getByRole('img', { name: 'Shop front' })).toHaveAttribute('srcset', expect.stringContaining('photo-1.w640.webp 640w'));
  });

  it('uploads the files chosen, adds them as photos in one call, and says so once', async () => {
    const { api } = photosApi([vendorPhoto(1, 'Shop front')]);
    const { app, panel } = await openProfile();
    await waitFor(() => expect(captions(panel)).toHaveLength(1));
    const files = [new File([new Uint8Array(4096)], 'inside.jpg', { type: 'image/jpeg' }), new File([new Uint8Array(4096)], 'cakes.png', { type: 'image/png' })];
    await app.user.upload(within(panel).getByLabelText(/Add more photos/), files);

    // One toast for the one action (and the same words for screen readers in the panel's status).
    await waitFor(() => expect([...document.querySelectorAll('.Toastify__toast')].map((t) => t.textContent)).toEqual(['2 photos added.']));
    expect(api.to('POST /UploadImagesAPI/')).toHaveLength(1);
    expect(api.to('POST /vendor/me/photos/')[0]?.body).toEqual({ photos: [{ image_id: uploaded(1).id }, { image_id: uploaded(2).id }] });
    await waitFor(() => expect(within(panel).getAllByTestId('managed-photo')).toHaveLength(3));
    expect(within(panel).getByTestId('photo-count')).toHaveTextContent('3 of 8');
  });

  it('refuses a file that is not a picture in the browser, uploading nothing', async () => {
    const { api } = photosApi([]);
    const { panel } = await openProfile();
    const input = await within(panel).findByLabelText(/Add photos/);
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'menu.pdf', { type: 'application/pdf' })] } });
    expect(await within(panel).findByText('menu.pdf: Choose a JPEG, PNG or WebP image.')).toBeInTheDocument();
    expect(api.to('POST /UploadImagesAPI/')).toHaveLength(0);
  });

  it('moves a photo with the arrows and makes another the cover, saving each new order', async () => {
    const { api } = photosApi([vendorPhoto(1, 'Shop front'), vendorPhoto(2, 'Counter'), vendorPhoto(3, 'Cakes')]);
    const { app, panel } = await openProfile();
    await waitFor(() => expect(captions(panel)).toHaveLength(3));

    await app.user.click(within(panel).getByRole('button', { name: 'Move photo 1 later' }));
    await waitFor(() => expect(captions(panel)).toEqual(['Counter', 'Shop front', 'Cakes']));
    expect(api.to('PUT /vendor/me/photos/order/')[0]?.body).toEqual({ photo_ids: [vendorPhoto(2).id, vendorPhoto(1).id, vendorPhoto(3).id] });
    expect(screen.getByText('Photo moved to place 2 of 3.')).toBeInTheDocument();

    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Make photo 3 the cover' })).toBeEnabled());
    await app.user.click(within(panel).getByRole('button', { name: 'Make photo 3 the cover' }));
    await waitFor(() => expect(captions(panel)).toEqual(['Cakes', 'Counter', 'Shop front']));
    expect(api.to(`POST /vendor/me/photos/${vendorPhoto(3).id}/cover/`)).toHaveLength(1);
    expect(screen.getByText('Cover photo changed.')).toBeInTheDocument();
    // The first photo cannot move earlier, the last not later.
    expect(within(panel).getByRole('button', { name: 'Move photo 1 earlier' })).toBeDisabled();
    expect(within(panel).getByRole('button', { name: 'Move photo 3 later' })).toBeDisabled();
  });

  it('puts the order back and says why when the server refuses it', async () => {
    const { api } = photosApi([vendorPhoto(1, 'Shop front'), vendorPhoto(2, 'Counter')]);
    api.on('PUT /vendor/me/photos/order/', refuse(409, 'PHOTOS_CHANGED', 'Your photos changed since this page was loaded. Reload it and try again.'));
    const { app, panel } = await openProfile();
    await waitFor(() => expect(captions(panel)).toHaveLength(2));
    await app.user.click(within(panel).getByRole('button', { name: 'Move photo 2 earlier' }));
    expect(await within(panel).findByText('Your photos changed since this page was loaded. Reload it and try again.')).toBeInTheDocument();
    expect(captions(panel)).toEqual(['Shop front', 'Counter']);
  });

  it('saves a caption when the field is left, and only when it changed', async () => {
    const { api } = photosApi([vendorPhoto(1, 'Shop front')]);
    const { app, panel } = await openProfile();
    const field = await within(panel).findByLabelText('Caption of photo 1');
    await app.user.click(field);
    await app.user.tab();
    expect(api.to(`PATCH /vendor/me/photos/${vendorPhoto(1).id}/`)).toHaveLength(0);
    await app.user.clear(field);
    await app.user.type(field, 'Our shop front on Water Street{Enter}');
    await waitFor(() => expect(api.to(`PATCH /vendor/me/photos/${vendorPhoto(1).id}/`)[0]?.body).toEqual({ caption: 'Our shop front on Water Street' }));
    expect(await screen.findByText('Caption of photo 1 saved.')).toBeInTheDocument();
  });

  it('removes a photo after asking, the next one becoming the cover', async () => {
    const { api } = photosApi([vendorPhoto(1, 'Shop front'), vendorPhoto(2, 'Counter')]);
    const { app, panel } = await openProfile();
    await waitFor(() => expect(captions(panel)).toHaveLength(2));
    await app.user.click(within(panel).getByRole('button', { name: 'Remove photo 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this photo?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.to(`DELETE /vendor/me/photos/${vendorPhoto(1).id}/`)).toHaveLength(0);

    await app.user.click(within(panel).getByRole('button', { name: 'Remove photo 1' }));
    await app.user.click(within(await screen.findByRole('dialog', { name: 'Remove this photo?' })).getByRole('button', { name: 'Remove photo' }));
    await waitFor(() => expect(captions(panel)).toEqual(['Counter']));
    expect(api.to(`DELETE /vendor/me/photos/${vendorPhoto(1).id}/`)).toHaveLength(1);
    expect(within(within(panel).getByTestId('managed-photo')).getByText('Cover')).toBeInTheDocument();
  });

  it('offers no more room once there are eight photos', async () => {
    photosApi(Array.from({ length: 8 }, (_, i) => vendorPhoto(i + 1)));
    const { panel } = await openProfile();
    await waitFor(() => expect(within(panel).getAllByTestId('managed-photo')).toHaveLength(8));
    expect(within(panel).getByTestId('photo-count')).toHaveTextContent('8 of 8');
    expect(within(panel).queryByLabelText(/Add (more )?photos/)).not.toBeInTheDocument();
  });
});
