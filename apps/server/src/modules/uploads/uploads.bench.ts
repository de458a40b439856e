/**
 * What a burst of hostile uploads costs: `npx tsx apps/server/src/modules/uploads/uploads.bench.ts` (run by `npm run
 * bench`). The real app on an in-memory PGlite, called through app.inject:
 *   1. six parallel requests, from six accounts, of ten PNGs of 300 KB that decode to 100 MP each (the reported attack);
 *   2. the same with ten 39 MP JPEGs, just under the cap: the work the queue admits, and what it refuses;
 *   3. KYC documents: a 10 MB PDF of 400,000 objects, and 1 MB of PDF whose object stream inflates to 1 GB.
 * For each: the answers, wall time, CPU time of the process (all threads), and its RSS before and at the peak.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openPglite } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { checkDocument } from '../vendors/documents.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'localloop-uploads-bench-'));
const database = await openPglite({ memory: true });
await database.migrate();
const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), jwtSecret: 'bench-secret-that-is-long-enough-for-hs256' };
const app = await buildApp({ config, database, logger: false });
await app.ready();

const password = 'bench-password-1';
const passwordHash = await hashPassword(password);
async function account(i: number): Promise<string> {
  const email = `bench${i}@example.test`;
  await database.db.insert(users).values({ email, phoneNumber: `+1555000${String(1000 + i)}`, username: `bench_${i}`, passwordHash });
  const res = await app.inject({ method: 'POST', url: '/api/login/v2/', payload: { email, password } });
  return res.json().access;
}
const tokens = await Promise.all(Array.from({ length: 6 }, (_, i) => account(i)));

async function measure<T>(work: () => Promise<T>) {
  const rssBefore = process.memoryUsage.rss();
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await work();
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  clearInterval(sampler);
  // Both ends of RSS: memory freed by an earlier part is often kept by the allocator, so a difference alone misleads.
  const figures = `${(wall / 1000).toFixed(2)} s wall, ${((used.user + used.system) / 1e6).toFixed(2)} s CPU, RSS ${Math.round(rssBefore / 1e6)} MB → peak ${Math.round(peak / 1e6)} MB`;
  return { result, figures };
}

async function burst(name: string, bytes: Buffer, type: string) {
  const form = () => {
    const body = new FormData();
    for (let i = 0; i < 10; i++) body.append('images', new Blob([new Uint8Array(bytes)], { type }), `${name}-${i}`);
    return new Request('http://localhost/', { method: 'POST', body });
  };
  const bodies = await Promise.all(
    tokens.map(async () => {
      const request = form();
      return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' };
    }),
  );
  const { result, figures } = await measure(() =>
    Promise.all(
      bodies.map((body, i) =>
        app.inject({ method: 'POST', url: '/api/UploadImagesAPI/', payload: body.payload, headers: { 'content-type': body.contentType, authorization: `Bearer ${tokens[i]}` } }),
      ),
    ),
  );
  const answers = new Map<string, number>();
  for (const res of result) {
    const key = `${res.statusCode} ${res.statusCode === 201 ? '' : res.json().code}`.trim();
    answers.set(key, (answers.get(key) ?? 0) + 1);
  }
  return `${[...answers].map(([k, n]) => `${n} × ${k}`).join(', ')}; ${figures}`;
}

const flat = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: { r: 200, g: 30, b: 90 } } }).png({ compressionLevel: 9 }).toBuffer();
console.log(`6 × 10 PNGs of ${Math.round(flat.length / 1000)} KB decoding to 100 MP: ${await burst('poster.png', flat, 'image/png')}`);

const [width, height] = [7200, 5400];
const raw = Buffer.alloc(width * height * 3);
// Gradients with fine texture: compresses like a photo, not like a flat colour.
for (let y = 0, i = 0; y < height; y++) {
  for (let x = 0; x < width; x++, i += 3) {
    raw[i] = (x * 255) / width;
    raw[i + 1] = (y * 255) / height;
    raw[i + 2] = ((x ^ y) & 63) + ((x * y) % 17);
  }
}
const photo = await sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
console.log(
  `6 × 10 JPEGs of ${(photo.length / 1e6).toFixed(1)} MB, 39 MP each (queue: ${config.uploads.concurrency} at a time, ${config.uploads.queueLimit} waiting): ${await burst('photo.jpg', photo, 'image/jpeg')}`,
);

const pdfHead = '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\n';
const pdfTail = 'trailer<</Root 1 0 R>>\n%%EOF\n';
const manyObjects = Buffer.from(pdfHead + Array.from({ length: 400_000 }, (_, i) => `${i + 4} 0 obj 0 endobj\n`).join('') + pdfTail, 'latin1');
const zeros = deflateSync(Buffer.alloc(1024 ** 3));
const bomb = Buffer.concat([Buffer.from(`${pdfHead}4 0 obj<</Type/ObjStm/N 1/First 4/Filter/FlateDecode/Length ${zeros.length}>>stream\n`, 'latin1'), zeros, Buffer.from(`\nendstream\nendobj\n${pdfTail}`, 'latin1')]);

async function document(label: string, bytes: Buffer) {
  const { result, figures } = await measure(() => checkDocument(bytes).then((type) => `accepted as ${type.contentType}`, (err: Error & { code?: string }) => `refused: ${err.code}`));
  console.log(`KYC document, ${label} (${(bytes.length / 1e6).toFixed(1)} MB): ${result}; ${figures}`);
}
await document('a small PDF, first use (starts the parser thread)', Buffer.from(pdfHead + pdfTail, 'latin1'));
await document('a PDF of 400,000 objects', manyObjects);
await document('a PDF whose object stream inflates to 1 GB', bomb);

await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
