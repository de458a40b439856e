/**
 * The PDF parser's own thread (started by pdf-check.ts): pdf-lib loads one untrusted PDF at a time here, where a
 * parse that runs too long can be stopped by ending the thread and one that needs too much heap ends only the thread.
 */
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { ParseSpeeds, PDFDocument } from 'pdf-lib';

export type PdfRequest = { id: number; bytes: Uint8Array };
export type PdfReply =
  | { type: 'ready' }
  | { type: 'pages'; id: number; pages: number }
  | { type: 'refused'; id: number; reason: 'invalid' | 'too-complex' };
export type PdfWorkerData = { entry: string; maxDecodedBytes: number };

const { maxDecodedBytes } = workerData as PdfWorkerData;

class DecodeBudgetExceeded extends Error {}

// pdf-lib inflates object streams and cross-reference streams while it loads, each into a buffer grown through
// DecodeStream.ensureBuffer, and those buffers live outside the heap a worker's resourceLimits cap: a few MB of deflated
// zeros would become gigabytes in this process. Every decoder (Flate, LZW, ASCII85, RunLength) grows through this one
// method, so the budget here bounds them all, however the PDF names or hides its streams.
type Growable = { buffer: Uint8Array; ensureBuffer(requested: number): Uint8Array };
const require = createRequire(import.meta.url);
const { default: DecodeStream } = require('pdf-lib/cjs/core/streams/DecodeStream') as { default: { prototype: Growable } };
const ensureBuffer = DecodeStream.prototype.ensureBuffer;
let decoded = 0;
DecodeStream.prototype.ensureBuffer = function (this: Growable, requested: number) {
  if (requested > this.buffer.byteLength) {
    decoded += requested - this.buffer.byteLength;
    if (decoded > maxDecodedBytes) throw new DecodeBudgetExceeded();
  }
  return ensureBuffer.call(this, requested);
};

// pdf-lib warns on the console about every malformed object it skips; for untrusted uploads that is noise (and a way
// to flood the server's log), and the verdict below says all that matters.
console.warn = () => undefined;
console.log = () => undefined;

const port = parentPort;
if (!port) throw new Error('pdf-worker.ts runs as a worker thread');

port.on('message', async ({ id, bytes }: PdfRequest) => {
  decoded = 0;
  let reply: PdfReply;
  try {
    // Fastest: no yielding to the event loop between objects; nothing else runs on this thread.
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true, parseSpeed: ParseSpeeds.Fastest });
    reply = { type: 'pages', id, pages: pdf.getPageCount() };
  } catch {
    reply = { type: 'refused', id, reason: 'invalid' };
  }
  // pdf-lib skips an object it cannot parse and goes on, so the budget is judged here, not by the error it threw.
  if (decoded > maxDecodedBytes) reply = { type: 'refused', id, reason: 'too-complex' };
  port.postMessage(reply);
});
port.postMessage({ type: 'ready' } satisfies PdfReply);
