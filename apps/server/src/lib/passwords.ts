import { availableParallelism } from 'node:os';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import pLimit from 'p-limit';
import { ErrorCode } from '@localloop/contract';
import { AppError } from './errors.ts';

// OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane. Hashes are in the standard PHC format.
// Algorithm is a const enum, which isolated modules cannot read: 2 is its Argon2id.
const options = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Password hashing is CPU work on libuv's thread pool (4 threads), which file access, DNS and compression share. A
 * burst of log-ins must not take all of it, nor every core: at most one hash per core runs at a time, the rest wait in
 * line. Past MAX_WAITING in line the server is overloaded and says so (503, try again shortly) instead of queuing
 * for minutes.
 */
const HASHING_CONCURRENCY = Math.max(1, Math.min(availableParallelism(), 3));
export const MAX_WAITING = 2000;
const queue = pLimit(HASHING_CONCURRENCY);

function queued<T>(work: () => Promise<T>): Promise<T> {
  if (queue.pendingCount >= MAX_WAITING) {
    return Promise.reject(new AppError(ErrorCode.unavailable, 'Too many people are signing in right now. Please try again in a few seconds.', undefined, 5));
  }
  return queue(work);
}

/** How many password checks run and wait right now (for tests and diagnostics). */
export function hashingLoad(): { active: number; waiting: number; concurrency: number } {
  return { active: queue.activeCount, waiting: queue.pendingCount, concurrency: HASHING_CONCURRENCY };
}

export function hashPassword(password: string): Promise<string> {
  return queued(() => hash(password, options));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await queued(() => verify(passwordHash, password));
  } catch (error) {
    if (error instanceof AppError) throw error;
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Spends the same time as a real check, so a wrong e-mail and a wrong password look alike. The hash it checks against is
 * made once, outside the queue (a full queue must not leave a failed one behind for every later unknown address).
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hash('no-such-account-placeholder', options).catch((error: unknown) => {
    dummyHash = undefined;
    throw error;
  });
  await verifyPassword(await dummyHash, password);
  return false;
}
