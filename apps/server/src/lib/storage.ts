import { mkdirSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';

/** Where uploaded files live. Keys are unique and never reused, so stored files are immutable. */
export type Storage = {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Removes the file; a key that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** The public URL of a key: `/media/<key>` on local disk, the bucket's URL on S3. */
  url(key: string): string;
};

/**
 * Files no public URL serves (KYC documents): the server reads them back and decides who gets them.
 * Local disk: under `${dataDir}/private`, outside the /media/ root. S3: under the `private/` prefix,
 * written without a public cache header; the bucket's public-read policy, if any, must cover `images/` only.
 */
export type PrivateStorage = {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or null when the key is not there. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; a key that is not there is not an error. */
  delete(key: string): Promise<void>;
};

export const immutableCacheControl = 'public, max-age=31536000, immutable';
export const mediaUrlPrefix = '/media/';

/** Files on disk under `${dataDir}/media` (served at /media/*), or an S3-compatible bucket when `config.s3` is set. */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Storage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(mediaRoot(config));
}

export function mediaRoot(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'media');
}

export function createPrivateStorage(config: Pick<Config, 'dataDir' | 's3'>): PrivateStorage {
  if (config.s3) {
    const bucket = s3Objects(config.s3, privatePrefix);
    return { put: (key, bytes, contentType) => bucket.put(key, bytes, contentType, 'private, no-store'), get: bucket.get, delete: bucket.delete };
  }
  const disk = localFiles(privateRoot(config));
  return { put: disk.put, get: disk.get, delete: disk.delete };
}

/** Beside the media root, never inside it: nothing under it has a URL. */
export function privateRoot(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'private');
}

const privatePrefix = 'private/';

// Keys are made by the server (`images/<uuid>.jpg`); anything else is a bug, and must never escape the root.
const keyPattern = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;

function checkKey(key: string): string {
  if (!keyPattern.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
  return key;
}

export function createLocalStorage(root: string): Storage {
  const files = localFiles(root);
  return { put: files.put, delete: files.delete, url: (key) => `${mediaUrlPrefix}${checkKey(key)}` };
}

function localFiles(root: string) {
  mkdirSync(root, { recursive: true });
  const fileOf = (key: string) => path.join(root, ...checkKey(key).split('/'));
  return {
    async put(key: string, bytes: Buffer) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${file}.${randomUUID()}.partial`;
      try {
        await writeFile(partial, bytes, { flag: 'wx' });
        await rename(partial, file);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
    },
    async get(key: string): Promise<Buffer | null> {
      try {
        return await readFile(fileOf(key));
      } catch (err) {
        if ((err as { code?: unknown }).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key: string) {
      await rm(fileOf(key), { force: true });
    },
  };
}

export function createS3Storage(s3: NonNullable<Config['s3']>): Storage {
  const bucket = s3Objects(s3, '');
  const base = publicBase(s3);
  return {
    put: (key, bytes, contentType) => bucket.put(key, bytes, contentType, immutableCacheControl),
    delete: bucket.delete,
    url: (key) => `${base}/${checkKey(key)}`,
  };
}

/** Objects of the bucket under a key prefix. */
function s3Objects(s3: NonNullable<Config['s3']>, prefix: string) {
  const client = new S3Client({
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    // Checksums only where S3 requires them: many S3-compatible stores reject the newer default ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const keyOf = (key: string) => `${prefix}${checkKey(key)}`;
  return {
    async put(key: string, bytes: Buffer, contentType: string, cacheControl: string) {
      await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: keyOf(key), Body: bytes, ContentType: contentType, CacheControl: cacheControl }));
    },
    async get(key: string): Promise<Buffer | null> {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: keyOf(key) }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: unknown }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async delete(key: string) {
      await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: keyOf(key) }));
    },
  };
}

/**
 * Where browsers fetch public media from when that is another origin than the app's (a bucket, or its CDN), for the
 * Content-Security-Policy's img-src; null on local disk (/media/ on the app's own origin).
 */
export function mediaOrigin(config: Pick<Config, 's3'>): string | null {
  return config.s3 ? new URL(publicBase(config.s3)).origin : null;
}

function publicBase(s3: NonNullable<Config['s3']>): string {
  const trim = (url: string) => url.replace(/\/+$/, '');
  if (s3.publicUrl) return trim(s3.publicUrl);
  if (s3.endpoint) return `${trim(s3.endpoint)}/${s3.bucket}`;
  return `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
}
