// A worker thread's first module: imports the TypeScript module named by `workerData.entry` through tsx.
// Node does not load a .ts worker by itself, and on Node 20 the `--import tsx` the server runs with registers tsx in
// the main thread only, so the worker asks for it here. `tsImport` is scoped to this import and what it imports,
// so it works the same under `tsx`, `node --import tsx` and Vitest, whether or not tsx is registered already.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
