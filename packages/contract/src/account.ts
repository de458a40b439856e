import { z } from 'zod';
import { newPassword, OtpCode, OtpSentResponse, Username } from './auth.ts';
import { Email, KycStatus, LatitudeNumber, LongitudeNumber, MessageResponse, PhoneNumber } from './common.ts';
import { endpoint, type Endpoint } from './endpoint.ts';

// ---- The account's location ------------------------------------------------------------------

const placeName = (what: string, max: number) =>
  z.string().trim().min(1, `Name the ${what}.`).max(max, `Use at most ${max} characters for the ${what}.`);

/**
 * The area a person chose ("near me" lists are about it), kept with the account so it follows them to every device:
 * the spec's stored userLocation, in the API's snake_case. The coordinates are where the person is (the device's
 * position, or the chosen place); the names are what reverse geocoding called it.
 */
export const AccountLocationInput = z.object({
  city: placeName('city', 120),
  state: placeName('state or region', 120),
  country: placeName('country', 120),
  /** Neighbourhood or district; empty when none is known. */
  area: z.string().trim().max(120, 'Use at most 120 characters for the area.').default(''),
  formatted_address: placeName('address', 300),
  latitude: LatitudeNumber,
  longitude: LongitudeNumber,
});
export type AccountLocationInput = z.input<typeof AccountLocationInput>;

export const AccountLocation = z.object({
  city: z.string(),
  state: z.string(),
  country: z.string(),
  area: z.string(),
  formatted_address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** When it was last chosen. */
  updated_at: z.string(),
});
export type AccountLocation = z.infer<typeof AccountLocation>;

/** GET /profile/location/: null until the person has chosen one while signed in. */
export const AccountLocationResponse = z.object({ location: AccountLocation.nullable() });
export type AccountLocationResponse = z.infer<typeof AccountLocationResponse>;

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
  /** The area the person chose, kept with the account; null until one is chosen while signed in. */
  location: AccountLocation.nullable(),
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
  new_password: newPassword('Choose a new password.'),
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

/** The endpoints of this domain; merged into the one table in endpoints.ts. */
export const accountEndpoints = {
  sendVerificationOtp: endpoint({
    method: 'POST',
    path: '/send-verification-otp/',
    body: ContactChangeInput,
    response: OtpSentResponse,
    auth: 'required',
    summary: 'Start changing the e-mail or phone number (current password, or a sign-in within five minutes): a code goes to the new one',
  }),
  undoContactChange: endpoint({
    method: 'POST',
    path: '/profile/undo-contact-change/',
    body: UndoContactChangeInput,
    response: UndoContactChangeResponse,
    auth: 'none',
    summary: 'From the link sent to the old e-mail or phone: put it back, sign out everywhere and remove the password',
  }),
  verifyContact: endpoint({
    method: 'POST',
    path: '/profile/verify-contact/',
    body: ContactVerifyInput,
    response: Profile,
    auth: 'required',
    summary: 'Finish changing the e-mail or phone number with the code sent to it',
  }),
  profile: endpoint({
    method: 'GET',
    path: '/profile/',
    body: undefined,
    response: Profile,
    auth: 'required',
    summary: 'The signed-in account',
  }),
  updateProfile: endpoint({
    method: 'PATCH',
    path: '/profile/',
    body: ProfileUpdateInput,
    response: Profile,
    auth: 'required',
    summary: 'Change name, username or profile image',
  }),
  accountLocation: endpoint({
    method: 'GET',
    path: '/profile/location/',
    body: undefined,
    response: AccountLocationResponse,
    auth: 'required',
    summary: 'The area the signed-in account chose (null when none yet), so a new device starts from it',
  }),
  saveAccountLocation: endpoint({
    method: 'PUT',
    path: '/profile/location/',
    body: AccountLocationInput,
    response: AccountLocation,
    auth: 'required',
    summary: 'Keep the area the person chose with their own account (replaces the one kept before)',
  }),
  deleteAccount: endpoint({
    method: 'DELETE',
    path: '/profile/',
    body: DeleteAccountInput,
    response: MessageResponse,
    auth: 'required',
    summary: 'Delete the account: personal data removed, bookings and purchases kept anonymised for the vendors',
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/change-password/',
    body: ChangePasswordInput,
    response: MessageResponse,
    auth: 'required',
    summary: 'Change the password; every other session ends',
  }),
  logoutAll: endpoint({
    method: 'POST',
    path: '/logout-all/',
    body: undefined,
    response: MessageResponse,
    auth: 'required',
    summary: 'End every session of the account, on every device',
  }),
} as const satisfies Record<string, Endpoint>;
