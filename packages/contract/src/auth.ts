import { z } from 'zod';

export const KycStatus = z.enum(['not_submitted', 'pending', 'approved', 'rejected']);
export type KycStatus = z.infer<typeof KycStatus>;

export const Email = z.string().trim().toLowerCase().email('Enter a valid e-mail address.').max(254);

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

export const TokenRefreshInput = z.object({ refresh: z.string().min(1, 'The refresh token is missing.').max(512) });
export type TokenRefreshInput = z.infer<typeof TokenRefreshInput>;

export const TokenRefreshResponse = z.object({ access: z.string(), refresh: z.string() });
export type TokenRefreshResponse = z.infer<typeof TokenRefreshResponse>;

export const LogoutInput = z.object({ refresh: z.string().min(1).max(512) });
export type LogoutInput = z.infer<typeof LogoutInput>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;
