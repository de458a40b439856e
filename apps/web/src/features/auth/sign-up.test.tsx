import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, refuse, stubApi } from '../../test/api-stub.ts';
import { userLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const sent = { message: 'We sent you a code.', sent_to: 's***@example.com', channel: 'email', expires_in: 600, resend_in: 60 };
const newUser = { ...userLogin, user: { ...userLogin.user, email: 'sam@example.com', phone_number: '+15551234567' }, notice: null };

async function fillDetails(user: ReturnType<typeof renderApp>['user'], password = 'quiet-harbour-42') {
  await user.type(screen.getByLabelText('Email'), ' Sam@Example.com ');
  await user.type(screen.getByLabelText('Phone number'), '+1 (555) 123-4567');
  await user.type(screen.getByLabelText('Username'), 'sam_k');
  await user.type(screen.getByLabelText('Password'), password);
}

describe('sign-up, step 1 (/createAccount)', () => {
  it('has labelled fields with autocomplete, a visible password hint and a show/hide button', async () => {
    const { user } = renderApp('/createAccount');
    await screen.findByRole('heading', { name: 'Create your account' });
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('autocomplete', 'tel');
    expect(screen.getByLabelText('Username')).toHaveAttribute('autocomplete', 'username');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    expect(password).toHaveAccessibleDescription(/At least 8 characters/);
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('checks the password with the contract rules before sending anything', async () => {
    const api = stubApi();
    const { user } = renderApp('/createAccount');
    await screen.findByRole('heading', { name: 'Create your account' });
    await fillDetails(user, '12345678');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The password cannot be entirely numeric.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(api.to('POST /register/v3/')).toHaveLength(0);
  });

  it('shows a taken e-mail address under the Email field, in plain words, and stays', async () => {
    stubApi({
      'POST /register/v3/': refuse(409, 'EMAIL_TAKEN', 'An account already uses this e-mail address.', {
        email: 'An account already uses this e-mail address. Log in, or reset your password.',
      }),
    });
    const app = renderApp('/createAccount');
    await screen.findByRole('heading', { name: 'Create your account' });
    await fillDetails(app.user);
    await app.user.click(screen.getByRole('button', { name: 'Continue' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAccessibleDescription('An account already uses this e-mail address. Log in, or reset your password.'));
    expect(email).toHaveFocus();
    expect(app.pathname()).toBe('/createAccount');
  });

  it('shows a taken username under Username even when the server names only the code', async () => {
    stubApi({ 'POST /register/v3/': refuse(409, 'USERNAME_TAKEN', 'That username is taken. Try another one.') });
    const { user } = renderApp('/createAccount');
    await screen.findByRole('heading', { name: 'Create your account' });
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(/That username is taken/));
  });
});

describe('sign-up through the three pages', () => {
  it('sends the code, checks it, creates the account and lands logged in on /LocalActivities', async () => {
    const api = stubApi({
      'POST /register/v3/': ok(sent),
      'POST /verify/register/otp/v3/': ok({ message: 'Verified.', verification_token: 'vt-123' }),
      'POST /create-user/': { status: 201, body: newUser },
    });
    const app = renderApp('/createAccount');
    await screen.findByRole('heading', { name: 'Create your account' });
    await fillDetails(app.user);
    await app.user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(app.location()).toMatchObject({ pathname: '/OtpVerifyPage', search: '?email=sam%40example.com' });
    expect(api.to('POST /register/v3/')[0]?.body).toEqual({
      email: 'sam@example.com',
      phone_number: '+15551234567',
      username: 'sam_k',
      password: 'quiet-harbour-42',
    });
    expect(screen.getByText('s***@example.com')).toBeInTheDocument();
    expect(screen.getByText(/It expires in 10 minutes/)).toBeInTheDocument();
    const code = screen.getByLabelText('6-digit code');
    // The person came to type the code: the field has the focus, not the page's heading.
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByRole('button', { name: 'Resend code in 1:00' })).toBeDisabled();
    expect(screen.getByRole('link', { name: /developer outbox/ })).toHaveAttribute('href', '/dev/outbox?to=sam%40example.com');

    await app.user.type(code, '123 456');
    expect(code).toHaveValue('123456');
    await app.user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('button', { name: 'Create my account' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/resgisterAccount');
    expect(api.to('POST /verify/register/otp/v3/')[0]?.body).toEqual({ email: 'sam@example.com', otp: '123456' });
    expect(screen.getByText('sam@example.com')).toBeInTheDocument();
    expect(screen.getByText('+15551234567')).toBeInTheDocument();
    expect(screen.getByText('sam_k')).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByRole('heading', { name: 'Local Activities' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/LocalActivities');
    expect(api.to('POST /create-user/')[0]?.body).toEqual({ verification_token: 'vt-123' });
    expect(await screen.findByTestId('user-header')).toBeInTheDocument();
    expect(localStorage.getItem('access')).toBe(newUser.access);
    expect(localStorage.getItem('email')).toBe('sam@example.com');
    expect(localStorage.getItem('username')).toBe('sam_k');
  });
});

describe('sign-up, step 2 (/OtpVerifyPage and /VerifyOtp)', () => {
  const state = { email: 'sam@example.com', username: 'sam_k', phone_number: '+15551234567', sent: { ...sent, resend_in: 0 } };

  it('shows a wrong code under the code field, in the server words', async () => {
    stubApi({ 'POST /verify/register/otp/v3/': refuse(400, 'OTP_INVALID', 'That code is not right. You have 4 tries left.') });
    const app = renderApp({ pathname: '/VerifyOtp', state });
    const code = await screen.findByLabelText('6-digit code');
    await app.user.type(code, '000000');
    await app.user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('That code is not right. You have 4 tries left.'));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(app.pathname()).toBe('/VerifyOtp');
  });

  it('asks for all six digits before sending', async () => {
    const api = stubApi();
    const { user } = renderApp({ pathname: '/OtpVerifyPage', state });
    await user.type(await screen.findByLabelText('6-digit code'), '123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code.')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.path !== '/profile/')).toHaveLength(0);
  });

  it('resends the code to the same e-mail, says where it went, and counts down again', async () => {
    // Only the clock is fake, and it stands still: the countdown cannot tick on while a slow machine renders.
    vi.useFakeTimers({ toFake: ['Date'] });
    const api = stubApi({ 'POST /resend/register/otp/': ok({ ...sent, resend_in: 45 }) });
    const { user } = renderApp({ pathname: '/OtpVerifyPage', state });
    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('We sent a new code to s***@example.com.')).toBeInTheDocument();
    expect(api.to('POST /resend/register/otp/')[0]?.body).toEqual({ email: 'sam@example.com' });
    expect(screen.getByRole('button', { name: 'Resend code in 0:45' })).toBeDisabled();
    vi.setSystemTime(Date.now() + 45_000);
    // The countdown's next tick (at most a second away) reads the new time.
    expect(await screen.findByRole('button', { name: 'Resend code' })).toBeEnabled();
  });

  it('shows a resend refused as too soon in an alert', async () => {
    stubApi({ 'POST /resend/register/otp/': refuse(429, 'OTP_RESEND_TOO_SOON', 'Wait 40 seconds before asking for another code.') });
    const { user } = renderApp({ pathname: '/OtpVerifyPage', state });
    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wait 40 seconds before asking for another code.');
  });

  it('works from the ?email= fallback when the router state is gone (a reload)', async () => {
    stubApi();
    renderApp('/VerifyOtp?email=sam%40example.com');
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getByText('sam@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled();
  });

  it('explains and links back to /createAccount when opened without a sign-up', async () => {
    renderApp('/OtpVerifyPage');
    expect(await screen.findByRole('heading', { name: 'Which sign-up is this?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/createAccount');
    expect(screen.queryByLabelText('6-digit code')).not.toBeInTheDocument();
  });
});

describe('sign-up, step 3 (/resgisterAccount and /Register)', () => {
  it.each(['/resgisterAccount', '/Register'])('explains and links back to /createAccount at %s without a verified e-mail', async (pathname) => {
    renderApp({ pathname, state: { email: 'sam@example.com' } });
    expect(await screen.findByRole('heading', { name: "Your e-mail isn't verified yet" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/createAccount');
    expect(screen.queryByRole('button', { name: 'Create my account' })).not.toBeInTheDocument();
  });

  it('shows an expired verification in plain words and stays', async () => {
    stubApi({ 'POST /create-user/': refuse(400, 'VERIFICATION_EXPIRED', 'This verification has expired. Start again to get a new code.') });
    const app = renderApp({ pathname: '/Register', state: { verification_token: 'old', email: 'sam@example.com' } });
    await app.user.click(await screen.findByRole('button', { name: 'Create my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This verification has expired. Start again to get a new code.');
    expect(app.pathname()).toBe('/Register');
    expect(localStorage.getItem('access')).toBeNull();
  });

  it('says so when the phone number was left out because another account uses it', async () => {
    const notice = 'Your phone number is used by another account, so it was not added. Add another one in your profile.';
    stubApi({ 'POST /create-user/': { status: 201, body: { ...newUser, user: { ...newUser.user, phone_number: null }, notice } } });
    const app = renderApp({ pathname: '/Register', state: { verification_token: 'vt', email: 'sam@example.com' } });
    await app.user.click(await screen.findByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText(notice)).toBeInTheDocument();
    expect(localStorage.getItem('phone_number')).toBeNull();
  });

  it('creates the account only once, however fast the button is clicked', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const api = stubApi({
      'POST /create-user/': async () => {
        await gate;
        return { status: 201, body: newUser };
      },
    });
    const app = renderApp({ pathname: '/resgisterAccount', state: { verification_token: 'vt', email: 'sam@example.com' } });
    const button = await screen.findByRole('button', { name: 'Create my account' });
    await app.user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    await app.user.click(button);
    release();
    expect(await screen.findByRole('heading', { name: 'Local Activities' })).toBeInTheDocument();
    expect(api.to('POST /create-user/')).toHaveLength(1);
  });
});
