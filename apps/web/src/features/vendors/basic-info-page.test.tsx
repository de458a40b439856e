import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, refuse } from '../../test/api-stub.ts';
import { kycApi, newVendorId, vendorProfile } from '../../test/kyc-fixtures.ts';
import { storeSession, userLogin, vendorLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const uploadedLogo = {
  id: '5b0c5a0e-8f5d-4a4e-9d61-0f1e2d3c4b5a',
  url: '/media/images/logo.webp',
  thumbnail_url: '/media/images/logo-400.webp',
  width: 800,
  height: 800,
  content_type: 'image/webp',
  bytes: 40_000,
  variants: [],
};

describe('basic info (/BasicInfo)', () => {
  it('starts KYC: contact prefilled from the account, checked, saved, the vendor_id stored, then on to documents', async () => {
    const { api } = kycApi(null);
    api.on('POST /UploadImagesAPI/', { status: 201, body: { images: [uploadedLogo] } });
    api.on(`GET /vendor/status/${newVendorId}/`, ok({ is_approved: false, kyc_status: 'not_submitted', is_suspended: false }));
    storeSession(userLogin);
    const app = renderApp('/BasicInfo');

    expect(await screen.findByRole('heading', { level: 1, name: 'Basic info' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Contact e-mail')).toHaveValue('user@example.com');
    expect(screen.getByLabelText('Contact phone')).toHaveValue('+15550000001');
    // Before the first save only this step is open.
    const steps = screen.getByRole('navigation', { name: 'Vendor sign-up steps' });
    expect(within(steps).getAllByRole('link')).toHaveLength(1);

    await app.user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Enter your business name.')).toBeInTheDocument();
    expect(screen.getByLabelText('Category')).toHaveAccessibleDescription('Choose a category.');
    expect(api.to('PUT /vendor/me/basic-info/')).toHaveLength(0);

    await app.user.type(screen.getByLabelText('Business name'), 'Una Bakes');
    await app.user.selectOptions(screen.getByLabelText('Category'), 'Food & Drink');
    await app.user.type(screen.getByLabelText('Description'), 'Sourdough and cakes.');
    await app.user.upload(screen.getByLabelText('Upload a logo'), new File([new Uint8Array(2048)], 'logo.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByTestId('logo-preview')).toHaveAttribute('src', uploadedLogo.thumbnail_url));
    await app.user.clear(screen.getByLabelText('Contact phone'));
    await app.user.type(screen.getByLabelText('Contact phone'), '+1 (555) 000-0009');
    await app.user.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByText('Basic info saved.')).toBeInTheDocument();
    expect(api.to('PUT /vendor/me/basic-info/')[0]?.body).toEqual({
      business_name: 'Una Bakes',
      category: 'Food & Drink',
      description: 'Sourdough and cakes.',
      logo: uploadedLogo.url,
      contact_email: 'user@example.com',
      contact_phone: '+15550000009',
    });
    await waitFor(() => expect(app.pathname()).toBe('/VendorDocument'));
    expect(localStorage.getItem('vendor_id')).toBe(newVendorId);
    expect(JSON.parse(localStorage.getItem('userData') ?? '{}')).toMatchObject({ vendor_id: newVendorId, is_approved: false, kyc_status: 'not_submitted' });
    await waitFor(() => expect(api.to(`GET /vendor/status/${newVendorId}/`)).toHaveLength(1));

    // The profile menu now marks the flow as pending.
    await app.user.click(screen.getByRole('button', { name: 'Profile menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Become a vendor Pending' })).toBeInTheDocument();
  });

  it('shows the server refusal of a field under that field', async () => {
    const { api } = kycApi(vendorProfile());
    api.on('PUT /vendor/me/basic-info/', refuse(400, 'VALIDATION_FAILED', 'Check the highlighted fields.', { contact_email: 'Enter a valid e-mail address.' }));
    storeSession(userLogin, { vendor_id: newVendorId });
    const app = renderApp('/BasicInfo');
    const name = await screen.findByLabelText('Business name');
    expect(name).toHaveValue('Una Bakes');
    await app.user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(screen.getByLabelText('Contact e-mail')).toHaveAccessibleDescription(/Enter a valid e-mail address\./));
    expect(app.pathname()).toBe('/BasicInfo');
  });

  it('is the vendor profile page of an approved vendor, saved in place as a change that waits for review', async () => {
    const live = vendorProfile({ id: String(vendorLogin.vendor_id), kyc_status: 'approved', is_approved: true });
    const kyc = kycApi(live);
    // Like the server: the record shows the change, and which fields differ from the live shop.
    kyc.api.on('PUT /vendor/me/basic-info/', (request) => {
      const saved = { ...live, ...(request.body as object), pending_changes: { fields: ['business_name' as const], bank_details: false, submitted_at: null, updated_at: '2025-03-05T10:00:00.000Z' } };
      kyc.set(saved);
      return ok(saved);
    });
    storeSession(vendorLogin);
    const app = renderApp('/BasicInfo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Vendor profile' })).toBeInTheDocument();
    expect(await screen.findByText('Approved: your shop is live')).toBeInTheDocument();
    expect(screen.queryByTestId('pending-changes')).not.toBeInTheDocument();
    await app.user.clear(screen.getByLabelText('Business name'));
    await app.user.type(screen.getByLabelText('Business name'), 'Una Bakes More');
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Changes saved. They go live once you send them for review and they are approved.')).toBeInTheDocument();
    expect(kyc.api.to('PUT /vendor/me/basic-info/')[0]?.body).toMatchObject({ business_name: 'Una Bakes More' });
    expect(app.pathname()).toBe('/BasicInfo');
    const notice = await screen.findByRole('region', { name: 'Your changes are not live until reviewed' });
    expect(within(notice).getByRole('list', { name: 'Changed details' })).toHaveTextContent('Business name');
    expect(screen.getByLabelText('Business name')).toHaveAccessibleDescription('Changed: not live until approved.');
    expect(screen.getByLabelText('Contact e-mail')).toHaveAccessibleDescription('Where customers and the marketplace team reach you.');
  });

  it('sends the other steps back to basic info before the vendor record exists', async () => {
    kycApi(null);
    storeSession(userLogin);
    renderApp('/BankDetails');
    expect(await screen.findByRole('heading', { name: 'Start with your basic info' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to basic info' })).toHaveAttribute('href', '/BasicInfo');
    expect(screen.queryByLabelText('Account holder')).not.toBeInTheDocument();
  });
});
