import { Worker } from 'node:worker_threads';
import type { PdfReply, PdfRequest, PdfWorkerData } from './pdf-worker.ts';
import { createWorkQueue } from './work-queue.ts';
import { workerEntry } from './worker-entry.ts';

/**
 * Whether untrusted bytes are a PDF with pages, at a bounded cost: a cheap count of its objects first (pdf-lib's work
 * grows with them: 400,000 took 9-10 s), then a full parse on a thread of its own, stopped after `timeoutMs`, with a
 * capped heap and a cap on what its streams may inflate to.
 */
export type PdfVerdict =
  | { ok: true; pages: number }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'too-many-objects' }
  | { ok: false; reason: 'too-complex' };

export type PdfLimits = {
  /** Indirect objects, counting those packed in object streams. Real scans and forms have tens to a few thousand. */
  maxObjects: number;
  /** Wall time of one parse; a parse of `maxObjects` simple objects takes about a second on a busy core. */
  timeoutMs: number;
  /** V8 heap of the parser's thread. */
  maxHeapMb: number;
  /** Bytes that object and cross-reference streams may inflate to, all together, in one parse. */
  maxDecodedBytes: number;
  /** PDFs that may wait while one is parsed; beyond, 503. */
  queueLimit: number;
};

export const defaultPdfLimits: PdfLimits = {
  maxObjects: 25_000,
  timeoutMs: 5_000,
  maxHeapMb: 256,
  maxDecodedBytes: 64 * 1024 * 1024,
  queueLimit: 8,
};

export type PdfChecker = {
  check(bytes: Buffer): Promise<PdfVerdict>;
  /** Ends the parser's thread; a later check starts a new one. */
  close(): Promise<void>;
};

const { entry, module: workerModule } = workerEntry(import.meta.url, './pdf-worker.ts', 'pdf-worker');

export function createPdfChecker(limits: PdfLimits = defaultPdfLimits): PdfChecker {
  // One parse at a time: documents are rare, and a second core stays free for everything else the server does.
  const queue = createWorkQueue({
    concurrency: 1,
    queueLimit: limits.queueLimit,
    busyMessage: 'Many documents are being checked right now. Please try again in a minute.',
    retryAfterSeconds: 30,
  });
  let thread: { worker: Worker; ready: Promise<void> } | null = null;
  let nextId = 1;

  function start() {
    if (thread) return thread;
    const data: PdfWorkerData = { entry: workerModule, maxDecodedBytes: limits.maxDecodedBytes };
    const worker = new Worker(entry, { workerData: data, name: 'pdf-check', resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb } });
    const ready = new Promise<void>((resolve, reject) => {
      const onReady = (reply: PdfReply) => {
        if (reply.type !== 'ready') return;
        worker.off('message', onReady);
        resolve();
      };
      worker.on('message', onReady);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`The PDF checker stopped while starting (exit code ${code}).`)));
    });
    worker.once('exit', () => forget(worker));
    // It keeps the process alive only while a check waits for it (see parse()). After the listeners: adding one re-refs.
    worker.unref();
    thread = { worker, ready };
    return thread;
  }

  /** A thread that failed, was ended or is ending is not given another PDF: the next check starts a fresh one. */
  function forget(worker: Worker) {
    if (thread?.worker === worker) thread = null;
  }

  async function parse(bytes: Buffer): Promise<PdfVerdict> {
    const { worker, ready } = start();
    worker.ref();
    try {
      await ready;
      const id = nextId++;
      return await new Promise<PdfVerdict>((resolve, reject) => {
        const settle = (verdict: PdfVerdict | Error) => {
          clearTimeout(timer);
          worker.off('message', onReply);
          worker.off('error', onError);
          worker.off('exit', onExit);
          if (verdict instanceof Error) reject(verdict);
          else resolve(verdict);
        };
        const onReply = (reply: PdfReply) => {
          if (reply.type === 'ready' || reply.id !== id) return;
          settle(reply.type === 'pages' ? { ok: true, pages: reply.pages } : { ok: false, reason: reply.reason });
        };
        // Past its heap limit the thread ends with this code; the server itself is untouched.
        const onError = (err: Error & { code?: string }) => {
          forget(worker);
          settle(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? { ok: false, reason: 'too-complex' } : err);
        };
        const onExit = (code: number) => {
          forget(worker);
          settle(new Error(`The PDF checker stopped (exit code ${code}).`));
        };
        const timer = setTimeout(() => {
          forget(worker);
          settle({ ok: false, reason: 'too-complex' });
          // terminate() interrupts even a parse that never yields; the next check starts a new thread.
          void worker.terminate();
        }, limits.timeoutMs);
        worker.on('message', onReply);
        worker.on('error', onError);
        worker.on('exit', onExit);
        // A copy of its own, handed over whole: the caller's Buffer may be a view into a larger shared one.
        const copy = new Uint8Array(bytes);
        worker.postMessage({ id, bytes: copy } satisfies PdfRequest, [copy.buffer]);
      });
    } finally {
      worker.unref();
    }
  }

  return {
    async check(bytes) {
      // The count too waits its turn: tens of milliseconds of this thread per 10 MB, so a burst is refused, not scanned.
      const [verdict] = await queue.runAll([
        async (): Promise<PdfVerdict> => {
          const objects = countPdfObjects(bytes, limits.maxObjects);
          if (objects > limits.maxObjects) return { ok: false, reason: 'too-many-objects' };
          return parse(bytes);
        },
      ]);
      return verdict ?? { ok: false, reason: 'invalid' };
    },
    async close() {
      const current = thread;
      thread = null;
      await current?.worker.terminate();
    },
  };
}

let shared: PdfChecker | null = null;
/** The process's PDF checker, started on first use. */
export function checkPdf(bytes: Buffer): Promise<PdfVerdict> {
  shared ??= createPdfChecker();
  return shared.check(bytes);
}

const isWhitespace = (byte: number | undefined) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;
const isDigit = (byte: number | undefined) => byte !== undefined && byte >= 0x30 && byte <= 0x39;

/**
 * A fast upper estimate of the objects pdf-lib would parse: every `<number> <number> obj` written in the file, plus the
 * `/N` objects each object stream (`/Type /ObjStm`) declares. One linear pass with Buffer.indexOf (about 20 ms for
 * 10 MB), stopped as soon as the count passes `stopAbove`.
 */
export function countPdfObjects(bytes: Buffer, stopAbove = Number.POSITIVE_INFINITY): number {
  let objects = 0;
  for (let at = bytes.indexOf('obj'); at !== -1 && objects <= stopAbove; at = bytes.indexOf('obj', at + 3)) {
    // "endobj" has a letter before it; "12 0 obj" has whitespace, then a digit.
    let before = at - 1;
    if (!isWhitespace(bytes[before])) continue;
    while (before > 0 && isWhitespace(bytes[before])) before -= 1;
    if (isDigit(bytes[before])) objects += 1;
  }
  for (let at = bytes.indexOf('/ObjStm'); at !== -1 && objects <= stopAbove; at = bytes.indexOf('/ObjStm', at + 7)) {
    // "/N 123" is in the stream's dictionary, between its "<<" and the "stream" keyword: looked for within 512 bytes
    // either side, so that each "/ObjStm" costs a bounded amount and the whole scan stays linear.
    const from = Math.max(0, at - 512);
    const open = bytes.subarray(from, at).lastIndexOf('<<');
    const close = bytes.subarray(at, at + 512).indexOf('stream');
    const dictionary = bytes.toString('latin1', open === -1 ? from : from + open, close === -1 ? Math.min(bytes.length, at + 512) : at + close);
    objects += Math.max(1, Number(/\/N\s+(\d+)/.exec(dictionary)?.[1] ?? 1));
  }
  return objects;
}
