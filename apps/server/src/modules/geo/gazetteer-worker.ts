import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort } from 'node:worker_threads';
import type { Place } from '@localloop/contract';
import { gazetteer, type Gazetteer } from './gazetteer.ts';

/**
 * The gazetteer's thread: builds the world index (seconds of CPU) away from the server's event loop, then answers
 * one message per query. Started by gazetteer-client.ts; messages sent while it builds wait in its port.
 */

export type GazetteerRequest =
  | { id: number; method: 'suggest'; args: Parameters<Gazetteer['suggest']> }
  | { id: number; method: 'reverse'; args: Parameters<Gazetteer['reverse']> }
  | { id: number; method: 'byId'; args: Parameters<Gazetteer['byId']> }
  /** Test hook: the thread dies of an uncaught error, as it would of a bug. */
  | { id: number; method: 'crash'; args: [] };

export type GazetteerReply =
  /** heapMb: this thread's heap in use once the index is built and its garbage collected. */
  | { type: 'ready'; size: number; buildMs: number; heapMb: number }
  | { type: 'result'; id: number; value: Place[] | Place | null }
  | { type: 'error'; id: number; message: string };

const port = parentPort;
if (!port) throw new Error('gazetteer-worker.ts runs in a worker thread; use createGazetteerClient().');

const started = performance.now();
const places = gazetteer();
const buildMs = Math.round(performance.now() - started);
collectBuildGarbage();
const send = (reply: GazetteerReply) => port.postMessage(reply);
send({ type: 'ready', size: places.size, buildMs, heapMb: Math.round(getHeapStatistics().used_heap_size / 1e6) });

/**
 * Building the index leaves some 240 MB of garbage (what it was built from) in this thread's heap, and a thread that
 * then waits for queries allocates too little for V8 to collect soon. Three full collections now, before the first
 * answer: the first frees the garbage, the next two give back the pages it leaves committed (251 -> 14 MB used, 283 ->
 * 48 MB committed, in about 45 ms of this thread). The index itself is typed arrays and joined strings (gazetteer.ts),
 * some 14 MB of heap and 17 MB outside it: a full collection of this heap takes ~10 ms, so the memory reducer's own
 * collections some 16 s after start cost ~25 ms of a core (300 ms when each place was ten heap objects). `gc` is V8's
 * own, exposed only to a context made for it (V8 installs it in contexts created once the flag is set), not to this
 * thread's code.
 */
function collectBuildGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  // The flag is the process's: contexts and threads made later get no `gc`.
  setFlagsFromString('--no-expose-gc');
  for (let i = 0; i < 3; i += 1) gc();
}

function answer(request: GazetteerRequest): Place[] | Place | null {
  switch (request.method) {
    case 'suggest':
      return places.suggest(...request.args);
    case 'reverse':
      return places.reverse(...request.args);
    case 'byId':
      return places.byId(...request.args);
    case 'crash':
      return null;
  }
}

port.on('message', (request: GazetteerRequest) => {
  // Thrown outside the try, so it is uncaught and ends the thread.
  if (request.method === 'crash') throw new Error('The gazetteer worker was told to crash.');
  try {
    send({ type: 'result', id: request.id, value: answer(request) });
  } catch (err) {
    send({ type: 'error', id: request.id, message: err instanceof Error ? err.message : String(err) });
  }
});
