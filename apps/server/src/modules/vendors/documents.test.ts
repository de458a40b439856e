import { randomUUID } from 'node:crypto';
import { createDeflate } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentUploadLimits, endpoints, VendorDocument } from '@localloop/contract';
import { vendorDocuments } from '../../db/schema.ts';
import { createAccount, createTestApp, encoded, inject, login, type TestContext } from '../../../test/helper.ts';
import { countPdfObjects, createPdfChecker, defaultPdfLimits, type PdfChecker } from '../../lib/pdf-check.ts';
import { assertDocumentQuota, MAX_DOCUMENT_BYTES_PER_VENDOR } from './documents.ts';

/** A real multipart body: the document's kind, then the file. */
async function multipart(fileName: string, bytes: Buffer) {
  const form = new FormData();
  form.append('kind', 'identity');
  form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' };
}

const pdfHead =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
  '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\n';
const pdfTail = 'trailer<</Root 1 0 R>>\n%%EOF\n';

/** The reported file: a PDF of `count` tiny objects after its one page (400,000 make 8.8 MB). */
function manyObjectsPdf(count: number): Buffer {
  const objects = Array.from({ length: count }, (_, i) => `${i + 4} 0 obj 0 endobj\n`);
  return Buffer.from(pdfHead + objects.join('') + pdfTail, 'latin1');
}

/** Few objects, each a long array: slow to parse (seconds) and heavy on the heap (hundreds of MB), yet under 10 MB. */
function slowPdf(): Buffer {
  const array = `[${'7 '.repeat(1000)}]`;
  const objects = Array.from({ length: 4500 }, (_, i) => `${i + 4} 0 obj ${array} endobj\n`);
  return Buffer.from(pdfHead + objects.join('') + pdfTail, 'latin1');
}

/** A PDF with one object stream whose dictionary, and only it, says how many objects it packs. */
const objectStreamPdf = (dictionary: string, data: Buffer) =>
  Buffer.concat([Buffer.from(`${pdfHead}4 0 obj<<${dictionary}/Length ${data.length}>>stream\n`, 'latin1'), data, Buffer.from(`\nendstream\nendobj\n${pdfTail}`, 'latin1')]);

/** `megabytes` of zeros deflated: a few hundred kilobytes that inflate a thousandfold. */
async function deflatedZeros(megabytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < megabytes; i++) {
    if (!deflate.write(zeros)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return Buffer.concat(parts);
}

async function ordinaryPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < 3; i++) pdf.addPage([300, 300]).drawText(`Page ${i + 1}`, { x: 20, y: 100 });
  // Object streams on (pdf-lib's default), as most recent PDF writers do.
  return Buffer.from(await pdf.save({ useObjectStreams: true }));
}

describe('POST /api/vendor/me/documents/: what an untrusted document may cost', () => {
  let t: TestContext;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    const vendor = await createAccount(t.database, { vendor: { isApproved: false, kycStatus: 'not_submitted' } });
    token = (await login(t.app, vendor.email, vendor.password)).access;
  });
  afterAll(async () => {
    await t.close();
  });

  async function uploadDocument(fileName: string, bytes: Buffer) {
    return inject(t.app, endpoints.uploadVendorDocument, { access: token, body: encoded(await multipart(fileName, bytes)) });
  }

  it('refuses a 10 MB PDF of 400,000 objects with a 400 from counting them, before any parse', { timeout: 60_000 }, async () => {
    const pdf = manyObjectsPdf(400_000);
    expect(pdf.length).toBeLessThanOrEqual(documentUploadLimits.maxBytes);
    const res = await uploadDocument('statement.pdf', pdf);
    expect(res.statusCode).toBe(400);
    const message = 'This PDF has more than 25,000 objects, more than a document needs. Save or scan it again as a simpler PDF, or upload a photo of the document.';
    expect(res.error()).toEqual({ error: message, code: 'DOCUMENT_TOO_COMPLEX', fields: { file: message } });
  });

  it('counts the objects an object stream packs, however few bytes declare them', async () => {
    const res = await uploadDocument('packed.pdf', objectStreamPdf('/Type/ObjStm/N 1000000/First 10', Buffer.from('0 0 ')));
    expect(res.statusCode).toBe(400);
    expect(res.error().code).toBe('DOCUMENT_TOO_COMPLEX');
  });

  it('refuses a PDF whose object stream inflates from a few hundred kilobytes to 256 MB', { timeout: 60_000 }, async () => {
    const bomb = objectStreamPdf('/Type/ObjStm/N 1/First 4/Filter/FlateDecode', await deflatedZeros(256));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await uploadDocument('bomb.pdf', bomb);
    expect(res.statusCode).toBe(400);
    expect(res.error()).toMatchObject({ code: 'DOCUMENT_TOO_COMPLEX', error: 'This PDF is too complex to check. Save or scan it again as a simpler PDF, or upload a photo of the document.' });
  });

  it('still accepts an ordinary PDF written with object streams', async () => {
    const pdf = await ordinaryPdf();
    const res = await uploadDocument('licence.pdf', pdf);
    expect(res.statusCode).toBe(201);
    expect(VendorDocument.parse(res.json())).toMatchObject({ content_type: 'application/pdf', bytes: pdf.length });
  });

  it('names a file sent without a file name "document" (undici\'s FormData writes none for an empty name): a 500 before', async () => {
    const pdf = await ordinaryPdf();
    const res = await uploadDocument('', pdf);
    expect(res.statusCode).toBe(201);
    expect(VendorDocument.parse(res.json())).toMatchObject({ file_name: 'document.pdf', content_type: 'application/pdf' });
  });

  it('refuses an image document that decodes to 100 megapixels with a 400 naming the file field', async () => {
    const poster = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: 'white' } }).png({ compressionLevel: 9 }).toBuffer();
    const res = await uploadDocument('id-card.png', poster);
    expect(res.statusCode).toBe(400);
    const message = 'This image is too large: at most 40 megapixels (it has 100).';
    expect(res.error()).toEqual({ error: message, code: 'IMAGE_TOO_MANY_PIXELS', fields: { file: message } });
  });

  it('refuses formats sharp could read but documents do not take, without parsing them', async () => {
    const tiff = await sharp({ create: { width: 20, height: 20, channels: 3, background: 'white' } }).tiff().toBuffer();
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: 'white' } }).gif().toBuffer();
    for (const [name, bytes] of [['scan.tiff', tiff], ['scan.gif', gif]] as const) {
      const res = await uploadDocument(name, bytes);
      expect(res.statusCode, name).toBe(400);
      expect(res.error().code, name).toBe('DOCUMENT_INVALID');
    }
  });
});

describe('the PDF checker: a parse bounded in time and memory', () => {
  const checkers: PdfChecker[] = [];
  const checker = (limits: Partial<typeof defaultPdfLimits>) => {
    const made = createPdfChecker({ ...defaultPdfLimits, ...limits });
    checkers.push(made);
    return made;
  };
  afterAll(async () => {
    await Promise.all(checkers.map((c) => c.close()));
  });

  it('stops a parse that runs past its time limit, refuses the PDF, and checks the next one on a fresh thread', { timeout: 60_000 }, async () => {
    const pdfs = checker({ timeoutMs: 300, maxHeapMb: 4096 });
    const slow = slowPdf();
    expect(countPdfObjects(slow)).toBeLessThan(defaultPdfLimits.maxObjects);
    expect(await pdfs.check(slow)).toEqual({ ok: false, reason: 'too-complex' });
    expect(await pdfs.check(await ordinaryPdf())).toEqual({ ok: true, pages: 3 });
  });

  it('ends only its own thread when a parse needs more heap than allowed', { timeout: 60_000 }, async () => {
    const pdfs = checker({ timeoutMs: 60_000, maxHeapMb: 48 });
    expect(await pdfs.check(slowPdf())).toEqual({ ok: false, reason: 'too-complex' });
    expect(await pdfs.check(await ordinaryPdf())).toEqual({ ok: true, pages: 3 });
  });

  it('refuses with 503 the PDFs that would not fit in its queue', { timeout: 60_000 }, async () => {
    const pdfs = checker({ queueLimit: 1, timeoutMs: 20_000 });
    const pdf = await ordinaryPdf();
    const verdicts = await Promise.allSettled([pdfs.check(pdf), pdfs.check(pdf), pdfs.check(pdf)]);
    expect(verdicts.map((v) => v.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect(verdicts[2]).toMatchObject({ reason: { status: 503, code: 'SERVICE_UNAVAILABLE' } });
  });

  it('counts written objects and the objects object streams declare, not "endobj"', async () => {
    expect(countPdfObjects(manyObjectsPdf(10))).toBe(13);
    expect(countPdfObjects(objectStreamPdf('/Type /ObjStm /N 40 /First 10', Buffer.from('x')))).toBe(3 + 1 + 40);
    expect(countPdfObjects(Buffer.from('%PDF-1.4\nendobj endobj obj\n'))).toBe(0);
    expect(countPdfObjects(manyObjectsPdf(1000), 100)).toBeLessThanOrEqual(102);
  });
});

describe('the bytes of documents a vendor may keep', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function vendorHolding(...sizes: number[]) {
    const { vendorId } = await createAccount(t.database, { vendor: { isApproved: false, kycStatus: 'not_submitted' } });
    if (!vendorId) throw new Error('no vendor');
    for (const bytes of sizes) {
      const id = randomUUID();
      await t.database.db.insert(vendorDocuments).values({ id, vendorId, kind: 'identity', fileName: 'scan.pdf', contentType: 'application/pdf', bytes, storageKey: `documents/${vendorId}/${id}.pdf` });
    }
    return vendorId;
  }
  const mb = 1024 * 1024;
  const withQuota = (vendorId: string, bytes: number) => t.database.db.transaction((tx) => assertDocumentQuota(tx, vendorId, bytes));

  it('allows a document that fits in what is left, and refuses one that does not with 413 naming the file field', async () => {
    const vendorId = await vendorHolding(10 * mb, 10 * mb, 10 * mb, 10 * mb, 5 * mb);
    await expect(withQuota(vendorId, 5 * mb)).resolves.toBeUndefined();
    const refused = withQuota(vendorId, 6 * mb);
    await expect(refused).rejects.toMatchObject({
      status: 413,
      code: 'DOCUMENT_QUOTA_EXCEEDED',
      message: 'Your documents take up 45 MB of the 50 MB a business may keep, and this one is 6 MB. Remove a document you no longer need first.',
      fields: { file: expect.any(String) },
    });
    expect(MAX_DOCUMENT_BYTES_PER_VENDOR).toBe(50 * mb);
  });

  it("counts each vendor's documents only", async () => {
    await vendorHolding(10 * mb, 10 * mb, 10 * mb, 10 * mb, 10 * mb);
    const other = await vendorHolding(1 * mb);
    await expect(withQuota(other, 10 * mb)).resolves.toBeUndefined();
  });
});
