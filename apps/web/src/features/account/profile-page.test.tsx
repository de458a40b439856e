import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Profile } from '@localloop/contract';
import { describe, expect, it } from 'vitest';
import { ok, refuse, stubApi } from '../../test/api-stub.ts';
import type { StubRequest } from '../../test/api-stub.ts';
import { storeSession, userLogin, userProfile } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const uploadedImage = {
  id: '5b0c5a0e-8f5d-4a4e-9d61-0f1e2d3c4b5a',
  url: '/media/images/5b0c5a0e.webp',
  thumbnail_url: '/media/images/5b0c5a0e-400.webp',
  width: 1200,
  height: 1200,
  content_type: 'image/webp',
  bytes: 80_000,
  variants: [],
};

/** A fake /profile/ that keeps what PATCH and the contact change store, like the server. */
function profileApi(start: Partial<Profile> = {}) {
  let profile: Profile = { ...userProfile, ...start };
  const api = stubApi({
    'GET /profile/': () => ok(profile),
    'PATCH /profile/': (request: StubRequest) => {
      const body = request.body as Partial<Profile>;
      profile = { ...profile, ...body };
      if ('profile_image' in body) {
        profile.profile_thumbnail = body.profile_image ? uploadedImage.thumbnail_url : null;
      }
      return ok(profile);
    },
  });
  return { api, current: () => profile, set: (next: Partial<Profile>) => (profile = { ...profile, ...next }) };
}

async function openProfile(options?: Parameters<typeof renderApp>[1]) {
  storeSession(userLogin);
  const app = renderApp('/UserProfile', options);
  await screen.findByRole('heading', { name: 'Your profile' });
  await screen.findByRole('region', { name: 'Your details' });
  return app;
}

describe('user profile (/UserProfile)', () => {
  it('saves first name, last name and username, and updates the stored username', async () => {
    const { api } = profileApi();
    const { user } = await openProfile();
    const firstName = screen.getByLabelText('First name');
    expect(firstName).toHaveValue('Una');
    expect(screen.getByLabelText('Username')).toHaveAttribute('autocomplete', 'username');
    await user.clear(firstName);
    await user.type(firstName, 'Ursula');
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'ursula.u');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Your details have been saved.')).toBeInTheDocument();
    expect(api.to('PATCH /profile/')[0]?.body).toEqual({ first_name: 'Ursula', last_name: 'User', username: 'ursula.u' });
    expect(localStorage.getItem('username')).toBe('ursula.u');
  });

  it('shows a taken username under the Username field', async () => {
    const { api } = profileApi();
    api.on('PATCH /profile/', refuse(409, 'USERNAME_TAKEN', 'This username is taken. Try another one.', { username: 'This username is taken. Try another one.' }));
    const { user } = await openProfile();
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'taken_name');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(/This username is taken/));
  });

  it('uploads a photo, points the profile at it and shows the thumbnail in the header', async () => {
    const { api } = profileApi();
    api.on('POST /UploadImagesAPI/', { status: 201, body: { images: [uploadedImage] } });
    const { user } = await openProfile();
    const header = await screen.findByTestId('user-header');
    expect(within(header).queryByTestId('header-avatar')).not.toBeInTheDocument();

    const file = new File([new Uint8Array(2048)], 'me.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Upload a photo'), file);

    expect(await screen.findByText('Your photo has been updated.')).toBeInTheDocument();
    const upload = api.to('POST /UploadImagesAPI/')[0];
    expect(upload?.body).toBeInstanceOf(FormData);
    expect(((upload?.body as FormData).get('images') as File).name).toBe('me.png');
    expect(api.to('PATCH /profile/')[0]?.body).toEqual({ profile_image: uploadedImage.url });
    await waitFor(() => expect(within(header).getByTestId('header-avatar')).toHaveAttribute('src', uploadedImage.thumbnail_url));
    expect(screen.getByTestId('profile-photo')).toHaveAttribute('src', uploadedImage.thumbnail_url);
  });

  it('refuses a file over 5 MB, or not an image, in the browser without uploading it', async () => {
    const { api } = profileApi();
    await openProfile();
    const input = screen.getByLabelText('Upload a photo');

    fireEvent.change(input, { target: { files: [new File([new Uint8Array(6 * 1024 * 1024)], 'huge.jpg', { type: 'image/jpeg' })] } });
    expect(await screen.findByText('This image is 6.0 MB; choose one of 5 MB or less.')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(/This image is 6.0 MB/);

    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'cat.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('Choose a JPEG, PNG or WebP image.')).toBeInTheDocument();
    expect(api.to('POST /UploadImagesAPI/')).toHaveLength(0);
  });

  it('shows the server refusal of an image', async () => {
    const { api } = profileApi();
    api.on('POST /UploadImagesAPI/', refuse(400, 'IMAGE_INVALID', 'This file is not a JPEG, PNG or WebP image.', { images: 'This file is not a JPEG, PNG or WebP image.' }));
    const { user } = await openProfile();
    await user.upload(screen.getByLabelText('Upload a photo'), new File(['not really'], 'fake.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is not a JPEG, PNG or WebP image.');
    expect(api.to('PATCH /profile/')).toHaveLength(0);
  });

  it('removes the photo', async () => {
    const { api } = profileApi({ profile_image: uploadedImage.url, profile_thumbnail: uploadedImage.thumbnail_url });
    const { user } = await openProfile();
    await user.click(await screen.findByRole('button', { name: 'Remove photo' }));
    expect(await screen.findByText('Your photo has been removed.')).toBeInTheDocument();
    expect(api.to('PATCH /profile/')[0]?.body).toEqual({ profile_image: null });
    await waitFor(() => expect(screen.queryByTestId('header-avatar')).not.toBeInTheDocument());
  });

  it('changes the e-mail address through a code sent to the new one', async () => {
    const profile = profileApi();
    profile.api.on('POST /send-verification-otp/', (request) => {
      profile.set({ pending_email: (request.body as { email: string }).email });
      return ok({ message: 'Sent.', sent_to: 'n***@example.com', channel: 'email', expires_in: 600, resend_in: 60 });
    });
    profile.api.on('POST /profile/verify-contact/', () => {
      profile.set({ email: profile.current().pending_email, pending_email: null });
      return ok(profile.current());
    });
    const { user } = await openProfile();

    await user.click(screen.getByRole('button', { name: 'Change email' }));
    const field = await screen.findByLabelText('New e-mail address');
    await waitFor(() => expect(field).toHaveFocus());
    await user.type(field, 'New@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    // The current password is asked for: a stolen session alone must not redirect the account's codes.
    expect(await screen.findByLabelText('Current password')).toHaveAccessibleDescription(/Enter your current password/);
    await user.type(screen.getByLabelText('Current password'), 'my-current-password');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByText('n***@example.com')).toBeInTheDocument();
    expect(profile.api.to('POST /send-verification-otp/')[0]?.body).toEqual({ email: 'new@example.com', current_password: 'my-current-password' });
    await user.type(screen.getByLabelText('6-digit code'), '135790');
    await user.click(screen.getByRole('button', { name: 'Confirm email' }));

    expect(await screen.findByText('Your e-mail address has been changed.')).toBeInTheDocument();
    expect(profile.api.to('POST /profile/verify-contact/')[0]?.body).toEqual({ channel: 'email', otp: '135790' });
    expect(await screen.findByText('new@example.com')).toBeInTheDocument();
    expect(localStorage.getItem('email')).toBe('new@example.com');
    expect(JSON.parse(localStorage.getItem('userData') ?? '{}').user.email).toBe('new@example.com');
  });

  it('shows a phone number waiting for its code, and resends the pending change without asking for the password again', async () => {
    const profile = profileApi({ pending_phone_number: '+15559876543' });
    profile.api.on('POST /resend-otp/', ok({ message: 'Sent.', sent_to: '+1•••••6543', channel: 'sms', expires_in: 600, resend_in: 60 }));
    const { user } = await openProfile();
    expect(screen.getByText(/Waiting for the code sent to/)).toHaveTextContent('+15559876543');
    await user.click(screen.getByRole('button', { name: 'Enter the code' }));
    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('We sent a new code to +1•••••6543.')).toBeInTheDocument();
    expect(profile.api.to('POST /resend-otp/')).toHaveLength(1);
    expect(profile.api.to('POST /send-verification-otp/')).toHaveLength(0);
  });

  it('shows a new e-mail already used by another account under the field', async () => {
    const profile = profileApi();
    profile.api.on('POST /send-verification-otp/', refuse(409, 'EMAIL_TAKEN', 'Another account uses this e-mail address.', { email: 'Another account uses this e-mail address.' }));
    const { user } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    await user.type(await screen.findByLabelText('New e-mail address'), 'taken@example.com');
    await user.type(screen.getByLabelText('Current password'), 'my-current-password');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(screen.getByLabelText('New e-mail address')).toHaveAccessibleDescription(/Another account uses this e-mail address/));
  });

  it('shows a wrong current password under its field', async () => {
    const profile = profileApi();
    profile.api.on('POST /send-verification-otp/', refuse(400, 'CURRENT_PASSWORD_WRONG', 'The current password is incorrect.', { current_password: 'The current password is incorrect.' }));
    const { user } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Change phone number' }));
    await user.type(await screen.findByLabelText('New phone number'), '+15551112222');
    await user.type(screen.getByLabelText('Current password'), 'not-it');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(/The current password is incorrect/));
  });

  it('asks an account without a password (Google) for no password, and says when it must log in again', async () => {
    const profile = profileApi({ has_password: false });
    profile.api.on('POST /send-verification-otp/', refuse(403, 'REAUTH_REQUIRED', 'For your safety, log in again, then change this within five minutes.'));
    const { user } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    await user.type(await screen.findByLabelText('New e-mail address'), 'new@example.com');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('For your safety, log in again');
    expect(profile.api.to('POST /send-verification-otp/')[0]?.body).toEqual({ email: 'new@example.com' });
  });

  it('is for users only: a vendor goes to its dashboard', async () => {
    profileApi();
    storeSession({ ...userLogin, vendor_id: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f', is_approved: true, kyc_status: 'approved' });
    const app = renderApp('/UserProfile');
    await waitFor(() => expect(app.pathname()).toBe('/vendor/dashboard'));
  });
});
