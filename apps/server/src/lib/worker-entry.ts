/**
 * Where a worker thread starts. Run from the sources (tests, `npm run dev`), a worker is a TypeScript module that
 * ts-worker-entry.mjs loads through tsx; run compiled (scripts/server-build.mjs), each worker is its own bundle beside
 * main.js and starts by itself.
 *
 * `caller` is the import.meta.url of the module that starts the thread, `source` the worker's path from there, and
 * `bundle` the name the build gives it.
 */
export function workerEntry(caller: string, source: string, bundle: string): { entry: URL; module: string } {
  const module = new URL(source, caller).href;
  if (caller.endsWith('.ts')) return { entry: new URL('./ts-worker-entry.mjs', import.meta.url), module };
  return { entry: new URL(`./${bundle}.js`, caller), module };
}
