import { z } from 'zod';

/** The one error shape every /api endpoint answers with on a 4xx or 5xx. */
export const ErrorResponse = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

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
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
