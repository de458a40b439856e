import { z } from 'zod';

/**
 * Every machine code an /api error can carry, with the one HTTP status it is answered with. The server's error handler
 * takes the status from here (a service names only the code), and the web app can switch on the union.
 */
export const errorStatuses = {
  // The request itself
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  BAD_URL: 400,
  URL_TOO_LONG: 414,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
  // Sessions and roles
  UNAUTHENTICATED: 401,
  TOKEN_INVALID: 401,
  FORBIDDEN: 403,
  INVALID_CREDENTIALS: 401,
  CURRENT_PASSWORD_WRONG: 400,
  CURRENT_PASSWORD_REQUIRED: 400,
  REAUTH_REQUIRED: 403,
  REFRESH_INVALID: 401,
  REFRESH_REUSED: 401,
  LOGIN_THROTTLED: 429,
  LOGIN_SLOWED: 429,
  WS_TICKET_INVALID: 401,
  // Codes and the flows they carry
  OTP_INVALID: 400,
  OTP_EXPIRED: 400,
  OTP_TOO_MANY_ATTEMPTS: 400,
  OTP_GUESS_LIMIT: 429,
  OTP_RESEND_TOO_SOON: 429,
  OTP_RESEND_LIMIT: 429,
  OTP_DESTINATION_LIMIT: 429,
  OTP_REQUESTER_LIMIT: 429,
  NO_PENDING_CODE: 400,
  STEP_TOKEN_INVALID: 400,
  EMAIL_TAKEN: 409,
  PHONE_TAKEN: 409,
  USERNAME_TAKEN: 409,
  UNDO_INVALID: 400,
  UNDO_CONFLICT: 409,
  // Sign in with Google
  SOCIAL_LOGIN_DISABLED: 400,
  SOCIAL_CLIENT_MISMATCH: 400,
  SOCIAL_TOKEN_INVALID: 401,
  SOCIAL_EMAIL_MISSING: 400,
  SOCIAL_EMAIL_UNVERIFIED: 400,
  SOCIAL_ACCOUNT_CONFLICT: 409,
  SOCIAL_LOGIN_UNAVAILABLE: 503,
  // Uploads and documents
  NOT_MULTIPART: 415,
  MALFORMED_MULTIPART: 400,
  TOO_MANY_PARTS: 413,
  TOO_MANY_FILES: 413,
  NO_IMAGES: 400,
  TOO_MANY_IMAGES: 413,
  IMAGE_INVALID: 400,
  IMAGE_TOO_LARGE: 413,
  IMAGE_TOO_MANY_PIXELS: 400,
  UPLOAD_QUOTA_EXCEEDED: 429,
  UPLOADS_IN_PROGRESS: 429,
  STORAGE_QUOTA_EXCEEDED: 413,
  DOCUMENT_INVALID: 400,
  DOCUMENT_TOO_LARGE: 413,
  DOCUMENT_TOO_COMPLEX: 400,
  DOCUMENT_QUOTA_EXCEEDED: 413,
  TOO_MANY_DOCUMENTS: 409,
  // Vendors, KYC and operators
  PROFILE_INCOMPLETE: 409,
  KYC_INCOMPLETE: 400,
  KYC_ALREADY_PENDING: 409,
  NOTHING_TO_REVIEW: 409,
  CHANGES_IN_REVIEW: 409,
  TOO_MANY_ADDRESSES: 409,
  // A vendor's photos
  IMAGE_NOT_FOUND: 404,
  TOO_MANY_PHOTOS: 409,
  PHOTO_ALREADY_ADDED: 409,
  PHOTOS_CHANGED: 409,
  VENDOR_NOT_PENDING: 409,
  VENDOR_ALREADY_SUSPENDED: 409,
  VENDOR_NOT_SUSPENDED: 409,
  // The directory
  SELF_RATING: 403,
  // Services, providers, slots and appointments
  SERVICE_HAS_BOOKINGS: 409,
  PROVIDER_HAS_BOOKINGS: 409,
  SERVICE_NOT_BOOKABLE: 409,
  PROVIDER_NOT_AVAILABLE: 409,
  SLOT_IN_PAST: 400,
  BOOKING_TOO_FAR_AHEAD: 400,
  SLOT_NOT_OFFERED: 409,
  SLOT_TAKEN: 409,
  SELF_BOOKING: 403,
  STATUS_CHANGE_NOT_ALLOWED: 409,
  // Deals, purchases and QR fulfilment
  ADDRESS_NOT_FOUND: 404,
  DEAL_NOT_ON_SALE: 409,
  DEAL_SOLD_OUT: 409,
  DEAL_CHANGED: 409,
  DEAL_LIMIT_REACHED: 409,
  SELF_PURCHASE: 403,
  IDEMPOTENCY_KEY_REUSED: 409,
  PAYMENT_FAILED: 402,
  QR_INVALID: 400,
  ALREADY_FULFILLED: 409,
  PURCHASE_REFUNDED: 409,
  REFUND_NOT_ALLOWED: 409,
  RATING_NOT_ALLOWED: 403,
  ALREADY_RATED: 409,
  RATING_NOT_FOUND: 404,
  // Activities and participation
  ACTIVITY_NOT_OPEN: 409,
  ALREADY_PARTICIPATING: 409,
  PARTICIPATION_CLOSED: 409,
  HOST_IS_MEMBER: 409,
  NOT_PARTICIPATING: 404,
  NOTHING_TO_DECIDE: 409,
  ACTIVITY_DEACTIVATED: 409,
  // Chat
  CHAT_REQUEST_EXISTS: 409,
  CHAT_REQUEST_CLOSED: 409,
  CHAT_REQUEST_DECIDED: 409,
  // Help & Support
  SUPPORT_REQUEST_CLOSED: 409,
  SUPPORT_REQUEST_NOT_CLOSED: 409,
} as const satisfies Record<string, 400 | 401 | 402 | 403 | 404 | 409 | 413 | 414 | 415 | 429 | 500 | 503>;

export type ErrorCode = keyof typeof errorStatuses;
export type ErrorStatus = (typeof errorStatuses)[ErrorCode];
export const errorCodes = Object.keys(errorStatuses) as ErrorCode[];

/** The common codes by a name, for code that reads better with one. */
export const ErrorCode = {
  validation: 'VALIDATION_FAILED',
  malformedJson: 'MALFORMED_JSON',
  notFound: 'NOT_FOUND',
  unauthenticated: 'UNAUTHENTICATED',
  tokenInvalid: 'TOKEN_INVALID',
  forbidden: 'FORBIDDEN',
  invalidCredentials: 'INVALID_CREDENTIALS',
  refreshInvalid: 'REFRESH_INVALID',
  refreshReused: 'REFRESH_REUSED',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  unavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL',
} as const satisfies Record<string, ErrorCode>;

/**
 * The one error shape every /api endpoint answers with on a 4xx or 5xx. `code` is one of errorCodes from this server;
 * it stays a string on the wire, so an older client reads a code added later as an unknown one, not as no error.
 */
export const ErrorResponse = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;
