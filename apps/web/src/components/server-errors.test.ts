import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client.ts';
import { applyServerError, genericErrorMessage } from './server-errors.ts';

type Fields = { email: string; username: string; otp: string };

describe('applyServerError', () => {
  it('puts each field message of the server under its field, focuses the first, and leaves no alert', () => {
    const setError = vi.fn();
    const error = new ApiError(409, 'EMAIL_TAKEN', 'Check the highlighted fields.', { email: 'An account already uses this e-mail address.' });
    expect(applyServerError<Fields>(error, setError, ['email', 'username'])).toBeNull();
    expect(setError).toHaveBeenCalledExactlyOnceWith('email', { type: 'server', message: 'An account already uses this e-mail address.' }, { shouldFocus: true });
  });

  it('places a known code under its field when the server sent no fields', () => {
    const setError = vi.fn();
    const error = new ApiError(400, 'OTP_INVALID', 'That code is not right. Check it and try again.');
    expect(applyServerError<Fields>(error, setError, ['otp'], { OTP_INVALID: 'otp' })).toBeNull();
    expect(setError).toHaveBeenCalledWith('otp', { type: 'server', message: 'That code is not right. Check it and try again.' }, { shouldFocus: true });
  });

  it('returns the message for the alert when no field fits, with any messages of unknown fields', () => {
    const setError = vi.fn();
    expect(applyServerError<Fields>(new ApiError(429, 'RATE_LIMITED', 'Too many tries. Wait a minute.'), setError, ['email'])).toBe(
      'Too many tries. Wait a minute.',
    );
    const odd = new ApiError(400, 'VALIDATION_FAILED', 'Check the details.', { verification_token: 'The verification has expired.' });
    expect(applyServerError<Fields>(odd, setError, ['email'])).toBe('Check the details. The verification has expired.');
    expect(setError).not.toHaveBeenCalled();
  });

  it('answers a generic message for anything that is not an ApiError', () => {
    expect(applyServerError<Fields>(new Error('boom'), vi.fn(), ['email'])).toBe(genericErrorMessage);
  });
});
