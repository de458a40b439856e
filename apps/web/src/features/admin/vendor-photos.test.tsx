import { screen, waitFor, within } from '@testing-library/react';
import type { VendorGallery } from '@localloop/contract';
import { describe, expect, it } from 'vitest';
import { ok, refuse, stubApi } from '../../test/api-stub.ts';
import type { StubRequest } from '../../test/api-stub.ts';
import { storeSession, userLogin, userProfile } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { adminDetail, adminSummary, vendorPhoto } from '../../test/vendor-fixtures.ts';

const shop = adminSummary(1, { business_name: 'Glow Studio', kyc_status: 'approved', is_approved: true });

function moderationApi() {
  let gallery: VendorGallery = { photos: [vendorPhoto(1, 'Our treatment room'), vendorPhoto(2, 'Window display')], max_photos: 8 };
  const api = stubApi({
    'GET /profile/': ok({ ...userProfile, is_operator: true }),
    'GET /admin/vendors/': ok({ count: 1, page: 1, page_size: 20, results: [shop] }),
    [`GET /admin/vendors/${shop.id}/`]: ok(adminDetail(shop)),
    [`GET /admin/vendors/${shop.id}/photos/`]: () => ok(gallery),
    [`POST /admin/vendors/${shop.id}/photos/${vendorPhoto(2).id}/take-down/`]: (request: StubRequest) => {
      const reason = (request.body as { reason: string }).reason;
      if (reason.length < 5) return refuse(400, 'VALIDATION_FAILED', 'Check the reason.', { reason: 'Tell the vendor why, in at least 5 characters.' });
      gallery = { ...gallery, photos: gallery.photos.filter((p) => p.id !== vendorPhoto(2).id) };
      return ok(gallery);
    },
  });
  return api;
}

describe('an operator moderating a vendor\'s photos (/admin)', () => {
  it('shows the vendor\'s photos, the cover first, and takes one down with a reason the vendor will read', async () => {
    const api = moderationApi();
    storeSession(userLogin);
    const app = renderApp(`/admin?status=approved&vendor=${shop.id}`);
    const photos = await screen.findByRole('region', { name: 'Photos' });
    expect(await within(photos).findByRole('img', { name: 'Our treatment room' })).toHaveAttribute('srcset', expect.stringContaining('photo-1.w320.webp 320w'));
    expect(within(photos).getByText('Cover')).toBeInTheDocument();

    await app.user.click(within(photos).getByRole('button', { name: 'Take down photo 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take down photo 2?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Take down' }));
    expect(await within(dialog).findByText('Tell the vendor why, in at least 5 characters.')).toBeInTheDocument();
    expect(api.to(`POST /admin/vendors/${shop.id}/photos/${vendorPhoto(2).id}/take-down/`)).toHaveLength(0);

    await app.user.type(within(dialog).getByLabelText('Reason for the vendor'), 'It shows a competitor\'s logo.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Take down' }));
    expect(await screen.findByText('The photo is taken down. The owner of Glow Studio has been told why.')).toBeInTheDocument();
    expect(api.to(`POST /admin/vendors/${shop.id}/photos/${vendorPhoto(2).id}/take-down/`)[0]?.body).toEqual({ reason: 'It shows a competitor\'s logo.' });
    await waitFor(() => expect(within(photos).queryByRole('img', { name: 'Window display' })).not.toBeInTheDocument());
    expect(within(photos).getByRole('img', { name: 'Our treatment room' })).toBeInTheDocument();
  });
});
