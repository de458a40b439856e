// Compiles apps/server to plain JavaScript for production (`npm start`, the browser tests, the benches), when its
// sources changed since the last build. Running the TypeScript through tsx costs the transform in every process and
// thread (about 75 MB of RSS and a second of cold start, measured in issue 16); the tests and `npm run dev` still run
// the sources.
//
// esbuild bundles our own code (the server and the contract package) into apps/server/dist — main.js and one file per
// worker thread — and leaves every npm package external, loaded from node_modules as before. The migrations are
// copied beside main.js, where db/client.ts looks for them.
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { fingerprint, root } from './web-build.mjs';

const server = path.join(root, 'apps/server');
const dist = path.join(server, 'dist');
const stampFile = path.join(dist, '.build-stamp');
const inputs = ['apps/server/src', 'packages/contract/src', 'package-lock.json'];
/** The compiled server; run it with apps/server as the working directory. Stack traces name the bundle's lines
 * (not minified, so function names stay); NODE_OPTIONS=--enable-source-maps maps them to the sources, at a cost on
 * every error's stack. */
export const serverEntry = path.join(dist, 'main.js');

/** Compiles the server into `outdir` (under apps/server, so that its packages resolve from node_modules). */
export async function buildServer(outdir = dist) {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: {
      main: path.join(server, 'src/main.ts'),
      'gazetteer-worker': path.join(server, 'src/modules/geo/gazetteer-worker.ts'),
      'pdf-worker': path.join(server, 'src/lib/pdf-worker.ts'),
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        // npm packages stay in node_modules; only the workspace's own TypeScript (@localloop/*) is compiled in.
        name: 'packages-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@localloop/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
  cpSync(path.join(server, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
}

/** Returns true when it had to build. */
export async function buildServerIfStale({ force = false } = {}) {
  const current = fingerprint(inputs, []);
  if (!force && existsSync(serverEntry) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === current) return false;
  const started = Date.now();
  await buildServer();
  writeFileSync(stampFile, current);
  console.log(`Server compiled in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServerIfStale({ force: process.argv.includes('--force') });
