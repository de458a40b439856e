import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, inject as provided, it } from 'vitest';
import type { PdfReply } from '../src/lib/pdf-worker.ts';
import { freshDatabaseUrl, migratedDataDir } from './helper.ts';
import { freePort, startServer, waitReady } from './processes.ts';

// Production runs the server compiled by scripts/server-build.mjs (esbuild, npm packages left external): one bundle
// for the server and one per worker thread. The run compiles it once (test/global-setup.ts) for every test that starts a
// server process, and the browser tests run against it too; this proves each part of it starts by itself, without tsx.
const outdir = path.dirname(provided('compiledServer'));
const cleanups: Array<() => void> = [];

afterAll(() => {
  for (const c of cleanups.splice(0)) c();
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
    const port = String(await freePort());
    const env = { DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}), SEED_DEMO: 'false', PORT: port, HOST: '127.0.0.1' };
    const server = startServer(env, cleanups);
    await waitReady(server, 45_000);

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
