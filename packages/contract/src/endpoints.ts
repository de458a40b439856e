import { z } from 'zod';
import { LoginResponse, LogoutInput, MessageResponse, TokenRefreshInput, TokenRefreshResponse } from './auth.ts';
import { HealthResponse } from './health.ts';
import { GeoPlaceParams, GeoReverseQuery, GeoSuggestQuery, Place } from './geo.ts';
import { MarkedRead, Notification, NotificationIdParams, NotificationListQuery, WsTicketResponse } from './notifications.ts';
import {
  ChangePasswordInput,
  ContactChangeInput,
  ContactVerifyInput,
  CreateUserInput,
  DeleteAccountInput,
  ForgotPasswordInput,
  LegacyLoginInput,
  LoginV2Input,
  OtpSentResponse,
  OutboxMessage,
  OutboxQuery,
  PhoneLoginInput,
  PhoneOtpInput,
  Profile,
  ProfileUpdateInput,
  RegisterInput,
  ResendRegistrationInput,
  ResetPasswordInput,
  ResetTokenResponse,
  SocialLoginInput,
  UploadImagesResponse,
  VerificationTokenResponse,
  VerifyRegistrationInput,
  VerifyResetInput,
} from './account.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One endpoint: its method, its path under /api exactly as the spec writes it, and its schemas. */
export type Endpoint<B extends z.ZodType | undefined = z.ZodType | undefined, R extends z.ZodType = z.ZodType> = {
  method: HttpMethod;
  path: string;
  /** Other spellings the spec lists for the same call; they resolve to the same handler. */
  aliases?: readonly string[];
  body: B;
  /** Path parameters and query string, when the call has them. */
  params?: z.ZodType;
  query?: z.ZodType;
  response: R;
  /** The status of a successful answer; 200 unless stated. */
  status?: 200 | 201 | 204;
  auth: 'none' | 'optional' | 'required';
  summary: string;
};

/** Keeps each entry's literal types (auth, query, params), so routes and fetchers are typed by them. */
function endpoint<const E extends Endpoint>(e: E): E {
  return e;
}

export const endpoints = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    body: undefined,
    response: HealthResponse,
    auth: 'none',
    summary: 'Liveness and database reachability',
  }),
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
    response: LoginResponse,
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
    response: LoginResponse,
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
  sendVerificationOtp: endpoint({
    method: 'POST',
    path: '/send-verification-otp/',
    body: ContactChangeInput,
    response: OtpSentResponse,
    auth: 'required',
    summary: 'Start changing the e-mail or phone number: a code goes to the new one',
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
  uploadImages: endpoint({
    method: 'POST',
    path: '/UploadImagesAPI/',
    body: undefined,
    response: UploadImagesResponse,
    status: 201,
    auth: 'required',
    summary: 'Upload one or more images (multipart, field "images"): JPEG, PNG or WebP, 5 MB each; re-encoded without metadata',
  }),
  devOutbox: endpoint({
    method: 'GET',
    path: '/dev/outbox',
    query: OutboxQuery,
    body: undefined,
    response: z.array(OutboxMessage),
    auth: 'none',
    summary: 'Development only: every e-mail and SMS the server would have sent, newest first',
  }),
  tokenRefresh: endpoint({
    method: 'POST',
    path: '/token/refresh/',
    body: TokenRefreshInput,
    response: TokenRefreshResponse,
    auth: 'none',
    summary: 'Exchange a refresh token for a new access and refresh token (rotation)',
  }),
  logout: endpoint({
    method: 'POST',
    path: '/logout/',
    body: LogoutInput,
    response: MessageResponse,
    auth: 'none',
    summary: 'End this session: revokes the refresh token and every token rotated from it',
  }),
  notifications: endpoint({
    method: 'GET',
    path: '/notifications/',
    query: NotificationListQuery,
    body: undefined,
    response: z.array(Notification),
    auth: 'required',
    summary: 'The caller\'s notifications, newest first (page, page_size)',
  }),
  markNotificationRead: endpoint({
    method: 'PATCH',
    path: '/notifications/mark-as-read/{id}/',
    params: NotificationIdParams,
    body: undefined,
    response: MarkedRead,
    auth: 'required',
    summary: 'Mark one of the caller\'s notifications as read (empty body)',
  }),
  wsTicket: endpoint({
    method: 'POST',
    path: '/ws/ticket/',
    body: undefined,
    response: WsTicketResponse,
    auth: 'required',
    summary: 'A one-use ticket (30 s) to open the realtime socket at /api/ws?ticket=…',
  }),
  geoSuggest: endpoint({
    method: 'GET',
    path: '/geo/suggest/',
    query: GeoSuggestQuery,
    body: undefined,
    response: z.array(Place),
    auth: 'none',
    summary: 'Places matching typed text (accent- and typo-tolerant), best match and biggest first',
  }),
  geoReverse: endpoint({
    method: 'GET',
    path: '/geo/reverse/',
    query: GeoReverseQuery,
    body: undefined,
    response: Place,
    auth: 'none',
    summary: 'The nearest known place to a coordinate',
  }),
  geoPlace: endpoint({
    method: 'GET',
    path: '/geo/place/{id}/',
    params: GeoPlaceParams,
    body: undefined,
    response: Place,
    auth: 'none',
    summary: 'One place of the gazetteer by id (forward geocode of a chosen suggestion)',
  }),
} as const;

export type EndpointName = keyof typeof endpoints;
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
export type ResponseOf<E extends Endpoint> = z.infer<E['response']>;
