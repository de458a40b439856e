import { ErrorCode, errorStatuses, type ErrorStatus } from '@localloop/contract';

/**
 * A failure the client can act on. Services throw it naming a code of the contract's catalogue; the status comes from
 * that catalogue (one code, one status), and the error handler turns it into the one JSON shape.
 */
export class AppError extends Error {
  readonly status: ErrorStatus;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Seconds after which trying again makes sense: sent as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = errorStatuses[code];
  }

  static notFound(what = 'That'): AppError {
    return new AppError(ErrorCode.notFound, `${what} was not found.`);
  }

  static unauthenticated(message = 'Please log in to continue.'): AppError {
    return new AppError(ErrorCode.unauthenticated, message);
  }

  static forbidden(message = 'You are not allowed to do that.'): AppError {
    return new AppError(ErrorCode.forbidden, message);
  }
}
