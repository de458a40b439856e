import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatWait, ResendButton } from './resend-button.tsx';

/**
 * The countdown reads the clock, which stands still here: however busy the machine, the label cannot tick on between
 * two lines of a test. The countdown test moves the clock (and the interval) on by hand.
 */
function setup(availableIn: number, onResend: () => Promise<number | null>) {
  vi.useFakeTimers({ toFake: ['Date'] });
  const user = userEvent.setup();
  render(<ResendButton availableIn={availableIn} onResend={onResend} />);
  return user;
}

describe('ResendButton', () => {
  it('counts down from the wait the server gave, disabled, then offers a resend', async () => {
    vi.useFakeTimers();
    render(<ResendButton availableIn={3} onResend={async () => 60} />);
    expect(screen.getByRole('button', { name: 'Resend code in 0:03' })).toBeDisabled();
    await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Resend code in 0:02' })).toBeDisabled();
    await act(async () => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled();
  });

  it('starts a new countdown from the next wait after a resend, and keeps the button when it failed', async () => {
    const onResend = vi.fn<() => Promise<number | null>>().mockResolvedValueOnce(null).mockResolvedValueOnce(90);
    const user = setup(0, onResend);
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('button', { name: 'Resend code' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('button', { name: 'Resend code in 1:30' })).toBeDisabled();
    expect(onResend).toHaveBeenCalledTimes(2);
  });

  it('sends one request however fast it is clicked', async () => {
    let release: (value: number) => void = () => {};
    const onResend = vi.fn(() => new Promise<number | null>((resolve) => (release = resolve)));
    const user = setup(0, onResend);
    const button = screen.getByRole('button', { name: 'Resend code' });
    await user.click(button);
    await user.click(button);
    expect(onResend).toHaveBeenCalledTimes(1);
    await act(async () => release(30));
    expect(screen.getByRole('button', { name: 'Resend code in 0:30' })).toBeDisabled();
  });
});

describe('formatWait', () => {
  it('writes minutes and two-digit seconds', () => {
    expect(formatWait(0)).toBe('0:00');
    expect(formatWait(59)).toBe('0:59');
    expect(formatWait(60)).toBe('1:00');
    expect(formatWait(605)).toBe('10:05');
  });
});
