import type { ErrorCode } from '@localloop/contract';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api/client.ts';

export const genericErrorMessage = 'Something went wrong. Please try again.';

/** Codes about the one-time code itself: their message belongs under the code field. */
export const otpFieldCodes = ['OTP_INVALID', 'OTP_EXPIRED', 'OTP_TOO_MANY_ATTEMPTS'] as const;

/** The plain-words message of any failure. */
export function errorMessageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : genericErrorMessage;
}

/**
 * Puts a failed call's messages where they belong: each of the server's `fields` under its field,
 * a code listed in `codeFields` under that field, anything else in the form's alert (returned).
 * The first field with an error gets the focus.
 */
export function applyServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
  codeFields: Readonly<Partial<Record<ErrorCode, Path<T>>>> = {},
): string | null {
  if (!(error instanceof ApiError)) return genericErrorMessage;
  const isField = (name: string): name is Path<T> => (fieldNames as readonly string[]).includes(name);
  let placed = 0;
  const leftOver: string[] = [];
  for (const [name, message] of Object.entries(error.fields ?? {})) {
    if (isField(name)) {
      setError(name, { type: 'server', message }, { shouldFocus: placed === 0 });
      placed += 1;
    } else {
      leftOver.push(message);
    }
  }
  const byCode = (codeFields as Readonly<Record<string, Path<T> | undefined>>)[error.code];
  if (placed === 0 && byCode !== undefined) {
    setError(byCode, { type: 'server', message: error.message }, { shouldFocus: true });
    placed += 1;
  }
  if (placed === 0) return leftOver.length > 0 ? `${error.message} ${leftOver.join(' ')}` : error.message;
  return leftOver.length > 0 ? leftOver.join(' ') : null;
}
