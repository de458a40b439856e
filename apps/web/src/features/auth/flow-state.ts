import { Email, OtpSentResponse } from '@localloop/contract';
import { z } from 'zod';

/**
 * What one step of a sign-up or reset hands the next through the router's state (never storage).
 * State is `unknown` to the router, so each page parses what it receives.
 */
export const SignUpCodeState = z.object({
  email: z.string(),
  phone_number: z.string().optional(),
  username: z.string().optional(),
  sent: OtpSentResponse.optional(),
});
export type SignUpCodeState = z.infer<typeof SignUpCodeState>;

export const SignUpCreateState = z.object({
  verification_token: z.string().min(1),
  email: z.string(),
  phone_number: z.string().optional(),
  username: z.string().optional(),
});
export type SignUpCreateState = z.infer<typeof SignUpCreateState>;

export const ResetCodeState = z.object({ email: z.string() });
export type ResetCodeState = z.infer<typeof ResetCodeState>;

export const ResetPasswordState = z.object({ reset_token: z.string().min(1), email: z.string().optional() });
export type ResetPasswordState = z.infer<typeof ResetPasswordState>;

export function readState<T>(schema: z.ZodType<T>, state: unknown): T | null {
  const parsed = schema.safeParse(state);
  return parsed.success ? parsed.data : null;
}

/** The ?email= fallback of the code pages, when the router state is gone (a reload, a new tab). */
export function emailFromQuery(search: URLSearchParams): string | null {
  const parsed = Email.safeParse(search.get('email') ?? '');
  return parsed.success ? parsed.data : null;
}
