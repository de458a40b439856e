import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helper.ts';

// The files vite-plugin-pwa adds to the web app's build (apps/web/vite.config.ts), as it writes them.
let t: TestContext;
let webDist: string;
const manifest = JSON.stringify({ name: 'LocalLoop', start_url: '/', display: 'standalone' });
const png = Buffer.from('89504e470d0a1a0a', 'hex');

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'localloop-pwa-'));
  mkdirSync(path.join(webDist, 'icons'));
  const indexHtml = '<!doctype html><link rel="manifest" href="/manifest.webmanifest"><div id="root"></div>';
  writeFileSync(path.join(webDist, 'index.html'), indexHtml);
  writeFileSync(path.join(webDist, 'index.html.br'), brotliCompressSync(indexHtml));
  writeFileSync(path.join(webDist, 'index.html.gz'), gzipSync(indexHtml));
  writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("install", () => {});');
  writeFileSync(path.join(webDist, 'workbox-d8ed3718.js'), 'define([], () => {});');
  writeFileSync(path.join(webDist, 'manifest.webmanifest'), manifest);
  for (const icon of ['icon-192.png', 'icon-512.png', 'icon-maskable-512.png', 'apple-touch-icon.png']) {
    writeFileSync(path.join(webDist, 'icons', icon), png);
  }
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the installable app\'s files', () => {
  it('serves the service worker as JavaScript that the browser revalidates on every check, so an update is seen', async () => {
    for (const url of ['/sw.js', '/workbox-d8ed3718.js']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^(text|application)\/javascript/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves the web app manifest as application/manifest+json, revalidated', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({ name: 'LocalLoop', display: 'standalone' });
  });

  it('serves the icons as PNG images', async () => {
    for (const icon of ['icon-192.png', 'icon-512.png', 'icon-maskable-512.png', 'apple-touch-icon.png']) {
      const res = await t.app.inject({ method: 'GET', url: `/icons/${icon}` });
      expect(res.statusCode, icon).toBe(200);
      expect(res.headers['content-type'], icon).toBe('image/png');
    }
  });

  it('revalidates index.html however it is asked for (the worker precaches it by its revision)', async () => {
    for (const url of ['/', '/index.html', '/appDownload']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers a missing worker file with 404, never with the app\'s HTML', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/workbox-00000000.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });
});
