import { ErrorCode } from '@localloop/contract';

type Status = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

/** A failure the client can act on. Services throw it; the error handler turns it into the one JSON shape. */
export class AppError extends Error {
  constructor(
    readonly status: Status,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** Seconds after which trying again makes sense: sent as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static notFound(what = 'That'): AppError {
    return new AppError(404, ErrorCode.notFound, `${what} was not found.`);
  }

  static unauthenticated(message = 'Please log in to continue.'): AppError {
    return new AppError(401, ErrorCode.unauthenticated, message);
  }

  static forbidden(message = 'You are not allowed to do that.'): AppError {
    return new AppError(403, ErrorCode.forbidden, message);
  }
}
