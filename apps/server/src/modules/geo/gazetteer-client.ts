import { Worker } from 'node:worker_threads';
import type { Place } from '@localloop/contract';
import type { Gazetteer } from './gazetteer.ts';
import type { GazetteerReply, GazetteerRequest } from './gazetteer-worker.ts';
import { workerEntry } from '../../lib/worker-entry.ts';

/** The world gazetteer on its own thread: the same queries as `Gazetteer`, answered asynchronously. */
export type GazetteerClient = {
  suggest(q: string, limit?: number): Promise<Place[]>;
  reverse(lat: number, lng: number): Promise<Place | null>;
  byId(id: string): Promise<Place | null>;
  /** Starts the thread building the index now rather than on the first query. */
  warm(): void;
  /** Ends the thread; calls still waiting, and any later call, reject. */
  close(): Promise<void>;
  /** Test hook: kills the thread with an uncaught error; the returned call rejects with it. */
  crashForTests(): Promise<never>;
};

export type GazetteerClientOptions = {
  /** Told once per thread, when its index is built. */
  onReady?: (index: { size: number; buildMs: number; heapMb: number }) => void;
  /** Told when the thread dies; the calls it had are rejected with the same error and the next call starts a new one. */
  onError?: (err: Error) => void;
};

type Method = GazetteerRequest['method'];
type Waiting = { resolve: (value: unknown) => void; reject: (err: Error) => void };

const { entry, module: workerModule } = workerEntry(import.meta.url, './gazetteer-worker.ts', 'gazetteer-worker');

export function createGazetteerClient(options: GazetteerClientOptions = {}): GazetteerClient {
  let worker: Worker | null = null;
  let closed = false;
  let nextId = 1;
  const waiting = new Map<number, Waiting>();

  function rejectAll(err: Error) {
    const calls = [...waiting.values()];
    waiting.clear();
    for (const call of calls) call.reject(err);
  }

  function start(): Worker {
    if (worker) return worker;
    const thread = new Worker(entry, { workerData: { entry: workerModule }, name: 'gazetteer' });
    thread.on('message', (reply: GazetteerReply) => {
      if (reply.type === 'ready') return options.onReady?.({ size: reply.size, buildMs: reply.buildMs, heapMb: reply.heapMb });
      const call = waiting.get(reply.id);
      if (!call) return;
      waiting.delete(reply.id);
      if (waiting.size === 0) thread.unref();
      if (reply.type === 'result') call.resolve(reply.value);
      else call.reject(new Error(reply.message));
    });
    // Only the current thread's end matters: after an error, its 'exit' follows when a new thread may already run.
    const ended = (err: Error) => {
      if (worker !== thread) return;
      worker = null;
      rejectAll(err);
    };
    thread.on('error', (err) => {
      if (worker === thread) options.onError?.(err);
      ended(err);
    });
    thread.on('exit', (code) => ended(new Error(`The gazetteer worker stopped (exit code ${code}).`)));
    // The thread keeps the process alive only while a call waits for it (see call()), never for a warm-up.
    // After the 'message' listener: adding one re-refs the worker's port (nodejs/node#53036).
    thread.unref();
    worker = thread;
    return thread;
  }

  function call(method: Method, args: GazetteerRequest['args']): Promise<unknown> {
    if (closed) return Promise.reject(new Error('The gazetteer is closed.'));
    const thread = start();
    const id = nextId++;
    return new Promise((resolve, reject) => {
      if (waiting.size === 0) thread.ref();
      waiting.set(id, { resolve, reject });
      thread.postMessage({ id, method, args } as GazetteerRequest);
    });
  }

  return {
    suggest: (q, limit) => call('suggest', [q, limit] satisfies Parameters<Gazetteer['suggest']>) as Promise<Place[]>,
    reverse: (lat, lng) => call('reverse', [lat, lng] satisfies Parameters<Gazetteer['reverse']>) as Promise<Place | null>,
    byId: (id) => call('byId', [id] satisfies Parameters<Gazetteer['byId']>) as Promise<Place | null>,
    warm() {
      if (!closed) start();
    },
    async close() {
      closed = true;
      const thread = worker;
      worker = null;
      rejectAll(new Error('The gazetteer is closed.'));
      if (thread) await thread.terminate();
    },
    crashForTests: () => call('crash', []) as Promise<never>,
  };
}
