import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Endpoint } from '@localloop/contract';
import { logOptions } from '../src/lib/logging.ts';
import { createAccount, createTestApp, login, testConfig, type TestContext } from './helper.ts';

let t: TestContext;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'localloop-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
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

describe('the endpoint table', () => {
  it('has a route for every endpoint of the contract, parameters included', async () => {
    const table: Endpoint[] = Object.values(endpoints);
    for (const e of table) {
      const url = `/api${e.path.replace(/\{\w+\}/g, '0b9f6a52-8f5b-4b8f-9d3f-2d3f1c2b1a00')}`;
      const res = await t.app.inject({ method: e.method, url });
      const missing = res.statusCode === 404 && String(res.json().error).startsWith('There is no API endpoint');
      expect(missing, `${e.method} ${url}`).toBe(false);
    }
  });
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
      const { ticket } = (await logged.app.inject({ method: 'POST', url: '/api/ws/ticket/', headers: { authorization: `Bearer ${access}`, cookie: 'll_device=secret-cookie' } })).json();
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

describe('the developer outbox', () => {
  it('requires ?to=: nobody lists everyone\'s codes at once', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { to: expect.any(String) } });
  });
});
