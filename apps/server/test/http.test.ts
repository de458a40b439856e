import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Endpoint } from '@localloop/contract';
import { eq } from 'drizzle-orm';
import { devOutbox, notifications, refreshTokens } from '../src/db/schema.ts';
import { logOptions } from '../src/lib/logging.ts';
import { createAccount, createTestApp, inject, login, signedInAccount, testConfig, type TestContext } from './helper.ts';

let t: TestContext;
let webDist: string;
const indexHtml = '<!doctype html><div id="root"></div>';
// A chunk the build compressed: its .br and .gz beside it, as vite-plugin-compression2 writes them.
const chunk = `export const words = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `word-${i}`))};`;
/** Writes a file with the .br and .gz the build would write beside it. */
function writeBuilt(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}
beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'localloop-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeBuilt(path.join(webDist, 'index.html'), indexHtml);
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeBuilt(path.join(webDist, 'assets', 'chunk-def456.js'), chunk);
  writeFileSync(path.join(webDist, 'favicon.svg'), '<svg/>');
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('errors', () => {
  it('answers malformed JSON with 400 in the one error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login/v2/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'The request body is not valid JSON.', code: 'MALFORMED_JSON' });
  });

  it('answers a missing body with 400 naming the body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login/v2/' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', error: 'The request body must be a JSON object.' });
  });

  it('answers a body of the wrong type with 415 in the one error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login/v2/',
      headers: { 'content-type': 'application/xml' },
      payload: '<email>a</email>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: expect.any(String), code: expect.any(String) });
  });

  it('asks for a session before it looks at the body: no token and a bad body is 401, not 400', async () => {
    for (const payload of [undefined, [1, 2], { business_name: '' }]) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/vendor/me/basic-info/', ...(payload === undefined ? {} : { payload }) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
  });

  it('answers a URL the router cannot read in the one error shape: broken percent-encoding, a parameter past its length', async () => {
    const broken = await t.app.inject({ method: 'GET', url: '/api/vendor/status/%E0%A4%A/' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: expect.any(String), code: 'BAD_URL' });
    const long = await t.app.inject({ method: 'PATCH', url: `/api/notifications/mark-as-read/${'a'.repeat(101)}/` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ error: expect.any(String), code: 'URL_TOO_LONG' });
  });

  it('refuses a NUL character (which PostgreSQL text cannot hold) with 400 naming the field, in the body and the query', async () => {
    const nul = await t.app.inject({ method: 'GET', url: '/api/vendor/lists/?q=bak%00ery' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { q: expect.stringContaining('NUL') } });
    const body = await t.app.inject({ method: 'POST', url: '/api/login/', payload: { email: 'someone@example.test', password: 'pass\u0000word' } });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { password: expect.stringContaining('NUL') } });
  });

  it('stores a subnormal coordinate (5e-324, on which PostgreSQL\'s trigonometry underflows) as 0', async () => {
    const { access } = await signedInAccount(t);
    const place = { city: 'Null Island', state: 'Gulf of Guinea', country: 'Atlantic', formatted_address: 'Null Island', latitude: 5e-324, longitude: -5e-324 };
    const saved = await inject(t.app, endpoints.saveAccountLocation, { access, body: place });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ latitude: 0, longitude: 0 });
  });

  it('answers an unknown /api path with 404 JSON, also for other methods', async () => {
    for (const [method, url] of [
      ['GET', '/api/no-such-thing/'],
      ['DELETE', '/api/login/v2/'],
      ['GET', '/api'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', error: expect.stringContaining(url) });
    }
  });

  it('keeps the spec\'s trailing slashes: /api/login/v2 without one is not an endpoint', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login/v2', payload: {} });
    expect(res.statusCode).toBe(404);
  });

  it('never shows a stack trace or an internal message on a 500', async () => {
    const boom = await createTestApp({
      beforeReady: (app) =>
        app.get('/api/boom-for-test', async () => {
          throw new Error('secret internal detail at /srv/app.ts:12');
        }),
    });
    const res = await boom.app.inject({ method: 'GET', url: '/api/boom-for-test' });
    await boom.close();
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
    expect(res.body).not.toContain('secret');
  });
});

describe('the web app', () => {
  it('answers deep links with index.html (history fallback)', async () => {
    for (const url of ['/', '/DealDetails/abc', '/vendor/dashboard', '/chat/1/2?x=1']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a one-year immutable cache and other files revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with 404, not with the app', async () => {
    for (const url of ['/assets/gone-123.js', '/robots-missing.txt']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('<div id="root">');
    }
  });

  it('serves files added after start-up (a rebuild needs no restart)', async () => {
    writeFileSync(path.join(webDist, 'assets', 'late-456.js'), 'console.log(2)');
    const res = await t.app.inject({ method: 'GET', url: '/assets/late-456.js' });
    expect(res.statusCode).toBe(200);
  });

  it('sends the brotli file to a browser that accepts it, typed and cached as the file itself', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/chunk-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBeLessThan(chunk.length / 2);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(chunk);
  });

  it('sends the gzip file when only gzip is accepted', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/chunk-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(res.rawPayload).toString()).toBe(chunk);
  });

  it('sends the file itself to a client that accepts no encoding, or only identity', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/assets/chunk-def456.js', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toBe(chunk);
    }
  });

  it('sends a file the build left uncompressed as it is, whatever the browser accepts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('console.log(1)');
  });

  it('answers / and deep links with the compressed index.html, still revalidated every time', async () => {
    for (const url of ['/', '/DealDetails/abc']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(indexHtml);
    }
  });

  it('answers HEAD for a compressed file with the GET\'s headers and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/assets/chunk-def456.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload).toHaveLength(0);
  });

  it('sends a strict Content-Security-Policy without inline scripts or styles', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/LocalActivities' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    // The vendor page's map loads OpenStreetMap tiles from {s}.tile.openstreetmap.org.
    expect(csp).toMatch(/img-src [^;]*https:\/\/\*\.tile\.openstreetmap\.org/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('API answers', () => {
  /** A signed-in account's access token, the account having `count` notifications of some length. */
  async function withNotifications(count: number) {
    const person = await signedInAccount(t);
    if (count > 0) {
      await t.database.db.insert(notifications).values(
        Array.from({ length: count }, (_, i) => ({ userId: person.user.id, title: `Deal ${i} is back`, body: `The deal you saved (number ${i}) is on sale again this week.`, notificationType: 'deal' })),
      );
    }
    return person.access;
  }
  const list = (access: string, acceptEncoding?: string) => inject(t.app, endpoints.notifications, { access, headers: { 'accept-encoding': acceptEncoding } });

  it('are compressed from 1 KB on: gzip when accepted (the cheaper per request), brotli for a client that prefers it', async () => {
    const access = await withNotifications(20);
    const plain = await list(access);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const gzip = await list(access, 'gzip, deflate, br, zstd');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gzip.headers['content-type']).toMatch(/application\/json/);
    expect(gzip.rawPayload.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    for (const accept of ['br', 'gzip;q=0.5, br']) {
      const br = await list(access, accept);
      expect(br.headers['content-encoding'], accept).toBe('br');
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString()), accept).toEqual(plain.json());
    }
  });

  it('under 1 KB go as they are', async () => {
    const res = await list(await withNotifications(1), 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toHaveLength(1);
  });

  it('keep their own cache-control when compressed, and HEAD answers without a body', async () => {
    const health = await inject(t.app, endpoints.health, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.headers['cache-control']).toBe('no-store');
    // HEAD is not in the contract: Fastify answers it for every GET route.
    const headers = { authorization: `Bearer ${await withNotifications(20)}`, 'accept-encoding': 'br' };
    const head = await t.app.inject({ method: 'HEAD', url: `/api${endpoints.notifications.path}`, headers });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload).toHaveLength(0);
  });

  it('take request bodies as sent: a compressed body is not unpacked', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login/v2/',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'nobody@example.test', password: 'whatever-it-is' })),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('sign in with Google', () => {
  it('is allowed by the CSP only when a Google client id is configured', async () => {
    const off = String((await t.app.inject({ method: 'GET', url: '/login' })).headers['content-security-policy']);
    expect(off).not.toContain('accounts.google.com');
    const withGoogle = await createTestApp({ webDist, config: { google: { ...testConfig().google, clientId: 'abc.apps.googleusercontent.com' } } });
    const res = await withGoogle.app.inject({ method: 'GET', url: '/SocialLogin' });
    await withGoogle.close();
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain('script-src \'self\' https://accounts.google.com/gsi/client');
    expect(csp).toContain('frame-src https://accounts.google.com/gsi/');
    expect(csp).not.toContain('unsafe-inline');
  });
});

describe('uploaded images in a bucket', () => {
  it('are allowed by the CSP\'s img-src from the bucket\'s public origin, and only then', async () => {
    const local = String((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(local).not.toContain('cdn.example.test');
    const s3 = { endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', bucket: 'media', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true };
    const withBucket = await createTestApp({ webDist, config: { s3: { ...s3, publicUrl: 'https://cdn.example.test/localloop/' } } });
    const res = await withBucket.app.inject({ method: 'GET', url: '/vendor' });
    await withBucket.close();
    expect(String(res.headers['content-security-policy'])).toMatch(/img-src [^;]*https:\/\/cdn\.example\.test(;| )/);
  });
});

describe('Google Maps', () => {
  it('is allowed by the CSP only when a Maps key is configured', async () => {
    const off = String((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(off).not.toContain('googleapis.com');
    const withMaps = await createTestApp({
      webDist,
      config: { google: { ...testConfig().google, mapsApiKey: 'maps-browser-key' } },
    });
    const res = await withMaps.app.inject({ method: 'GET', url: '/LocalActivities' });
    await withMaps.close();
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://maps.googleapis.com");
    expect(csp).toContain("connect-src 'self' https://maps.googleapis.com https://places.googleapis.com");
    expect(csp).toContain('https://maps.gstatic.com');
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('accounts.google.com');
  });
});

describe('the endpoint table: every endpoint of the contract has a route, parameters included', () => {
  const table: Endpoint[] = Object.values(endpoints);
  for (const e of table) {
    it(`${e.method} ${e.path}`, async () => {
      const url = `/api${e.path.replace(/\{\w+\}/g, '0b9f6a52-8f5b-4b8f-9d3f-2d3f1c2b1a00')}`;
      const res = await t.app.inject({ method: e.method, url });
      const missing = res.statusCode === 404 && String(res.json().error).startsWith('There is no API endpoint');
      expect(missing, `${e.method} ${url}`).toBe(false);
    });
  }
});

describe('the API document', () => {
  it('lists the endpoints at /api/docs/json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/login/v2/', '/api/token/refresh/']));
  });
});

describe('request logs', () => {
  it('never hold a realtime ticket, a bearer token or a cookie', async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    const logged = await createTestApp({ logger: { level: 'info', stream, ...logOptions } });
    try {
      const account = await createAccount(logged.database);
      const { access } = await login(logged.app, account.email, account.password);
      const { ticket } = (await inject(logged.app, endpoints.wsTicket, { access, headers: { cookie: 'll_device=secret-cookie' } })).json();
      await logged.app.inject({ method: 'GET', url: `/api/ws?ticket=${encodeURIComponent(ticket)}` });
      const text = lines.join('');
      expect(text).toContain('/api/ws?ticket=[redacted]');
      expect(text).not.toContain(ticket);
      expect(text).not.toContain(access);
      expect(text).not.toContain('secret-cookie');
    } finally {
      await logged.close();
    }
  });
});

describe('shutting down', () => {
  /**
   * An app whose caller sends `body` to `path` and hangs up once the handler has started, then is closed: no connection
   * is left for close() to wait for. `check` runs when close() has resolved, on the still open database; nothing may
   * have been logged as an error (a closed database met).
   */
  async function hangUpThenClose(path: string, body: (context: TestContext) => Promise<object>, check: (context: TestContext) => Promise<void>) {
    const lines: string[] = [];
    let arrived = () => {};
    const inHandler = new Promise<void>((resolve) => (arrived = resolve));
    const closing = await createTestApp({
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) }, ...logOptions },
      beforeReady: (app) =>
        app.addHook('preHandler', async (request) => {
          if (request.url === `/api${path}`) arrived();
        }),
    });
    try {
      const payload = JSON.stringify(await body(closing));
      await closing.app.listen({ port: 0, host: '127.0.0.1' });
      const request = http.request({ port: (closing.app.server.address() as AddressInfo).port, host: '127.0.0.1', method: 'POST', path: `/api${path}`, headers: { 'content-type': 'application/json' } });
      request.on('error', () => undefined);
      request.end(payload);
      await inHandler;
      request.destroy();
      await closing.app.close();
      await check(closing);
      expect(lines.filter((line) => /"level":(50|60)/.test(line))).toEqual([]);
    } finally {
      await closing.close();
    }
  }

  it('waits for a handler whose caller hung up: the log-in it was doing writes its session', async () => {
    let userId = '';
    await hangUpThenClose(
      endpoints.login.path,
      async (context) => {
        const account = await createAccount(context.database);
        userId = account.user.id;
        return { email: account.email, password: account.password };
      },
      async (context) => {
        // The password is checked after the handler starts, then the session written: both before close() resolved.
        expect(await context.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, userId))).toHaveLength(1);
      },
    );
  });

  it('drains the background work such a handler hands on: the sign-up\'s code is delivered before close() resolves', async () => {
    const email = 'late-at-shutdown@example.test';
    await hangUpThenClose(
      endpoints.register.path,
      async () => ({ email, phone_number: '+12025550143', username: 'lateatshutdown', password: 'Correct-Horse-Battery-9' }),
      async (context) => {
        expect(await context.database.db.select().from(devOutbox).where(eq(devOutbox.to, email))).toHaveLength(1);
      },
    );
  });
});

describe('the developer outbox', () => {
  it('requires ?to=: nobody lists everyone\'s codes at once', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { to: expect.any(String) } });
  });
});
