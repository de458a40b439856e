import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, refuse, stubApi } from '../../test/api-stub.ts';
import { userLogin, vendorLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const texted = { message: 'We texted you a code.', sent_to: '+1•••••4567', channel: 'sms', expires_in: 600, resend_in: 60 };

async function askForCode(app: ReturnType<typeof renderApp>, number = '+1 555 123 4567') {
  await screen.findByRole('heading', { name: 'Log in with your phone' });
  await app.user.type(screen.getByLabelText('Phone number'), number);
  await app.user.click(screen.getByRole('button', { name: 'Send code' }));
}

describe('phone login (/PhoneOtp)', () => {
  it('texts a code, then logs in with it and goes home by role', async () => {
    const api = stubApi({ 'POST /login/v2/': ok(texted), 'POST /login-otp/': ok(userLogin) });
    const app = renderApp('/PhoneOtp');
    await askForCode(app);

    expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeInTheDocument();
    expect(api.to('POST /login/v2/')[0]?.body).toEqual({ phone_number: '+15551234567' });
    expect(screen.getByText('+1•••••4567')).toBeInTheDocument();
    const code = screen.getByLabelText('6-digit code');
    await waitFor(() => expect(code).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Resend code in 1:00' })).toBeDisabled();
    expect(screen.getByRole('link', { name: /developer outbox/ })).toHaveAttribute('href', '/dev/outbox?to=%2B15551234567');

    await app.user.type(code, '654321');
    await app.user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Local Activities' })).toBeInTheDocument();
    expect(api.to('POST /login-otp/')[0]?.body).toEqual({ phone_number: '+15551234567', otp: '654321' });
    expect(localStorage.getItem('access')).toBe(userLogin.access);
  });

  it('sends an approved vendor to /vendor/dashboard', async () => {
    stubApi({ 'POST /login/v2/': ok(texted), 'POST /login-otp/': ok(vendorLogin) });
    const app = renderApp('/PhoneOtp');
    await askForCode(app);
    await app.user.type(await screen.findByLabelText('6-digit code'), '654321');
    await app.user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(app.pathname()).toBe('/vendor/dashboard'));
  });

  it('asks for the country code before sending', async () => {
    const api = stubApi();
    const app = renderApp('/PhoneOtp');
    await askForCode(app, '555 1234');
    // The field's hint shows how to write it; the error says only what is wrong, without repeating the example.
    const phone = screen.getByLabelText('Phone number');
    await waitFor(() => expect(phone).toHaveAccessibleDescription('Start with + and the country code. With the country code, e.g. +1 555 123 4567.'));
    expect(api.to('POST /login/v2/')).toHaveLength(0);
  });

  it('shows an expired code under the code field', async () => {
    stubApi({ 'POST /login/v2/': ok(texted), 'POST /login-otp/': refuse(400, 'OTP_EXPIRED', 'This code has expired. Ask for a new one.') });
    const app = renderApp('/PhoneOtp');
    await askForCode(app);
    const code = await screen.findByLabelText('6-digit code');
    await app.user.type(code, '111111');
    await app.user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('This code has expired. Ask for a new one.'));
    expect(localStorage.getItem('access')).toBeNull();
  });

  it('resends through /resend/login/otp/ with the same number', async () => {
    const api = stubApi({ 'POST /login/v2/': ok({ ...texted, resend_in: 0 }), 'POST /resend/login/otp/': ok(texted) });
    const app = renderApp('/PhoneOtp');
    await askForCode(app);
    await app.user.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('We sent a new code to +1•••••4567.')).toBeInTheDocument();
    expect(api.to('POST /resend/login/otp/')[0]?.body).toEqual({ phone_number: '+15551234567' });
    expect(screen.getByRole('button', { name: 'Resend code in 1:00' })).toBeDisabled();
  });

  it('lets a different number be entered', async () => {
    stubApi({ 'POST /login/v2/': ok(texted) });
    const app = renderApp('/PhoneOtp');
    await askForCode(app);
    await app.user.click(await screen.findByRole('button', { name: 'Use a different number' }));
    expect(await screen.findByLabelText('Phone number')).toHaveValue('');
  });

  it('shows a rate limit in an alert', async () => {
    stubApi({ 'POST /login/v2/': refuse(429, 'RATE_LIMITED', 'Too many attempts. Try again in a minute.') });
    const app = renderApp('/PhoneOtp');
    await askForCode(app);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in a minute.');
  });
});
