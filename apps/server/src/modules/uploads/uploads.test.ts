import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpoints, imageUploadLimits, UploadImagesResponse, type UploadedImage } from '@localloop/contract';
import { media } from '../../db/schema.ts';
import { createAccount, createTestApp, encoded, inject, login, onPostgres, raw, type TestContext } from '../../../test/helper.ts';
import { acceptUpload, createImageWork, createUploadGate, uploadImages, type UploadDeps } from './service.ts';
import { createWorkQueue, RetryLaterError } from '../../lib/work-queue.ts';
import type { Storage } from '../../lib/storage.ts';

type Upload = { field?: string; name: string; bytes: Buffer; type?: string };

/** A real multipart body, serialised by the platform's own FormData. */
async function multipart(files: Upload[]) {
  const form = new FormData();
  for (const f of files) form.append(f.field ?? 'images', new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'application/octet-stream' }), f.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' };
}

const noise = (width: number, height: number) =>
  sharp(Buffer.from(Array.from({ length: width * height * 3 }, (_, i) => (i * 7919) % 251)), { raw: { width, height, channels: 3 } });

const makeJpeg = (width: number, height: number) => noise(width, height).jpeg().toBuffer();
const makePng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 0.5 } } }).png().toBuffer();
const makeWebp = (width: number, height: number) => noise(width, height).webp().toBuffer();
const makeGif = () => sharp({ create: { width: 20, height: 20, channels: 3, background: 'red' } }).gif().toBuffer();
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>');

/** A PNG of one flat colour: a few hundred kilobytes that decode to width × height pixels. */
const makeFlatPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 90 } } }).png({ compressionLevel: 9 }).toBuffer();

/** The header of a TIFF that declares 100,000 × 100,000 pixels (10 gigapixels) and holds none. */
function tiffBomb(): Buffer {
  const entries: [tag: number, type: number, value: number][] = [
    [256, 4, 100_000], // ImageWidth, LONG
    [257, 4, 100_000], // ImageLength
    [258, 3, 8], // BitsPerSample
    [259, 3, 1], // Compression: none
    [262, 3, 1], // PhotometricInterpretation: black is zero
  ];
  const ifd = Buffer.alloc(2 + entries.length * 12 + 4);
  ifd.writeUInt16LE(entries.length, 0);
  entries.forEach(([tag, type, value], i) => {
    ifd.writeUInt16LE(tag, 2 + i * 12);
    ifd.writeUInt16LE(type, 4 + i * 12);
    ifd.writeUInt32LE(1, 6 + i * 12);
    if (type === 3) ifd.writeUInt16LE(value, 10 + i * 12);
    else ifd.writeUInt32LE(value, 10 + i * 12);
  });
  return Buffer.concat([Buffer.from('II*\0'), Buffer.from([8, 0, 0, 0]), ifd]);
}

/** "Billion laughs": nine levels of ten entities each, a gigabyte of text once expanded. */
const svgBomb = Buffer.from(
  `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY l0 "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join('')}]>` +
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&l9;</text></svg>',
);

/** An animated WebP of `frames` frames, each its own colour so that none is merged into another. */
const makeAnimatedWebp = async (frames: number, side: number) =>
  sharp(
    await Promise.all(
      Array.from({ length: frames }, (_, i) => sharp({ create: { width: side, height: side, channels: 3, background: { r: (i * 20) % 256, g: 80, b: 160 } } }).png().toBuffer()),
    ),
    { join: { animated: true } },
  )
    .webp({ effort: 0 })
    .toBuffer();

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => path.join(d.parentPath, d.name));
  } catch {
    return [];
  }
}

/**
 * A test whose subject is the image work (decoding, re-encoding, renditions), the same whatever the database: run in the
 * PGlite pass only, as the database-free files are (scripts/test.mjs), at about 20 s of libvips a pass. The rows an
 * upload records are proven on both databases by the tests beside them.
 */
const imageWork = it.skipIf(onPostgres);

describe('POST /api/UploadImagesAPI/ with files on local disk', () => {
  let t: TestContext;
  let dataDir: string;
  let webDist: string;
  let token: string;
  let ownerId: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'localloop-uploads-'));
    // A built web app, so the test proves a missing /media file is a 404 and not the SPA's index.html.
    webDist = mkdtempSync(path.join(tmpdir(), 'localloop-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>LocalLoop</title>');
    t = await createTestApp({ config: { dataDir }, webDist });
    const account = await createAccount(t.database);
    ownerId = account.user.id;
    token = (await login(t.app, account.email, account.password)).access;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(webDist, { recursive: true, force: true });
  });

  const mediaDir = () => path.join(dataDir, 'media');
  const rowsOf = (userId: string) => t.database.db.select().from(media).where(eq(media.ownerId, userId));

  async function upload(files: Upload[], auth: string | null = token) {
    return inject(t.app, endpoints.uploadImages, { access: auth, body: encoded(await multipart(files)) });
  }

  /** The bytes the server stored for a URL it answered, read from disk. */
  const storedFile = (url: string) => readFileSync(path.join(mediaDir(), url.replace(/^\/media\//, '')));

  /** The service's dependencies as the app builds them, for calling it directly. */
  const serviceDeps = (overrides: Partial<UploadDeps> = {}): UploadDeps => ({
    db: t.database.db,
    storage: { put: async () => undefined, delete: async () => undefined, url: (key) => `/media/${key}` },
    limits: { dailyImages: 200, storageBytes: 1024 * 1024 * 1024 },
    work: createImageWork({ concurrency: 2, queueLimit: 30 }),
    ...overrides,
  });

  /** A fresh account with nothing uploaded, so counts start at zero. */
  async function freshCaller() {
    const account = await createAccount(t.database);
    return { id: account.user.id, token: (await login(t.app, account.email, account.password)).access };
  }

  imageWork('re-encodes a large JPEG: long side capped at 2048, a 400 px WebP thumbnail, no EXIF or GPS left', async () => {
    const original = await noise(3000, 1000)
      .withMetadata({ exif: { IFD0: { Copyright: 'x', Artist: 'Jane' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } } })
      .jpeg()
      .toBuffer();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const res = await upload([{ name: 'holiday.jpg', bytes: original, type: 'image/jpeg' }]);
    expect(res.statusCode).toBe(201);
    const { images } = UploadImagesResponse.parse(res.json());
    expect(images).toHaveLength(1);
    const [image] = images as [UploadedImage];
    expect(image).toMatchObject({ width: 2048, height: 683, content_type: 'image/jpeg' });
    expect(image.url).toMatch(/^\/media\/images\/[0-9a-f-]{36}\.jpg$/);
    expect(image.thumbnail_url).toBe(image.url.replace(/\.jpg$/, '.thumb.webp'));

    const stored = storedFile(image.url);
    expect(stored.length).toBe(image.bytes);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 2048, height: 683 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.includes(Buffer.from('Jane'))).toBe(false);

    const thumb = await sharp(storedFile(image.thumbnail_url)).metadata();
    expect(thumb).toMatchObject({ format: 'webp', width: 400, height: 133 });
    expect(thumb.exif).toBeUndefined();

    const [row] = await t.database.db.select().from(media).where(eq(media.id, image.id));
    expect(row).toMatchObject({
      ownerId,
      storageKey: image.url.replace('/media/', ''),
      thumbnailKey: image.thumbnail_url.replace('/media/', ''),
      contentType: 'image/jpeg',
      width: 2048,
      height: 683,
      bytes: image.bytes,
    });
  });

  imageWork('makes WebP renditions 320, 640 and 1280 px wide for srcset, never as wide as the image, each stored and recorded', async () => {
    const caller = await freshCaller();
    const res = await upload(
      [
        { name: 'wide.jpg', bytes: await makeJpeg(1600, 1000) },
        { name: 'middle.png', bytes: await makePng(700, 1400) },
        { name: 'small.webp', bytes: await makeWebp(300, 200) },
      ],
      caller.token,
    );
    expect(res.statusCode).toBe(201);
    const [wide, middle, small] = UploadImagesResponse.parse(res.json()).images as [UploadedImage, UploadedImage, UploadedImage];

    expect(wide.variants.map((v) => [v.width, v.height, v.content_type])).toEqual([
      [320, 200, 'image/webp'],
      [640, 400, 'image/webp'],
      [1280, 800, 'image/webp'],
    ]);
    // A portrait image is cut by width too: its height follows.
    expect(middle.variants.map((v) => [v.width, v.height])).toEqual([
      [320, 640],
      [640, 1280],
    ]);
    // Narrower than every width: the image itself is the only source, never enlarged.
    expect(small.variants).toEqual([]);

    for (const variant of [...wide.variants, ...middle.variants]) {
      expect(variant.url).toMatch(new RegExp(`^/media/images/[0-9a-f-]{36}\\.w${variant.width}\\.webp$`));
      const meta = await sharp(storedFile(variant.url)).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: variant.width, height: variant.height });
      expect(meta.exif).toBeUndefined();
    }
    const [row] = await t.database.db.select().from(media).where(eq(media.id, wide.id));
    expect(row?.variants).toEqual(
      wide.variants.map((v) => ({ key: v.url.replace('/media/', ''), width: v.width, height: v.height, contentType: 'image/webp', bytes: storedFile(v.url).length })),
    );
    // The storage allowance counts the image the person uploaded, not the server's own copies of it.
    expect(row?.bytes).toBe(wide.bytes);
  });

  it('turns a photo the right way up from its EXIF orientation, then drops the tag', async () => {
    const sideways = await noise(300, 100).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const res = await upload([{ name: 'portrait.jpg', bytes: sideways }]);
    expect(res.statusCode).toBe(201);
    const [image] = UploadImagesResponse.parse(res.json()).images as [UploadedImage];
    expect(image).toMatchObject({ width: 100, height: 300 });
    expect((await sharp(storedFile(image.url)).metadata()).orientation).toBeUndefined();
  });

  it('accepts a JPEG, a PNG and a WebP in one request and keeps each format', async () => {
    const caller = await freshCaller();
    const res = await upload(
      [
        { name: 'a.jpg', bytes: await makeJpeg(640, 480) },
        { name: 'b.png', bytes: await makePng(300, 500) },
        { name: 'c.webp', bytes: await makeWebp(120, 80), field: 'image' },
      ],
      caller.token,
    );
    expect(res.statusCode).toBe(201);
    const { images } = UploadImagesResponse.parse(res.json());
    expect(images.map((i) => [i.content_type, i.width, i.height])).toEqual([
      ['image/jpeg', 640, 480],
      ['image/png', 300, 500],
      ['image/webp', 120, 80],
    ]);
    expect(images.map((i) => path.extname(i.url))).toEqual(['.jpg', '.png', '.webp']);
    for (const image of images) {
      const format = (await sharp(storedFile(image.url)).metadata()).format;
      expect(`image/${format}`).toBe(image.content_type);
    }
    // Small images are not enlarged: the thumbnail of a 120×80 WebP stays 120×80.
    expect(await sharp(storedFile(images[2]?.thumbnail_url ?? '')).metadata()).toMatchObject({ width: 120, height: 80 });
    expect(await rowsOf(caller.id)).toHaveLength(3);
  });

  it('accepts the field name "file" that older clients send', async () => {
    const res = await upload([{ name: 'old.png', bytes: await makePng(50, 50), field: 'file' }]);
    expect(res.statusCode).toBe(201);
  });

  it('takes a file sent without a file name as an image of its own (undici\'s FormData writes none for an empty name): a 500 before', async () => {
    const res = await upload([{ name: '', bytes: await makePng(50, 50) }]);
    expect(res.statusCode).toBe(201);
    expect(res.json().images).toHaveLength(1);
  });

  describe('refuses anything that is not a JPEG, PNG or WebP, storing nothing', () => {
    const cases: [string, () => Promise<Upload[]>][] = [
      ['a GIF', async () => [{ name: 'photo.gif', bytes: await makeGif(), type: 'image/gif' }]],
      ['an SVG', async () => [{ name: 'logo.svg', bytes: svg, type: 'image/svg+xml' }]],
      ['a text file named .jpg', async () => [{ name: 'notes.jpg', bytes: Buffer.from('just some words, not a picture at all\n'), type: 'image/jpeg' }]],
      ['a PDF', async () => [{ name: 'scan.pdf', bytes: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') }]],
      ['a truncated JPEG', async () => [{ name: 'cut.jpg', bytes: (await makeJpeg(400, 300)).subarray(0, 3000) }]],
      ['a TIFF header declaring 10 gigapixels, never parsed', async () => [{ name: 'scan.tif', bytes: tiffBomb(), type: 'image/tiff' }]],
      ['an SVG entity bomb, never parsed', async () => [{ name: 'lol.svg', bytes: svgBomb, type: 'image/svg+xml' }]],
      [
        'one bad file among good ones',
        async () => [
          { name: 'good.jpg', bytes: await makeJpeg(100, 100) },
          { name: 'photo.gif', bytes: await makeGif() },
          { name: 'good.png', bytes: await makePng(100, 100) },
        ],
      ],
    ];

    it.each(cases)('%s', async (_label, make) => {
      const files = await make();
      const bad = files.find((f) => !/^good/.test(f.name));
      const before = filesUnder(mediaDir()).length;
      const caller = await freshCaller();
      const res = await upload(files, caller.token);
      expect(res.statusCode).toBe(400);
      const body = res.error();
      expect(body.error).toBe(`${bad?.name} is not a JPEG, PNG or WebP image.`);
      expect(body.fields).toEqual({ images: body.error });
      expect(await rowsOf(caller.id)).toHaveLength(0);
      expect(filesUnder(mediaDir())).toHaveLength(before);
    });
  });

  it('refuses a file over 5 MB with 413 and a plain sentence', async () => {
    const caller = await freshCaller();
    const before = filesUnder(mediaDir()).length;
    const res = await upload([{ name: 'huge.jpg', bytes: Buffer.alloc(6 * 1024 * 1024, 1) }], caller.token);
    expect(res.statusCode).toBe(413);
    expect(res.error()).toMatchObject({ error: 'Each image must be 5 MB or smaller.', code: 'IMAGE_TOO_LARGE' });
    expect(await rowsOf(caller.id)).toHaveLength(0);
    expect(filesUnder(mediaDir())).toHaveLength(before);
  });

  it('refuses more than 10 files in one request', async () => {
    const small = await makePng(10, 10);
    const res = await upload(Array.from({ length: 11 }, (_, i) => ({ name: `${i}.png`, bytes: small })));
    expect(res.statusCode).toBe(413);
    expect(res.error()).toMatchObject({ code: 'TOO_MANY_IMAGES', error: 'Send at most 10 images at a time.' });
  });

  it('asks for a file when the request has none', async () => {
    const form = new FormData();
    form.append('note', 'hello');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const body = encoded({ payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' });
    const res = await inject(t.app, endpoints.uploadImages, { access: token, body });
    expect(res.statusCode).toBe(400);
    expect(res.error()).toMatchObject({ code: 'NO_IMAGES', fields: { images: 'Choose at least one image to upload.' } });
  });

  it('refuses a file in an unknown field rather than dropping it silently', async () => {
    const res = await upload([{ name: 'a.png', bytes: await makePng(10, 10), field: 'avatar' }]);
    expect(res.statusCode).toBe(400);
    expect(res.error().fields?.images).toMatch(/field "images"/);
  });

  it('refuses a request that is not multipart, in the error shape', async () => {
    const res = await inject(t.app, endpoints.uploadImages, { access: token, body: raw({ images: ['x'] }) });
    expect(res.statusCode).toBe(415);
    expect(res.error()).toMatchObject({ code: 'NOT_MULTIPART' });
    const bare = await inject(t.app, endpoints.uploadImages, { access: token, body: encoded({ payload: await makePng(10, 10), contentType: 'image/png' }) });
    expect(bare.statusCode).toBe(415);
    expect(Object.keys(bare.error()).sort()).toEqual(['code', 'error']);
  });

  it('refuses a caller who is not logged in, before reading the files', async () => {
    const res = await upload([{ name: 'a.png', bytes: await makePng(10, 10) }], null);
    expect(res.statusCode).toBe(401);
    expect(res.error()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('keeps multipart to this endpoint: other endpoints still refuse it', async () => {
    const form = await multipart([{ name: 'a.png', bytes: await makePng(10, 10) }]);
    const res = await inject(t.app, endpoints.tokenRefresh, { body: encoded(form) });
    expect(res.statusCode).toBe(415);
  });

  it('serves a stored image at its URL with its type, a long cache and nosniff; a missing one is a JSON 404', async () => {
    const res = await upload([{ name: 'shop.webp', bytes: await makeWebp(200, 100) }]);
    const [image] = UploadImagesResponse.parse(res.json()).images as [UploadedImage];

    const file = await t.app.inject({ method: 'GET', url: image.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(storedFile(image.url))).toBe(true);

    const thumb = await t.app.inject({ method: 'GET', url: image.thumbnail_url });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');

    const missingUrls = ['/media/images/00000000-0000-0000-0000-000000000000.jpg', '/media/images/', '/media/images', '/media/', '/media/.hidden', '/media/../config.json'];
    for (const url of missingUrls) {
      const missing = await t.app.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.headers['content-type'], url).toMatch(/^application\/json/);
    }
    // The web app's history fallback is untouched for its own routes.
    const page = await t.app.inject({ method: 'GET', url: '/UserProfile' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });

  describe('decoded pixels', () => {
    let bomb: Buffer;
    beforeAll(async () => {
      // The reported file: a few hundred kilobytes of PNG that decode to 100 megapixels (400 MB of RGBA).
      bomb = await makeFlatPng(10_000, 10_000);
      expect(bomb.length).toBeLessThan(imageUploadLimits.maxBytes);
    });

    it('refuses a small PNG that decodes to 100 megapixels with a 400 naming the field, storing nothing', async () => {
      const caller = await freshCaller();
      const before = filesUnder(mediaDir()).length;
      const res = await upload([{ name: 'poster.png', bytes: bomb, type: 'image/png' }], caller.token);
      expect(res.statusCode).toBe(400);
      expect(res.error()).toEqual({
        error: 'poster.png is too large: at most 40 megapixels (it has 100).',
        code: 'IMAGE_TOO_MANY_PIXELS',
        fields: { images: 'poster.png is too large: at most 40 megapixels (it has 100).' },
      });
      expect(await rowsOf(caller.id)).toHaveLength(0);
      expect(filesUnder(mediaDir())).toHaveLength(before);
    });

    it('refuses six parallel requests of ten such PNGs, every one from its header', async () => {
      const callers = await Promise.all(Array.from({ length: 6 }, () => freshCaller()));
      const files = Array.from({ length: 10 }, (_, i) => ({ name: `big${i}.png`, bytes: bomb }));
      const answers = await Promise.all(callers.map((caller) => upload(files, caller.token)));
      expect(answers.map((res) => [res.statusCode, res.error().code])).toEqual(Array.from({ length: 6 }, () => [400, 'IMAGE_TOO_MANY_PIXELS']));
      for (const caller of callers) expect(await rowsOf(caller.id)).toHaveLength(0);
    });

    imageWork('accepts an image of exactly 40 megapixels', async () => {
      const res = await upload([{ name: 'wide.png', bytes: await makeFlatPng(8000, 5000) }], (await freshCaller()).token);
      expect(res.statusCode).toBe(201);
      expect(UploadImagesResponse.parse(res.json()).images[0]).toMatchObject({ width: 2048, height: 1280 });
    });

    imageWork('decodes only the first frame of an animated WebP: 12 frames of 4 megapixels become one still', async () => {
      const animated = await makeAnimatedWebp(12, 2000);
      expect(await sharp(animated).metadata()).toMatchObject({ pages: 12, width: 2000, height: 2000 });
      const res = await upload([{ name: 'sticker.webp', bytes: animated }], (await freshCaller()).token);
      expect(res.statusCode).toBe(201);
      const [image] = UploadImagesResponse.parse(res.json()).images as [UploadedImage];
      expect(image).toMatchObject({ width: 2000, height: 2000, content_type: 'image/webp' });
      const stored = await sharp(storedFile(image.url)).metadata();
      expect(stored.pages ?? 1).toBe(1);
      // The first frame's colour: red 0.
      const { dominant } = await sharp(storedFile(image.url)).stats();
      expect(dominant.r).toBeLessThan(20);
    });
  });

  it('removes what it stored and records nothing when storage fails halfway', async () => {
    const account = await createAccount(t.database);
    const put: string[] = [];
    const deleted: string[] = [];
    const flaky: Storage = {
      async put(key) {
        if (put.length === 3) throw new Error('disk full');
        put.push(key);
      },
      async delete(key) {
        deleted.push(key);
      },
      url: (key) => `/media/${key}`,
    };
    const files = [
      { filename: 'a.jpg', bytes: await makeJpeg(50, 50) },
      { filename: 'b.jpg', bytes: await makeJpeg(50, 50) },
    ];
    await expect(uploadImages(serviceDeps({ storage: flaky }), account.user.id, files)).rejects.toThrow('disk full');
    expect(put).toHaveLength(3);
    expect(deleted.sort()).toEqual([...put].sort());
    expect(await rowsOf(account.user.id)).toHaveLength(0);
  });
});

describe('POST /api/UploadImagesAPI/: the per-account quota, counted in the database', () => {
  const limits = { dailyImages: 10, storageBytes: 2 * 1024 * 1024 };
  let t: TestContext;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'localloop-quota-'));
    t = await createTestApp({ config: { dataDir, uploads: { concurrency: 2, queueLimit: 30, ...limits } } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function caller() {
    const account = await createAccount(t.database);
    return { id: account.user.id, token: (await login(t.app, account.email, account.password)).access };
  }

  /** Uploads the account made earlier, written straight to the table: `ago` milliseconds back, `bytes` each. */
  async function pastUploads(ownerId: string, n: number, ago: number, bytes = 1000) {
    const createdAt = new Date(Date.now() - ago);
    await t.database.db.insert(media).values(
      Array.from({ length: n }, () => {
        const id = randomUUID();
        return { id, ownerId, storageKey: `images/${id}.jpg`, thumbnailKey: `images/${id}.thumb.webp`, contentType: 'image/jpeg', width: 10, height: 10, bytes, createdAt };
      }),
    );
  }

  async function upload(token: string, count: number) {
    const small = await makePng(20, 20);
    const form = await multipart(Array.from({ length: count }, (_, i) => ({ name: `p${i}.png`, bytes: small })));
    return inject(t.app, endpoints.uploadImages, { access: token, body: encoded(form) });
  }

  const rowsOf = async (ownerId: string) => (await t.database.db.select().from(media).where(eq(media.ownerId, ownerId))).length;
  const hour = 3600 * 1000;

  it('refuses images beyond the daily allowance with 429, Retry-After and how many are still allowed, storing nothing', async () => {
    const me = await caller();
    await pastUploads(me.id, 1, 23 * hour);
    await pastUploads(me.id, 7, 2 * hour);
    const before = filesUnder(path.join(dataDir, 'media')).length;

    const refused = await upload(me.token, 3);
    expect(refused.statusCode).toBe(429);
    const { error, code, fields } = refused.error();
    expect(error).toMatch(/^You can upload 2 more images now \(at most 10 in 24 hours\) and this upload has 3\. Choose fewer, or try again in (59|60|61) minutes\.$/);
    expect({ code, fields }).toEqual({ code: 'UPLOAD_QUOTA_EXCEEDED', fields: { images: error } });
    // Room for the third image comes when the upload made 23 hours ago is 24 hours old.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(Number(refused.headers['retry-after'])).toBeLessThan(3700);
    expect(await rowsOf(me.id)).toBe(8);
    expect(filesUnder(path.join(dataDir, 'media'))).toHaveLength(before);

    expect((await upload(me.token, 2)).statusCode).toBe(201);
    const full = await upload(me.token, 1);
    expect(full.statusCode).toBe(429);
    expect(full.error().error).toMatch(/^You have uploaded 10 images in the last 24 hours, the most allowed\. You can upload more in (59|60|61) minutes\.$/);
    expect(await rowsOf(me.id)).toBe(10);
  });

  it('counts a rolling 24 hours: uploads made longer ago no longer count', async () => {
    const me = await caller();
    await pastUploads(me.id, 10, 25 * hour);
    expect((await upload(me.token, 1)).statusCode).toBe(201);
  });

  it("counts each account on its own: one account's full allowance does not stop another", async () => {
    const full = await caller();
    const other = await caller();
    await pastUploads(full.id, 10, hour);
    expect((await upload(full.token, 1)).statusCode).toBe(429);
    expect((await upload(other.token, 1)).statusCode).toBe(201);
    expect(await rowsOf(other.id)).toBe(1);
  });

  it('refuses with 413 an upload that would take the account past its stored bytes, storing nothing', async () => {
    const me = await caller();
    await pastUploads(me.id, 1, 48 * hour, limits.storageBytes - 100);
    const before = filesUnder(path.join(dataDir, 'media')).length;
    const res = await upload(me.token, 1);
    expect(res.statusCode).toBe(413);
    expect(res.error()).toMatchObject({
      code: 'STORAGE_QUOTA_EXCEEDED',
      error: 'Your images take up 1 MB of the 2 MB an account may keep, and these would not fit. Upload fewer or smaller images.',
      fields: { images: expect.any(String) },
    });
    expect(await rowsOf(me.id)).toBe(1);
    expect(filesUnder(path.join(dataDir, 'media'))).toHaveLength(before);

    await pastUploads(me.id, 1, 48 * hour, 100);
    expect((await upload(me.token, 1)).error().error).toBe('Your images take up all of the 2 MB an account may keep, so no more can be uploaded.');
  });

  it('lets two parallel uploads racing for the last place store one image between them, never eleven', async () => {
    const me = await caller();
    await pastUploads(me.id, 9, hour);
    const answers = await Promise.all([upload(me.token, 1), upload(me.token, 1)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 429]);
    expect(await rowsOf(me.id)).toBe(10);
  });
});

describe('the image queue and the uploads an account may have in progress', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** A job that runs until `finish()` is called. */
  function heldJob() {
    let finish = () => undefined as void;
    const done = new Promise<void>((resolve) => {
      finish = resolve;
    });
    return { job: () => done, finish: () => finish() };
  }

  const written: string[] = [];
  const storage: Storage = {
    async put(key) {
      written.push(key);
    },
    async delete() {},
    url: (key) => `/media/${key}`,
  };
  const depsWith = (work: UploadDeps['work']): UploadDeps => ({ db: t.database.db, storage, limits: { dailyImages: 200, storageBytes: 1024 ** 3 }, work });
  const pngs = async (n: number) => {
    const bytes = await makePng(16, 16);
    return Array.from({ length: n }, (_, i) => ({ filename: `${i}.png`, bytes }));
  };

  it('runs at most `concurrency` jobs at a time, the rest waiting their turn', async () => {
    const work = createWorkQueue({ concurrency: 2, queueLimit: 10, busyMessage: 'busy', retryAfterSeconds: 5 });
    let running = 0;
    let most = 0;
    const held = Array.from({ length: 6 }, () => heldJob());
    const all = work.runAll(
      held.map((h) => async () => {
        running += 1;
        most = Math.max(most, running);
        await h.job();
        running -= 1;
      }),
    );
    await vi.waitFor(() => expect(work.running).toBe(2));
    expect(work.waiting).toBe(4);
    for (const h of held) h.finish();
    await all;
    expect(most).toBe(2);
    expect(work.running + work.waiting).toBe(0);
  });

  it('refuses with a 503 to retry in 5 seconds the images that would not fit in the queue, storing nothing, and takes them once there is room', async () => {
    const work = createImageWork({ concurrency: 1, queueLimit: 10 });
    const held = Array.from({ length: 7 }, () => heldJob());
    const busy = work.runAll(held.map((h) => h.job));
    const account = await createAccount(t.database);
    written.length = 0;

    // Seven of eleven places are taken: five images do not fit, four do. A request is admitted whole or not at all.
    const refused = uploadImages(depsWith(work), account.user.id, await pngs(5));
    await expect(refused).rejects.toBeInstanceOf(RetryLaterError);
    await expect(refused).rejects.toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: 5 });
    expect(written).toEqual([]);
    const admitted = uploadImages(depsWith(work), account.user.id, await pngs(4));
    await vi.waitFor(() => expect(work.running + work.waiting).toBe(11));

    for (const h of held) h.finish();
    await busy;
    expect(await admitted).toHaveLength(4);
    expect(await uploadImages(depsWith(work), account.user.id, await pngs(5))).toHaveLength(5);
  });

  it('refuses before reading the body when the queue is full, and when the account already has two uploads in progress', async () => {
    const work = createImageWork({ concurrency: 1, queueLimit: 10 });
    const gate = createUploadGate();
    const deps = depsWith(work);
    const [me, other] = [await createAccount(t.database), await createAccount(t.database)];

    // Two uploads of mine still arriving.
    const arriving = [heldJob(), heldJob()];
    const files = await pngs(1);
    const mine = arriving.map((a) => acceptUpload(deps, gate, me.user.id, () => a.job().then(() => files)));
    const read = vi.fn(async () => files);
    await expect(acceptUpload(deps, gate, me.user.id, read)).rejects.toMatchObject({ status: 429, code: 'UPLOADS_IN_PROGRESS', retryAfterSeconds: 5 });
    expect(read).not.toHaveBeenCalled();
    // Someone else is not held up by my burst.
    expect(await acceptUpload(deps, gate, other.user.id, read)).toHaveLength(1);

    const held = Array.from({ length: 11 }, () => heldJob());
    const busy = work.runAll(held.map((h) => h.job));
    read.mockClear();
    await expect(acceptUpload(deps, gate, other.user.id, read)).rejects.toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(read).not.toHaveBeenCalled();

    for (const h of [...held, ...arriving]) h.finish();
    await busy;
    expect((await Promise.all(mine)).flat()).toHaveLength(2);
    // Their places are given back once they end.
    expect(await acceptUpload(deps, gate, me.user.id, read)).toHaveLength(1);
  });

  it('refuses before reading the body an account that could not upload even one more image', async () => {
    const deps = { ...depsWith(createImageWork({ concurrency: 1, queueLimit: 10 })), limits: { dailyImages: 3, storageBytes: 1024 ** 3 } };
    const me = await createAccount(t.database);
    expect(await uploadImages(deps, me.user.id, await pngs(3))).toHaveLength(3);
    const read = vi.fn(async () => pngs(1));
    await expect(acceptUpload(deps, createUploadGate(), me.user.id, read)).rejects.toMatchObject({ status: 429, code: 'UPLOAD_QUOTA_EXCEEDED' });
    expect(read).not.toHaveBeenCalled();
  });
});

describe('POST /api/UploadImagesAPI/ with an S3-compatible bucket', () => {
  let t: TestContext;
  let s3dir: string;
  let server: S3rver;
  let endpoint: string;
  let token: string;
  const bucket = 'localloop-test';
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

  beforeAll(async () => {
    s3dir = mkdtempSync(path.join(tmpdir(), 'localloop-s3-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, directory: s3dir, silent: true, configureBuckets: [{ name: bucket }] });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
    t = await createTestApp({
      config: { s3: { endpoint, region: 'us-east-1', bucket, ...credentials, publicUrl: undefined, forcePathStyle: true } },
    });
    const account = await createAccount(t.database);
    token = (await login(t.app, account.email, account.password)).access;
  });
  afterAll(async () => {
    await t.close();
    await server.close();
    rmSync(s3dir, { recursive: true, force: true });
  });

  it('puts the image, its thumbnail and its renditions in the bucket and answers their URLs', async () => {
    const form = await multipart([{ name: 'stall.jpg', bytes: await makeJpeg(2500, 2500) }]);
    const res = await inject(t.app, endpoints.uploadImages, { access: token, body: encoded(form) });
    expect(res.statusCode).toBe(201);
    const [image] = UploadImagesResponse.parse(res.json()).images as [UploadedImage];
    expect(image).toMatchObject({ width: 2048, height: 2048, content_type: 'image/jpeg' });
    expect(image.url).toMatch(new RegExp(`^${endpoint}/${bucket}/images/[0-9a-f-]{36}\\.jpg$`));
    expect(image.thumbnail_url).toBe(image.url.replace(/\.jpg$/, '.thumb.webp'));

    const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
    try {
      const main = await client.send(new GetObjectCommand({ Bucket: bucket, Key: image.url.slice(`${endpoint}/${bucket}/`.length) }));
      expect(main.ContentType).toBe('image/jpeg');
      expect(main.CacheControl).toBe('public, max-age=31536000, immutable');
      const bytes = Buffer.from(await (main.Body?.transformToByteArray() ?? new Uint8Array()));
      expect(bytes.length).toBe(image.bytes);
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 2048, height: 2048 });

      const thumb = await client.send(new GetObjectCommand({ Bucket: bucket, Key: image.thumbnail_url.slice(`${endpoint}/${bucket}/`.length) }));
      expect(thumb.ContentType).toBe('image/webp');
      const thumbBytes = Buffer.from(await (thumb.Body?.transformToByteArray() ?? new Uint8Array()));
      expect(await sharp(thumbBytes).metadata()).toMatchObject({ format: 'webp', width: 400, height: 400 });

      expect(image.variants.map((v) => v.width)).toEqual([320, 640, 1280]);
      for (const variant of image.variants) {
        expect(variant.url).toMatch(new RegExp(`^${endpoint}/${bucket}/images/[0-9a-f-]{36}\\.w${variant.width}\\.webp$`));
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: variant.url.slice(`${endpoint}/${bucket}/`.length) }));
        expect(object.ContentType).toBe('image/webp');
        const bytes = Buffer.from(await (object.Body?.transformToByteArray() ?? new Uint8Array()));
        expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: variant.width, height: variant.width });
      }
    } finally {
      client.destroy();
    }

    // The URL answered is the object's public address.
    const fetched = await fetch(image.url);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('image/jpeg');

    // With a bucket, nothing is served from local disk.
    expect((await t.app.inject({ method: 'GET', url: `/media/${image.url.split(`${bucket}/`)[1]}` })).statusCode).toBe(404);
    // A 2500 px JPEG re-encoded four times and six round trips to the bucket: seconds of CPU, which a loaded machine
    // (measured: a full run beside a browser run) stretches past the default 20 s.
  }, 90_000);
});
