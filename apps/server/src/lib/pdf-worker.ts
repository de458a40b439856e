/**
 * The PDF parser's own thread (started by pdf-check.ts): pdf-lib loads one untrusted PDF at a time here, where a
 * parse that runs too long can be stopped by ending the thread and one that needs too much heap ends only the thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { deflateSync } from 'node:zlib';
import { decodePDFRawStream, ParseSpeeds, PDFContext, PDFDocument, PDFRawStream } from 'pdf-lib';

export type PdfRequest = { id: number; bytes: Uint8Array };
export type PdfReply =
  | { type: 'ready' }
  | { type: 'pages'; id: number; pages: number }
  | { type: 'refused'; id: number; reason: 'invalid' | 'too-complex' };
export type PdfWorkerData = { entry: string; maxDecodedBytes: number };

const { maxDecodedBytes } = workerData as PdfWorkerData;

class DecodeBudgetExceeded extends Error {
  override name = 'DecodeBudgetExceeded';
}

// pdf-lib inflates object streams and cross-reference streams while it loads, each into a buffer grown through
// DecodeStream.ensureBuffer, and those buffers live outside the heap a worker's resourceLimits cap: a few hundred KB of
// deflated zeros would become gigabytes in this process. Every decoder (Flate, LZW, ASCII85, RunLength) grows through
// this one method, so the budget here bounds them all, however the PDF names or hides its streams.
// The class is not exported; it is reached through a decoder made by the same pdf-lib instance that loads documents
// (a deep require could load a second copy under tsx and patch nothing).
type Growable = { buffer: Uint8Array; ensureBuffer(requested: number): Uint8Array };
const probe = decodePDFRawStream(PDFRawStream.of(PDFContext.create().obj({ Filter: 'FlateDecode' }), deflateSync(Buffer.alloc(1))));
const decodeStream = Object.getPrototypeOf(Object.getPrototypeOf(probe)) as Growable;
if (!Object.hasOwn(decodeStream, 'ensureBuffer')) throw new Error('pdf-lib no longer grows decoded streams through DecodeStream.ensureBuffer');
const ensureBuffer = decodeStream.ensureBuffer;
/** Capacity of every decoding buffer of the current parse, and whether one was refused. */
let decoded = 0;
let overBudget = false;
decodeStream.ensureBuffer = function (this: Growable, requested: number) {
  const before = this.buffer.byteLength;
  if (requested <= before) return ensureBuffer.call(this, requested);
  // The buffer is replaced by one of at least `requested` bytes: refused before it is allocated.
  if (decoded - before + requested > maxDecodedBytes) {
    overBudget = true;
    throw new DecodeBudgetExceeded();
  }
  const grown = ensureBuffer.call(this, requested);
  decoded += grown.byteLength - before;
  return grown;
};

// pdf-lib warns on the console about every malformed object it skips; for untrusted uploads that is noise (and a way
// to flood the server's log), and the verdict below says all that matters.
console.warn = () => undefined;
console.log = () => undefined;

const port = parentPort;
if (!port) throw new Error('pdf-worker.ts runs as a worker thread');

port.on('message', async ({ id, bytes }: PdfRequest) => {
  decoded = 0;
  overBudget = false;
  let reply: PdfReply;
  try {
    // Fastest: no yielding to the event loop between objects; nothing else runs on this thread.
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true, parseSpeed: ParseSpeeds.Fastest });
    reply = { type: 'pages', id, pages: pdf.getPageCount() };
  } catch {
    reply = { type: 'refused', id, reason: 'invalid' };
  }
  // pdf-lib skips an object it cannot parse and goes on, so the budget is judged here, not by the error it threw.
  if (overBudget) reply = { type: 'refused', id, reason: 'too-complex' };
  port.postMessage(reply);
});
port.postMessage({ type: 'ready' } satisfies PdfReply);
