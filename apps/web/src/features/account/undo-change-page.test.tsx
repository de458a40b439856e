import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, refuse, stubApi } from '../../test/api-stub.ts';
import { storeSession, userLogin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const undone = {
  message: 'Your e-mail address is back to s***@example.com. We signed out every device and removed the password: choose a new one with “Forgot password” to log in again.',
  channel: 'email',
  restored_to: 's***@example.com',
};

describe('undoing a change of e-mail or phone (/undo-change#token)', () => {
  it('does nothing until the person confirms, then says what happened and leads to a new password', async () => {
    const api = stubApi({ 'POST /profile/undo-contact-change/': ok(undone) });
    const app = renderApp('/undo-change#the-undo-token-from-the-message-abcdef');
    expect(await screen.findByRole('heading', { name: 'Undo the change to your account?' })).toBeInTheDocument();
    expect(api.to('POST /profile/undo-contact-change/')).toHaveLength(0);
    await app.user.click(screen.getByRole('button', { name: 'Undo the change' }));
    expect(await screen.findByRole('heading', { name: 'The change is undone' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('back to s***@example.com');
    expect(api.to('POST /profile/undo-contact-change/')[0]?.body).toEqual({ token: 'the-undo-token-from-the-message-abcdef' });
    expect(screen.getByRole('link', { name: 'Choose a new password' })).toHaveAttribute('href', '/ForgotPassword');
    expect(window.location.hash).toBe('');
  });

  it('shows an expired or used link in plain words', async () => {
    stubApi({ 'POST /profile/undo-contact-change/': refuse(400, 'UNDO_INVALID', 'This link has expired or was already used. If your account was taken from you, contact support.') });
    const app = renderApp('/undo-change#an-old-token-from-last-month-abcdef');
    await app.user.click(await screen.findByRole('button', { name: 'Undo the change' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired or was already used.');
  });

  it('explains a link without its token', async () => {
    renderApp('/undo-change');
    expect(await screen.findByRole('heading', { name: 'This link is incomplete' })).toBeInTheDocument();
  });

  it('signs this browser out too when it was signed in to the account', async () => {
    stubApi({ 'POST /profile/undo-contact-change/': ok(undone), 'GET /notifications/': ok([]) });
    storeSession(userLogin);
    const app = renderApp('/undo-change#the-undo-token-from-the-message-abcdef');
    await app.user.click(await screen.findByRole('button', { name: 'Undo the change' }));
    await waitFor(() => expect(localStorage.getItem('access')).toBeNull());
    expect(await screen.findByText(/back to s\*\*\*@example\.com/)).toBeInTheDocument();
  });
});
