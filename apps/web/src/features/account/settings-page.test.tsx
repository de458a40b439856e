import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, refuse, stubApi } from '../../test/api-stub.ts';
import { storeSession, userLogin, userProfile, vendorLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

async function openSettings(profile = userProfile, login = userLogin) {
  const api = stubApi({ 'GET /profile/': ok(profile) });
  storeSession(login);
  const app = renderApp('/Settings');
  await screen.findByRole('heading', { name: 'Settings' });
  await screen.findByRole('region', { name: 'Password' });
  return { ...app, api };
}

describe('settings (/Settings)', () => {
  it('changes the password with the current one, keeping this device signed in with renewed tokens', async () => {
    const app = await openSettings();
    app.api.on('POST /change-password/', ok({ message: 'Password changed.' }));
    // The change ends every older access token, this device's too: it renews its tokens at once.
    app.api.on('POST /token/refresh/', ok({ access: 'renewed-access', refresh: 'renewed-refresh' }));
    expect(screen.getByLabelText('Current password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByLabelText('New password')).toHaveAttribute('autocomplete', 'new-password');
    await app.user.type(screen.getByLabelText('Current password'), 'demo-password-1');
    await app.user.type(screen.getByLabelText('New password'), 'copper-kettle-77');
    await app.user.type(screen.getByLabelText('Confirm new password'), 'copper-kettle-77');
    await app.user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Your password has been changed. Your other devices have been logged out.')).toBeInTheDocument();
    expect(app.api.to('POST /change-password/')[0]?.body).toEqual({
      current_password: 'demo-password-1',
      new_password: 'copper-kettle-77',
      refresh: userLogin.refresh,
    });
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveValue(''));
    expect(app.api.to('POST /token/refresh/')[0]?.body).toEqual({ refresh: userLogin.refresh });
    expect(localStorage.getItem('access')).toBe('renewed-access');
    expect(localStorage.getItem('refresh')).toBe('renewed-refresh');
  });

  it('shows a wrong current password under its field', async () => {
    const app = await openSettings();
    app.api.on('POST /change-password/', refuse(400, 'CURRENT_PASSWORD_WRONG', 'The current password is incorrect.', { current_password: 'The current password is incorrect.' }));
    await app.user.type(screen.getByLabelText('Current password'), 'not-it');
    await app.user.type(screen.getByLabelText('New password'), 'copper-kettle-77');
    await app.user.type(screen.getByLabelText('Confirm new password'), 'copper-kettle-77');
    await app.user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription('The current password is incorrect.'));
  });

  it('asks before logging out of all devices, and does nothing when the person cancels', async () => {
    const app = await openSettings();
    await app.user.click(screen.getByRole('button', { name: 'Log out of all devices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out of all devices?' });
    expect(dialog).toHaveAccessibleDescription(/this one included/);
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.api.to('POST /logout-all/')).toHaveLength(0);
    expect(localStorage.getItem('access')).toBe(userLogin.access);
  });

  it('logs out of all devices once confirmed, then out of this one', async () => {
    const app = await openSettings();
    app.api.on('POST /logout-all/', ok({ message: 'Every session has ended.' }));
    await app.user.click(screen.getByRole('button', { name: 'Log out of all devices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out of all devices?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Yes, log out everywhere' }));
    expect(await screen.findByText('You have been logged out of all devices.')).toBeInTheDocument();
    // On the landing page, not bounced to /login by the guard of the page it left.
    expect(await screen.findByRole('heading', { level: 1, name: /around the corner/ })).toBeInTheDocument();
    expect(app.pathname()).toBe('/');
    expect(localStorage.getItem('access')).toBeNull();
    expect(app.api.to('POST /logout-all/')).toHaveLength(1);
    expect(app.api.to('POST /logout/')).toHaveLength(0);
  });

  it('keeps the dialog open with the reason when logging out everywhere fails', async () => {
    const app = await openSettings();
    app.api.on('POST /logout-all/', refuse(503, 'UNAVAILABLE', 'The service is unavailable right now. Please try again shortly.'));
    await app.user.click(screen.getByRole('button', { name: 'Log out of all devices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out of all devices?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Yes, log out everywhere' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The service is unavailable right now.');
    expect(within(dialog).getByRole('button', { name: 'Yes, log out everywhere' })).toBeEnabled();
    expect(localStorage.getItem('access')).toBe(userLogin.access);
  });

  it('deletes the account only after DELETE and the password are given, then logs out with a toast', async () => {
    const app = await openSettings();
    app.api.on('DELETE /profile/', ok({ message: 'Deleted.' }));
    await app.user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });

    await app.user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Type DELETE in capital letters to confirm.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter your password.')).toBeInTheDocument();
    expect(app.api.to('DELETE /profile/')).toHaveLength(0);

    await app.user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await app.user.type(within(dialog).getByLabelText('Your password'), 'demo-password-1');
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByText('Your account has been deleted.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: /around the corner/ })).toBeInTheDocument();
    expect(app.pathname()).toBe('/');
    expect(app.api.to('DELETE /profile/')[0]?.body).toEqual({ confirm: true, password: 'demo-password-1' });
    expect(localStorage.length).toBe(0);
    expect(app.api.to('POST /logout/')).toHaveLength(0);
    expect(screen.getByTestId('public-header')).toBeInTheDocument();
  });

  it('keeps the account and shows a wrong password in the dialog', async () => {
    const app = await openSettings();
    app.api.on('DELETE /profile/', refuse(400, 'CURRENT_PASSWORD_WRONG', 'The password is incorrect.', { password: 'The password is incorrect.' }));
    await app.user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await app.user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await app.user.type(within(dialog).getByLabelText('Your password'), 'wrong');
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Your password')).toHaveAccessibleDescription('The password is incorrect.'));
    expect(localStorage.getItem('access')).toBe(userLogin.access);
  });

  it('asks no password of an account that has none (Google), and cancels without deleting', async () => {
    const app = await openSettings({ ...userProfile, has_password: false });
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(screen.getByText(/Your account has no password/)).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).queryByLabelText('Your password')).not.toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.api.to('DELETE /profile/')).toHaveLength(0);
  });

  it('is open to vendors too', async () => {
    await openSettings({ ...userProfile, vendor_id: vendorLogin.vendor_id, is_approved: true, kyc_status: 'approved' }, vendorLogin);
    expect(await screen.findByTestId('vendor-header')).toBeInTheDocument();
  });
});
