import { z } from 'zod';
import { Email, KycStatus } from './auth.ts';
import { commonPasswords } from './common-passwords.ts';

/** E.164 after removing spaces, dashes, dots and brackets: "+1 (555) 000-0001" → "+15550000001". */
export const PhoneNumber = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s().-]/g, ''))
  .pipe(z.string().regex(/^\+[1-9]\d{6,14}$/, 'Enter the phone number with its country code, e.g. +15551234567.'));

export const Username = z
  .string()
  .trim()
  .min(3, 'Use at least 3 characters.')
  .max(30, 'Use at most 30 characters.')
  .regex(/^[A-Za-z0-9_.]+$/, 'Use only letters, digits, dots and underscores.');

export const OtpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code.');

/** Length and shape; the checks that need other fields (similarity) run in `passwordProblem`. */
export const Password = z.string().min(8, 'Use at least 8 characters.').max(128, 'Use at most 128 characters.');

/**
 * Django's password validators: minimum length, not entirely numeric, not one of the 1,000 most
 * common passwords, not too similar to the e-mail or username. Returns the first problem, or null.
 */
export function passwordProblem(password: string, context: { email?: string | null; username?: string | null } = {}): string | null {
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
  password: Password,
});
export type ResetPasswordInput = z.input<typeof ResetPasswordInput>;

// ---- Profile -------------------------------------------------------------------------------

export const Profile = z.object({
  id: z.string().uuid(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  username: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  profile_image: z.string().nullable(),
  profile_thumbnail: z.string().nullable(),
  /** A new e-mail or phone waiting for its code; the old one stays until then. */
  pending_email: z.string().nullable(),
  pending_phone_number: z.string().nullable(),
  has_password: z.boolean(),
  vendor_id: z.string().uuid().nullable(),
  is_approved: z.boolean(),
  kyc_status: KycStatus.nullable(),
  is_operator: z.boolean(),
  date_joined: z.string(),
});
export type Profile = z.infer<typeof Profile>;

export const ProfileUpdateInput = z.object({
  first_name: z.string().trim().max(60, 'Use at most 60 characters.').optional(),
  last_name: z.string().trim().max(60, 'Use at most 60 characters.').optional(),
  username: Username.optional(),
  /** The URL of an image this account uploaded through /UploadImagesAPI/, or null to remove it. */
  profile_image: z.string().max(1000).nullable().optional(),
});
export type ProfileUpdateInput = z.input<typeof ProfileUpdateInput>;

/** send-verification-otp/: a new e-mail or phone number for this account; a code goes there. */
export const ContactChangeInput = z
  .object({
    email: Email.optional(),
    phone_number: PhoneNumber.optional(),
    /** Required unless the session signed in within the last five minutes (an account without a password must). */
    current_password: z.string().min(1, 'Enter your current password.').max(1024).optional(),
  })
  .superRefine((v, ctx) => {
    if (Boolean(v.email) === Boolean(v.phone_number)) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'Give either a new e-mail address or a new phone number.' });
    }
  });
export type ContactChangeInput = z.input<typeof ContactChangeInput>;

export const ContactVerifyInput = z.object({ channel: z.enum(['email', 'sms']), otp: OtpCode });
export type ContactVerifyInput = z.input<typeof ContactVerifyInput>;

/** The token from the link sent to the old e-mail or phone after a change (it travels in the page's #fragment). */
export const UndoContactChangeInput = z.object({ token: z.string().min(20, 'This link is incomplete. Open it again from the message.').max(200) });
export type UndoContactChangeInput = z.input<typeof UndoContactChangeInput>;

export const UndoContactChangeResponse = z.object({
  message: z.string(),
  channel: z.enum(['email', 'sms']),
  /** The restored e-mail or phone, masked. */
  restored_to: z.string().nullable(),
});
export type UndoContactChangeResponse = z.infer<typeof UndoContactChangeResponse>;

export const ChangePasswordInput = z.object({
  current_password: z.string().min(1, 'Enter your current password.').max(1024),
  new_password: Password,
  /** This device's refresh token: its session stays, every other one ends. */
  refresh: z.string().max(512).optional(),
});
export type ChangePasswordInput = z.input<typeof ChangePasswordInput>;

export const DeleteAccountInput = z.object({
  /** Required when the account has a password. */
  password: z.string().max(1024).optional(),
  confirm: z.literal(true, { error: 'Confirm that you want to delete your account.' }),
});
export type DeleteAccountInput = z.input<typeof DeleteAccountInput>;

// ---- Uploads -------------------------------------------------------------------------------

export const UploadedImage = z.object({
  id: z.string().uuid(),
  url: z.string(),
  thumbnail_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  content_type: z.string(),
  bytes: z.number().int(),
});
export type UploadedImage = z.infer<typeof UploadedImage>;

export const UploadImagesResponse = z.object({ images: z.array(UploadedImage) });
export type UploadImagesResponse = z.infer<typeof UploadImagesResponse>;

/** Upload limits, shown to people before they pick a file. */
export const imageUploadLimits = { maxBytes: 5 * 1024 * 1024, maxFiles: 10, types: ['image/jpeg', 'image/png', 'image/webp'] } as const;

// ---- Developer outbox ----------------------------------------------------------------------

/** `to` is required: the outbox never lists everyone's codes at once. */
export const OutboxQuery = z.object({ to: z.string().trim().min(3, 'Give the e-mail address or phone number whose messages to show.').max(254) });

export const OutboxMessage = z.object({
  to: z.string(),
  channel: z.enum(['email', 'sms']),
  subject: z.string().nullable(),
  body: z.string(),
  code: z.string().nullable(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;
