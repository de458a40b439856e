import { closeSync, createWriteStream, mkdirSync, openSync, writeSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import type { AppDeps } from '../src/app.ts';
import { logOptions } from '../src/lib/logging.ts';

/**
 * The suite's logs, kept for the log audit (scripts/log-audit.mjs): when LOG_CAPTURE_DIR is set (`npm test` sets it),
 * every app a test builds logs at trace level, through the server's own log options, into a file of this worker's in
 * that folder, and every server process a test starts adds what it printed. Otherwise tests stay silent.
 */
const dir = process.env.LOG_CAPTURE_DIR;
let fd: number | null = null;

function captureFile(): number {
  if (fd === null && dir) {
    mkdirSync(dir, { recursive: true });
    fd = openSync(path.join(dir, `server-tests-${process.pid}-${threadId}.ndjson`), 'a');
    process.once('exit', () => fd !== null && closeSync(fd));
  }
  return fd ?? -1;
}

/** The logger an app under test gets when its test asks for none: the capture's, or none. */
export function capturedLogger(): NonNullable<AppDeps['logger']> {
  if (!dir) return false;
  // Written at once (the worker may end at any moment): a few microseconds a line.
  return { level: 'trace', ...logOptions, stream: { write: (line: string) => void writeSync(captureFile(), line) } };
}

/** Where a server process's output goes as it comes, when the suite's logs are kept: a file of its own, ended with it. */
export function captureProcessOutput(label: string): WriteStream | null {
  if (!dir) return null;
  mkdirSync(dir, { recursive: true });
  return createWriteStream(path.join(dir, `${label}-${process.pid}-${threadId}-${Date.now().toString(36)}.log`), { flags: 'a' });
}
