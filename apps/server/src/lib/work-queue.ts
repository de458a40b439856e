import pLimit from 'p-limit';
import { ErrorCode } from '@localloop/contract';
import { AppError } from './errors.ts';

/** A refusal that passes with time: the error handler answers it with `Retry-After`. */
export class RetryLaterError extends AppError {
  constructor(code: ErrorCode, message: string, retryAfterSeconds: number, fields?: Record<string, string>) {
    super(code, message, fields, retryAfterSeconds);
    this.name = 'RetryLaterError';
  }
}

/**
 * CPU-heavy jobs (decoding images, parsing PDFs) run `concurrency` at a time; at most `queueLimit` more may wait.
 * A burst beyond that is refused at once with 503 instead of piling up memory and minutes of work.
 */
export type WorkQueue = {
  /** Runs the jobs side by side with everyone else's. All of them are admitted, or (503) none. */
  runAll<T>(jobs: (() => Promise<T>)[]): Promise<T[]>;
  /** Throws the 503 now when not one more job could be admitted: lets a caller refuse before reading a request body. */
  assertRoom(): void;
  readonly running: number;
  readonly waiting: number;
};

export type WorkQueueOptions = {
  concurrency: number;
  queueLimit: number;
  /** What the 503 says, in words for the person who sent the work. */
  busyMessage: string;
  retryAfterSeconds: number;
};

export function createWorkQueue(options: WorkQueueOptions): WorkQueue {
  const limit = pLimit(options.concurrency);
  const capacity = options.concurrency + options.queueLimit;
  // Counted here, not read from p-limit: its counts move a microtask after a call, and admission must be exact.
  let admitted = 0;
  const busy = () => new RetryLaterError(ErrorCode.unavailable, options.busyMessage, options.retryAfterSeconds);

  return {
    async runAll<T>(jobs: (() => Promise<T>)[]): Promise<T[]> {
      if (admitted + jobs.length > capacity) throw busy();
      admitted += jobs.length;
      return Promise.all(
        jobs.map((job) =>
          limit(async () => {
            try {
              return await job();
            } finally {
              admitted -= 1;
            }
          }),
        ),
      );
    },
    assertRoom() {
      if (admitted >= capacity) throw busy();
    },
    get running() {
      return limit.activeCount;
    },
    get waiting() {
      return limit.pendingCount;
    },
  };
}

/**
 * At most `perAccount` requests of one account at a time in this process, so that one account cannot fill the whole
 * queue with its own burst while everyone else's upload is refused.
 */
export function createAccountGate(perAccount: number, message: string) {
  const inFlight = new Map<string, number>();
  return {
    /** Takes a place for the account, or throws 429; the returned function gives it back. */
    enter(accountId: string): () => void {
      const held = inFlight.get(accountId) ?? 0;
      if (held >= perAccount) throw new RetryLaterError('UPLOADS_IN_PROGRESS', message, 5);
      inFlight.set(accountId, held + 1);
      let left = false;
      return () => {
        if (left) return;
        left = true;
        const now = (inFlight.get(accountId) ?? 1) - 1;
        if (now > 0) inFlight.set(accountId, now);
        else inFlight.delete(accountId);
      };
    },
  };
}
