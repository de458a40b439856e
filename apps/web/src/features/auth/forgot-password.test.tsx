import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, refuse, stubApi } from '../../test/api-stub.ts';
import { renderApp } from '../../test/render-app.tsx';

const neutral = 'If an account uses this e-mail address, we sent it a code.';
const resent = { message: 'Sent.', sent_to: 's***@example.com', channel: 'email', expires_in: 600, resend_in: 60 };

describe('forgotten password through the three pages', () => {
  it('e-mails a code, checks it, sets the new password and goes to /login with a toast', async () => {
    const api = stubApi({
      'POST /send/email/forgot-password/': ok({ message: neutral }),
      'POST /verify/otp/forgot-password/': ok({ message: 'Checked.', reset_token: 'rt-1' }),
      'POST /reset-password/v2/': ok({ message: 'Password changed.' }),
    });
    const app = renderApp('/ForgotPassword');
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    await app.user.type(screen.getByLabelText('Email'), 'Sam@Example.com');
    await app.user.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(app.location()).toMatchObject({ pathname: '/VerifyOtpForgotPassword', search: '?email=sam%40example.com' });
    expect(api.to('POST /send/email/forgot-password/')[0]?.body).toEqual({ email: 'sam@example.com' });
    expect(screen.getByText(/belongs to a LocalLoop account, we sent a/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend code in 1:00' })).toBeDisabled();

    await app.user.type(screen.getByLabelText('6-digit code'), '246810');
    await app.user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/ResetPassword');
    expect(api.to('POST /verify/otp/forgot-password/')[0]?.body).toEqual({ email: 'sam@example.com', otp: '246810' });
    expect(screen.getByLabelText('New password')).toHaveAttribute('autocomplete', 'new-password');

    await app.user.type(screen.getByLabelText('New password'), 'lantern-river-88');
    await app.user.type(screen.getByLabelText('Confirm new password'), 'lantern-river-88');
    await app.user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Your password has been changed. Log in with your new password.')).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/login'));
    expect(api.to('POST /reset-password/v2/')[0]?.body).toEqual({ reset_token: 'rt-1', password: 'lantern-river-88' });
  });

  it('resends the reset code through /resend-otp/ with no body', async () => {
    const api = stubApi({ 'POST /resend-otp/': ok(resent) });
    const { user } = renderApp('/VerifyOtpForgotPassword?email=sam%40example.com');
    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('We sent a new code to s***@example.com.')).toBeInTheDocument();
    expect(api.to('POST /resend-otp/')[0]?.body).toBeUndefined();
  });

  it('shows a dead code (too many tries) under the code field', async () => {
    stubApi({
      'POST /verify/otp/forgot-password/': refuse(400, 'OTP_TOO_MANY_ATTEMPTS', 'Too many wrong tries: this code no longer works. Ask for a new one.'),
    });
    const { user } = renderApp({ pathname: '/VerifyOtpForgotPassword', state: { email: 'sam@example.com' } });
    const code = await screen.findByLabelText('6-digit code');
    await user.type(code, '999999');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(/Too many wrong tries/));
  });

  it('refuses two different new passwords, and a password too like the e-mail, before sending', async () => {
    const api = stubApi();
    const { user } = renderApp({ pathname: '/ResetPassword', state: { reset_token: 'rt', email: 'samantha@example.com' } });
    await user.type(await screen.findByLabelText('New password'), 'lantern-river-88');
    await user.type(screen.getByLabelText('Confirm new password'), 'lantern-river-89');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The two passwords are not the same.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'samantha1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The password is too similar to your e-mail address.')).toBeInTheDocument();
    expect(api.to('POST /reset-password/v2/')).toHaveLength(0);
  });

  it('shows an expired reset in an alert', async () => {
    stubApi({ 'POST /reset-password/v2/': refuse(400, 'RESET_EXPIRED', 'This reset has expired. Start again to get a new code.') });
    const { user } = renderApp({ pathname: '/ResetPassword', state: { reset_token: 'old' } });
    await user.type(await screen.findByLabelText('New password'), 'lantern-river-88');
    await user.type(screen.getByLabelText('Confirm new password'), 'lantern-river-88');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset has expired.');
  });

  it('explains and links back to /ForgotPassword when step 2 or 3 is opened on its own', async () => {
    const app = renderApp('/VerifyOtpForgotPassword');
    expect(await screen.findByRole('heading', { name: 'Which account is this for?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reset my password' })).toHaveAttribute('href', '/ForgotPassword');
    app.unmount();

    renderApp('/ResetPassword');
    expect(await screen.findByRole('heading', { name: "Your reset code isn't checked yet" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reset my password' })).toHaveAttribute('href', '/ForgotPassword');
  });
});
