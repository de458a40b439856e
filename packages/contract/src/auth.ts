import { z } from 'zod';
import { Email, KycStatus, MessageResponse, PhoneNumber } from './common.ts';
import { endpoint, type Endpoint } from './endpoint.ts';
import { tokenRefreshEndpoint } from './token-refresh.ts';
import { commonPasswords } from './common-passwords.ts';

export const Username = z
  .string()
  .trim()
  .min(1, 'Choose a username.')
  .min(3, 'Use at least 3 characters.')
  .max(30, 'Use at most 30 characters.')
  .regex(/^[A-Za-z0-9_.]+$/, 'Use only letters, digits, dots and underscores.');

export const OtpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code.');

/** Length and shape; the checks that need other fields (similarity) run in `passwordProblem`. */
export function newPassword(required = 'Choose a password.') {
  return z.string().min(1, required).min(8, 'Use at least 8 characters.').max(128, 'Use at most 128 characters.');
}
export const Password = newPassword();

/**
 * Django's password validators: minimum length, not entirely numeric, not one of the 1,000 most
 * common passwords, not too similar to the e-mail or username. Returns the first problem, or null.
 */
export function passwordProblem(password: string, context: { email?: string | null; username?: string | null } = {}): string | null {
  if (password.length === 0) return 'Choose a password.';
  if (password.length < 8) return 'Use at least 8 characters.';
  if (/^\d+$/.test(password)) return 'The password cannot be entirely numeric.';
  if (commonPasswords.has(password.toLowerCase())) return 'This password is too common. Choose one that is harder to guess.';
  for (const [label, value] of [
    ['e-mail address', context.email],
    ['username', context.username],
  ] as const) {
    if (value && isTooSimilar(password, value)) return `The password is too similar to your ${label}.`;
  }
  return null;
}

/** Django's UserAttributeSimilarityValidator: difflib's quick_ratio ≥ 0.7 against the value and its parts. */
function isTooSimilar(password: string, value: string): boolean {
  const p = password.toLowerCase();
  const parts = [value, ...value.split(/\W+/)].map((v) => v.toLowerCase()).filter((v) => v.length >= 3);
  return parts.some((part) => quickRatio(p, part) >= 0.7);
}

function quickRatio(a: string, b: string): number {
  const counts = new Map<string, number>();
  for (const ch of b) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let matches = 0;
  for (const ch of a) {
    const left = counts.get(ch) ?? 0;
    if (left > 0) {
      matches += 1;
      counts.set(ch, left - 1);
    }
  }
  return (2 * matches) / (a.length + b.length);
}

function withPasswordChecks<T extends z.ZodType<{ password: string; email?: string; username?: string }>>(schema: T) {
  return schema.superRefine((value, ctx) => {
    const problem = passwordProblem(value.password, value);
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
  });
}

// ---- Sign-up -------------------------------------------------------------------------------

export const RegisterInput = withPasswordChecks(
  z.object({ email: Email, phone_number: PhoneNumber, username: Username, password: Password }),
);
export type RegisterInput = z.input<typeof RegisterInput>;

/** Answer to every call that sends a one-time code. */
export const OtpSentResponse = z.object({
  message: z.string(),
  /** Where the code went, masked: "u***@example.com", "+1•••••0001". */
  sent_to: z.string(),
  channel: z.enum(['email', 'sms']),
  /** Seconds until the code expires. */
  expires_in: z.number().int(),
  /** Seconds until another code may be asked for. */
  resend_in: z.number().int(),
});
export type OtpSentResponse = z.infer<typeof OtpSentResponse>;

export const VerifyRegistrationInput = z.object({ email: Email, otp: OtpCode });
export type VerifyRegistrationInput = z.input<typeof VerifyRegistrationInput>;

export const VerificationTokenResponse = z.object({ message: z.string(), verification_token: z.string() });
export type VerificationTokenResponse = z.infer<typeof VerificationTokenResponse>;

export const CreateUserInput = z.object({ verification_token: z.string().min(1, 'The verification has expired. Start again.').max(200) });
export type CreateUserInput = z.input<typeof CreateUserInput>;

export const ResendRegistrationInput = z.object({ email: Email });

// ---- Log-in --------------------------------------------------------------------------------

/** /login/v2/: e-mail and password, or a phone number that receives a code. */
export const LoginV2Input = z
  .object({
    email: Email.optional(),
    password: z.string().max(1024).optional(),
    phone_number: PhoneNumber.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.phone_number && !v.email) return;
    if (!v.email) ctx.addIssue({ code: 'custom', path: ['email'], message: 'Enter your e-mail address or phone number.' });
    if (!v.password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'Enter your password.' });
  });
export type LoginV2Input = z.input<typeof LoginV2Input>;

/** /login/ (older clients): e-mail or phone number, with the password. */
export const LegacyLoginInput = z
  .object({
    email: Email.optional(),
    phone_number: PhoneNumber.optional(),
    password: z.string().min(1, 'Enter your password.').max(1024),
  })
  .superRefine((v, ctx) => {
    if (!v.email && !v.phone_number) ctx.addIssue({ code: 'custom', path: ['email'], message: 'Enter your e-mail or phone number.' });
  });
export type LegacyLoginInput = z.input<typeof LegacyLoginInput>;

export const PhoneLoginInput = z.object({ phone_number: PhoneNumber });
export type PhoneLoginInput = z.input<typeof PhoneLoginInput>;

export const PhoneOtpInput = z.object({ phone_number: PhoneNumber, otp: OtpCode });
export type PhoneOtpInput = z.input<typeof PhoneOtpInput>;

/** What Google Identity Services hands the page: the ID token and how it was obtained. */
export const SocialLoginInput = z.object({
  credential: z.string().min(20, 'The sign-in answer from Google is missing.').max(8192),
  client_id: z.string().min(1).max(512),
  select_by: z.string().max(64).optional(),
});
export type SocialLoginInput = z.input<typeof SocialLoginInput>;

// ---- Forgotten password ------------------------------------------------------------------

export const ForgotPasswordInput = z.object({ email: Email });
export type ForgotPasswordInput = z.input<typeof ForgotPasswordInput>;

export const VerifyResetInput = z.object({ email: Email, otp: OtpCode });
export type VerifyResetInput = z.input<typeof VerifyResetInput>;

export const ResetTokenResponse = z.object({ message: z.string(), reset_token: z.string() });
export type ResetTokenResponse = z.infer<typeof ResetTokenResponse>;

export const ResetPasswordInput = z.object({
  reset_token: z.string().min(1, 'The reset has expired. Start again.').max(200),
  password: newPassword('Choose a new password.'),
});
export type ResetPasswordInput = z.input<typeof ResetPasswordInput>;


export const LoginInput = z.object({
  email: Email,
  password: z.string().min(1, 'Enter your password.').max(1024),
});
export type LoginInput = z.infer<typeof LoginInput>;

/** The spec's login response, exactly. */
export const LoginResponse = z.object({
  access: z.string(),
  refresh: z.string(),
  user: z.object({
    id: z.string().uuid(),
    phone_number: z.string().nullable(),
    email: z.string().nullable(),
  }),
  vendor_id: z.string().uuid().nullable(),
  is_approved: z.boolean(),
  kyc_status: KycStatus.nullable(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

/** The login response of a new account, with what the person should know about it (a phone number left out). */
export const CreatedUserResponse = LoginResponse.extend({ notice: z.string().nullable() });
export type CreatedUserResponse = z.infer<typeof CreatedUserResponse>;

// The refresh of a session's tokens lives apart (token-refresh.ts): every page's API client uses it, and must not load
// this module's password rules (and their list of common passwords) for it.
export { TokenRefreshInput, TokenRefreshResponse, tokenRefreshEndpoint } from './token-refresh.ts';

export const LogoutInput = z.object({ refresh: z.string().min(1).max(512) });
export type LogoutInput = z.infer<typeof LogoutInput>;

/** The endpoints of this domain; merged into the one table in endpoints.ts. */
export const authEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/login/v2/',
    body: LoginV2Input,
    response: z.union([LoginResponse, OtpSentResponse]),
    auth: 'none',
    summary: 'Log in with e-mail and password (answers the session), or start a phone login (sends a code by SMS)',
  }),
  legacyLogin: endpoint({
    method: 'POST',
    path: '/login/',
    body: LegacyLoginInput,
    response: LoginResponse,
    auth: 'none',
    summary: 'Older clients: log in with e-mail or phone number and password',
  }),
  loginOtp: endpoint({
    method: 'POST',
    path: '/login-otp/',
    body: PhoneOtpInput,
    response: LoginResponse,
    auth: 'none',
    summary: 'Finish a phone login with the code sent by SMS',
  }),
  resendLoginOtp: endpoint({
    method: 'POST',
    path: '/resend/login/otp/',
    body: PhoneLoginInput,
    response: OtpSentResponse,
    auth: 'none',
    summary: 'Send a new phone-login code',
  }),
  socialLogin: endpoint({
    method: 'POST',
    path: '/social-login/',
    body: SocialLoginInput,
    response: LoginResponse,
    auth: 'none',
    summary: 'Log in or sign up with a Google ID token (verified against Google\'s keys, audience, issuer and expiry)',
  }),
  register: endpoint({
    method: 'POST',
    path: '/register/v3/',
    body: RegisterInput,
    response: OtpSentResponse,
    auth: 'none',
    summary: 'Start signing up: checks the details and e-mails a 6-digit code',
  }),
  verifyRegistration: endpoint({
    method: 'POST',
    path: '/verify/register/otp/v3/',
    body: VerifyRegistrationInput,
    response: VerificationTokenResponse,
    auth: 'none',
    summary: 'Check the sign-up code; answers the token that creates the account',
  }),
  createUser: endpoint({
    method: 'POST',
    path: '/create-user/',
    body: CreateUserInput,
    response: CreatedUserResponse,
    status: 201,
    auth: 'none',
    summary: 'Create the verified account and log it in',
  }),
  registerV2: endpoint({
    method: 'POST',
    path: '/register/v2/',
    body: RegisterInput,
    response: OtpSentResponse,
    auth: 'none',
    summary: 'Older clients: start signing up (e-mails a code)',
  }),
  verifyCreateV2: endpoint({
    method: 'POST',
    path: '/verify/create/v2/',
    body: VerifyRegistrationInput,
    response: CreatedUserResponse,
    status: 201,
    auth: 'none',
    summary: 'Older clients: check the sign-up code, create the account and log it in',
  }),
  resendRegistrationOtp: endpoint({
    method: 'POST',
    path: '/resend/register/otp/',
    body: ResendRegistrationInput,
    response: OtpSentResponse,
    auth: 'none',
    summary: 'Send a new sign-up code',
  }),
  resendOtp: endpoint({
    method: 'POST',
    path: '/resend-otp/',
    body: undefined,
    response: OtpSentResponse,
    auth: 'optional',
    summary: 'Send a new code for the flow in progress (known from its cookie, or the signed-in account\'s pending contact change)',
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/send/email/forgot-password/',
    body: ForgotPasswordInput,
    response: MessageResponse,
    auth: 'none',
    summary: 'E-mail a password-reset code; answers the same whether or not the address has an account',
  }),
  verifyReset: endpoint({
    method: 'POST',
    path: '/verify/otp/forgot-password/',
    body: VerifyResetInput,
    response: ResetTokenResponse,
    auth: 'none',
    summary: 'Check the password-reset code; answers the token that sets the new password',
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/reset-password/v2/',
    body: ResetPasswordInput,
    response: MessageResponse,
    auth: 'none',
    summary: 'Set a new password and end every session of the account',
  }),
  tokenRefresh: tokenRefreshEndpoint,
  logout: endpoint({
    method: 'POST',
    path: '/logout/',
    body: LogoutInput,
    response: MessageResponse,
    auth: 'none',
    summary: 'End this session: revokes the refresh token and every token rotated from it',
  }),
} as const satisfies Record<string, Endpoint>;
