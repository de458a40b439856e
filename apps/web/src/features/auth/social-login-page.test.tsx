import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config } from '../../config.ts';
import { ok, refuse, stubApi } from '../../test/api-stub.ts';
import { userLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { googleScriptUrl, type GoogleAccountsId, type GoogleCredentialResponse } from './google-identity.ts';

// The page reads the configured client id from config and Google's library from window.google, as in a browser
// (google-identity.ts takes an already loaded library as it is).
const configured = config as { googleClientId: string | undefined };
const configuredClientId = configured.googleClientId;
const browser = window as unknown as { google?: { accounts?: { id?: GoogleAccountsId } } };

/** Google's library, as far as the page uses it: the rendered button answers with a credential when clicked. */
function fakeGoogle(answer: GoogleCredentialResponse) {
  const initialize = vi.fn<GoogleAccountsId['initialize']>();
  const renderButton = vi.fn<GoogleAccountsId['renderButton']>((parent) => {
    const button = document.createElement('button');
    button.textContent = 'Continue with Google (fake)';
    button.addEventListener('click', () => initialize.mock.calls[0]?.[0].callback(answer));
    parent.append(button);
  });
  browser.google = { accounts: { id: { initialize, renderButton } } };
  return { initialize, renderButton };
}

beforeEach(() => {
  configured.googleClientId = undefined;
  delete browser.google;
});
afterEach(() => {
  configured.googleClientId = configuredClientId;
  delete browser.google;
  for (const script of document.head.querySelectorAll(`script[src="${googleScriptUrl}"]`)) script.remove();
});

describe('social login (/SocialLogin)', () => {
  it('says Google sign-in is not available and links to /login when no client id is configured', async () => {
    renderApp('/SocialLogin');
    expect(await screen.findByRole('heading', { name: 'Google sign-in is not available' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByTestId('google-button')).not.toBeInTheDocument();
  });

  it('renders Google’s button and logs in with the credential it hands over', async () => {
    configured.googleClientId = 'client-123.apps.googleusercontent.com';
    const gis = fakeGoogle({ credential: 'header.payload.signature-of-some-length', select_by: 'btn' });
    const api = stubApi({ 'POST /social-login/': ok(userLogin) });
    const app = renderApp('/SocialLogin');

    const button = await screen.findByRole('button', { name: 'Continue with Google (fake)' });
    expect(gis.initialize).toHaveBeenCalledWith(expect.objectContaining({ client_id: 'client-123.apps.googleusercontent.com' }));
    await app.user.click(button);

    expect(await screen.findByRole('heading', { name: 'Local Activities' })).toBeInTheDocument();
    expect(api.to('POST /social-login/')[0]?.body).toEqual({
      credential: 'header.payload.signature-of-some-length',
      client_id: 'client-123.apps.googleusercontent.com',
      select_by: 'btn',
    });
    expect(localStorage.getItem('access')).toBe(userLogin.access);
  });

  it('shows a refused Google token in plain words', async () => {
    configured.googleClientId = 'client-123';
    fakeGoogle({ credential: 'header.payload.signature-of-some-length', select_by: 'btn' });
    stubApi({ 'POST /social-login/': refuse(401, 'SOCIAL_TOKEN_INVALID', 'Google could not confirm who you are. Try again.') });
    const { user } = renderApp('/SocialLogin');
    await user.click(await screen.findByRole('button', { name: 'Continue with Google (fake)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Google could not confirm who you are. Try again.');
  });

  it('says so when Google’s script cannot be loaded', async () => {
    configured.googleClientId = 'client-123';
    renderApp('/SocialLogin');
    // The page asks for Google's script; the network refuses it.
    await waitFor(() => expect(document.head.querySelector(`script[src="${googleScriptUrl}"]`)).not.toBeNull());
    document.head.querySelector(`script[src="${googleScriptUrl}"]`)?.dispatchEvent(new Event('error'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Google sign-in could not be loaded.'));
  });
});
