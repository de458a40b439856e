import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of lib/toast.ts (and of react-toastify) for each test: whether the library is in is module state. */
const freshToasts = () => import('./toast.ts');
beforeEach(() => vi.resetModules());

const toastsShown = () => [...document.querySelectorAll('.Toastify__toast:not([class*="exit"])')].map((toast) => toast.textContent ?? '');

describe('toasts, with react-toastify loaded by the first one', () => {
  it('renders no container while no toast has been asked for', async () => {
    const { ToastContainer, toastDefaults } = await freshToasts();
    const { container } = render(<ToastContainer {...toastDefaults} />);
    expect(container).toBeEmptyDOMElement();
    expect(document.querySelector('.Toastify')).toBeNull();
  });

  it('shows the first toast once the library is in, and later toasts at once, each of its kind', async () => {
    const { ToastContainer, toast, toastDefaults } = await freshToasts();
    render(<ToastContainer {...toastDefaults} />);
    act(() => toast.success('Saved.'));
    const first = await screen.findByText('Saved.');
    expect(first.closest('.Toastify__toast')).toHaveClass('Toastify__toast--success');
    expect(first.closest('.Toastify__toast-container')).toHaveClass('Toastify__toast-container--top-right');
    act(() => toast.error('Could not save.'));
    expect((await screen.findByText('Could not save.')).closest('.Toastify__toast')).toHaveClass('Toastify__toast--error');
  });

  it('keeps a toast asked for before the container was on the page, and one toast per id', async () => {
    const { ToastContainer, toast, toastDefaults } = await freshToasts();
    act(() => {
      toast.warning('Complete your profile first.', { toastId: 'profile-first' });
      toast.warning('Complete your profile first.', { toastId: 'profile-first' });
    });
    render(<ToastContainer {...toastDefaults} />);
    await screen.findByText('Complete your profile first.');
    expect(toastsShown()).toEqual(['Complete your profile first.']);
  });
});
