import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../api/client.ts';
import { pendingVendorLogin, userLogin, vendorLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

type Answer = { status: number; body: unknown };
let answer: Answer;
const fetchStub = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
  new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } }),
);
let restore: () => void;

beforeEach(() => {
  fetchStub.mockClear();
  restore = configureApiClient({ baseUrl: '/api', fetch: fetchStub, navigate: vi.fn() });
});
afterEach(() => restore());

async function openLogin() {
  const app = renderApp('/login');
  await screen.findByRole('heading', { name: 'Log in to LocalLoop' });
  return app;
}

describe('login page', () => {
  it('has labelled Email and Password fields, a Log in button and the account links', async () => {
    await openLogin();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/ForgotPassword');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/createAccount');
    expect(screen.getByRole('link', { name: 'Log in with your phone number' })).toHaveAttribute('href', '/PhoneOtp');
  });

  it('says which field is empty when the form is sent blank', async () => {
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter your e-mail address.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password.');
  });

  it('shows field errors under the fields, tied to them, without calling the server', async () => {
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const email = screen.getByLabelText('Email');
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter a valid e-mail address.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password.');
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('shows a wrong password as a plain-words alert in the form and stays on /login', async () => {
    answer = { status: 401, body: { error: 'The e-mail or password is incorrect.', code: 'INVALID_CREDENTIALS' } };
    const app = await openLogin();
    await app.user.type(screen.getByLabelText('Email'), 'user@example.com');
    await app.user.type(screen.getByLabelText('Password'), 'wrong-password');
    await app.user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The e-mail or password is incorrect.');
    expect(app.pathname()).toBe('/login');
    expect(localStorage.getItem('access')).toBeNull();
  });

  it('shows a network failure as an alert too', async () => {
    fetchStub.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'user@example.com');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach LocalLoop.');
  });

  it('puts server field messages under their fields', async () => {
    answer = { status: 400, body: { error: 'Check the highlighted fields.', code: 'VALIDATION_FAILED', fields: { email: 'That address is not allowed.' } } };
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'user@example.com');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('That address is not allowed.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('That address is not allowed.');
  });

  it('logs a user in, stores the session and lands on /LocalActivities with the user header', async () => {
    answer = { status: 200, body: userLogin };
    const app = await openLogin();
    await app.user.type(screen.getByLabelText('Email'), ' User@Example.com ');
    await app.user.type(screen.getByLabelText('Password'), 'demo-password-1');
    await app.user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'Local Activities' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/LocalActivities');
    expect(await screen.findByTestId('user-header')).toBeInTheDocument();
    expect(localStorage.getItem('access')).toBe(userLogin.access);
    const [url, init] = fetchStub.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/login/v2/');
    // The contract's schema trims and lower-cases the e-mail before it is sent.
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'user@example.com', password: 'demo-password-1' });
  });

  it('sends an approved vendor to /vendor/dashboard', async () => {
    answer = { status: 200, body: vendorLogin };
    const app = await openLogin();
    await app.user.type(screen.getByLabelText('Email'), 'vendor@example.com');
    await app.user.type(screen.getByLabelText('Password'), 'demo-password-1');
    await app.user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Vendor Dashboard' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/vendor/dashboard');
    expect(await screen.findByTestId('vendor-header')).toBeInTheDocument();
  });

  it('sends a vendor awaiting approval to /LocalActivities', async () => {
    answer = { status: 200, body: pendingVendorLogin };
    const app = await openLogin();
    await app.user.type(screen.getByLabelText('Email'), 'pending@example.com');
    await app.user.type(screen.getByLabelText('Password'), 'demo-password-1');
    await app.user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(app.pathname()).toBe('/LocalActivities'));
  });

  it('disables the button while logging in, so a second click sends nothing', async () => {
    let release: (value: Response) => void = () => {};
    fetchStub.mockImplementationOnce(() => new Promise<Response>((resolve) => (release = resolve)));
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'user@example.com');
    await user.type(screen.getByLabelText('Password'), 'pw');
    const button = screen.getByRole('button', { name: 'Log in' });
    await user.click(button);

    await waitFor(() => expect(button).toBeDisabled());
    await user.click(button);
    expect(fetchStub).toHaveBeenCalledTimes(1);

    release(new Response(JSON.stringify(userLogin), { status: 200 }));
    expect(await screen.findByRole('heading', { name: 'Local Activities' })).toBeInTheDocument();
  });
});
