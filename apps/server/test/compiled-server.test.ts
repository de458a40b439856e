import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PdfReply } from '../src/lib/pdf-worker.ts';
import { freshDatabaseUrl, migratedDataDir } from './helper.ts';
import { startServer, waitFor } from './processes.ts';

// Production runs the server compiled by scripts/server-build.mjs (esbuild, npm packages left external): one bundle
// for the server and one per worker thread. The browser tests run against it too; this proves each part starts by
// itself, without tsx, which the rest of the suite always has.
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Under apps/server, so that the bundle's packages resolve from node_modules as they do from dist/.
const outdir = path.join(serverDir, `.compiled-test-${process.pid}`);
const cleanups: Array<() => void> = [];

beforeAll(() => {
  const script = `import(${JSON.stringify(path.join(serverDir, '../../scripts/server-build.mjs'))}).then((m) => m.buildServer(${JSON.stringify(outdir)}))`;
  const built = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
}, 60_000);

afterAll(() => {
  for (const c of cleanups.splice(0)) c();
  rmSync(outdir, { recursive: true, force: true });
});

function reply(worker: Worker, wanted: (r: PdfReply) => boolean): Promise<PdfReply> {
  return new Promise((resolve, reject) => {
    worker.on('message', (r: PdfReply) => wanted(r) && resolve(r));
    worker.once('error', reject);
  });
}

describe('the compiled server', () => {
  it('starts on an existing database, answers, and finds places in its gazetteer thread', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'localloop-compiled-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const url = await freshDatabaseUrl();
    if (!url) await migratedDataDir(dataDir);
    const port = String(33000 + Math.floor(Math.random() * 2000));
    const env = { DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}), SEED_DEMO: 'false', PORT: port, HOST: '127.0.0.1' };
    const server = startServer(env, cleanups, [path.join(outdir, 'main.js')]);
    await waitFor(() => server.output().includes('LocalLoop is ready'), 45_000);

    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    const places = await fetch(`http://127.0.0.1:${port}/api/geo/suggest/?q=Brookl`);
    expect(places.status).toBe(200);
    expect(((await places.json()) as Array<{ city: string }>)[0]?.city).toBe('Brooklyn');
    expect(server.output()).not.toMatch(/"level":(50|60)/);
  }, 60_000);

  it('counts the pages of a PDF in its own PDF thread', async () => {
    const document = await PDFDocument.create();
    document.addPage();
    document.addPage();
    const bytes = await document.save();
    const worker = new Worker(path.join(outdir, 'pdf-worker.js'), { workerData: { entry: '', maxDecodedBytes: 10_000_000 } });
    cleanups.push(() => void worker.terminate());
    await reply(worker, (r) => r.type === 'ready');
    const answer = reply(worker, (r) => r.type !== 'ready');
    worker.postMessage({ id: 1, bytes });
    expect(await answer).toEqual({ type: 'pages', id: 1, pages: 2 });
  }, 30_000);
});
