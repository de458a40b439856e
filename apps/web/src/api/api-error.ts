/**
 * Every failed call surfaces as this: the server's {error, code, fields} plus the HTTP status. Its own module, free of
 * the contract's schemas, so the shell can tell API errors apart without loading them (client.ts re-exports it).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export const networkErrorCode = 'NETWORK_ERROR';
export const badResponseCode = 'BAD_RESPONSE';
