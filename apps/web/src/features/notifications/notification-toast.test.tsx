import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tabId } from '../../api/client.ts';
import { ToastContainer, toastDefaults } from '../../lib/toast.ts';
import { toastNotification } from './notification-toast.ts';

/** The toasts on screen, not those on their way out (jsdom plays no exit animation, so they would stay). */
const toastsShown = () => [...document.querySelectorAll('.Toastify__toast:not([class*="exit"])')].map((toast) => toast.textContent ?? '');

describe('a pushed notification\'s toast: one action, one toast', () => {
  it('toasts a push about something else, top-center', async () => {
    render(<ToastContainer {...toastDefaults} />);
    act(() => toastNotification('Ann rated you 5 stars'));
    const toast = await screen.findByText('Ann rated you 5 stars');
    expect(toast.closest('.Toastify__toast-container')).toHaveClass('Toastify__toast-container--top-center');
  });

  it('toasts a push caused by another tab or device of the same person', async () => {
    render(<ToastContainer {...toastDefaults} />);
    act(() => toastNotification('Your e-mail address was changed', 'another-tab-0000'));
    expect(await screen.findByText('Your e-mail address was changed')).toBeInTheDocument();
  });

  it('keeps quiet about a push this page caused, which the page answered itself', async () => {
    render(<ToastContainer {...toastDefaults} />);
    act(() => {
      toastNotification('Your e-mail address was changed', tabId);
      toastNotification('Ann rated you 5 stars');
    });
    await screen.findByText('Ann rated you 5 stars');
    expect(toastsShown()).toEqual(['Ann rated you 5 stars']);
  });
});
