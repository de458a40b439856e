import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { endpoints, type Endpoint, type EndpointName } from '@localloop/contract';
import { createTokenService } from '../src/lib/tokens.ts';
import { fillPath, multipartBody, png, shapeOf, type Part } from './inputs.ts';
import { createAccount, inject, testConfig } from './helper.ts';
import {
  ids,
  json,
  multipartEndpoints,
  uploads,
  problemWith,
  rolesFor,
  sessionEnders,
  setUpWorld,
  sweep,
  t,
  table,
  url,
  validInput,
  type Case,
  type Payload,
  type Role,
} from './endpoint-world.ts';

/**
 * A sweep over the whole endpoint table (a new endpoint is swept as soon as it is in the contract):
 * - every endpoint that needs a session refuses a missing, malformed, expired or forged bearer, and a deleted
 *   account's, with 401 in the one error shape, before it looks at the body;
 * - no input makes any endpoint answer 500: malformed path parameters, query strings and bodies of every JSON
 *   type, field by field on top of a valid body so that the handlers past validation run too, signed in as a
 *   fresh user and as the vendor or operator the endpoint is for. Every 4xx is `{error, code, fields?}`, and a
 *   schema error names the field to blame.
 * The two multipart uploads get malformed multipart bodies instead of JSON; the WebSocket route (not in the table)
 * gets its plain-HTTP refusals. /dev/outbox is in the table and swept like the others.
 */

const stale: { label: string; header: string }[] = [];

beforeAll(async () => {
  const { person, signIn } = await setUpWorld();
  // Bearer headers that are not a session.
  const secret = testConfig().jwtSecret;
  const someone = person.user.id;
  const key = (s: string) => new TextEncoder().encode(s);
  const past = createTokenService(secret, () => new Date(Date.now() - 2 * 60 * 60 * 1000));
  const refreshTyped = await new SignJWT({ typ: 'refresh' }).setProtectedHeader({ alg: 'HS256' }).setSubject(someone).setIssuer('localloop').setIssuedAt().setExpirationTime('10m').sign(key(secret));
  const claims = { userId: someone, version: 0, authTime: Math.floor(Date.now() / 1000) };
  const otherSecret = createTokenService('another-secret-that-is-long-enough-for-hs256', () => new Date()).signAccess(claims);
  const noExpiry = await new SignJWT({ typ: 'access', ver: 0, auth_time: claims.authTime }).setProtectedHeader({ alg: 'HS256' }).setSubject(someone).setIssuer('localloop').setIssuedAt().sign(key(secret));
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const notUuid = await new SignJWT({ typ: 'access' }).setProtectedHeader({ alg: 'HS256' }).setSubject('not-a-uuid').setIssuer('localloop').setIssuedAt().setExpirationTime('10m').sign(key(secret));
  const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ typ: 'access', sub: someone, iss: 'localloop', exp: Math.floor(Date.now() / 1000) + 600 })}.`;
  const ghost = await createAccount(t.database);
  const ghostAccess = await signIn(ghost);
  const gone = await inject(t.app, endpoints.deleteAccount, { access: ghostAccess, body: { password: ghost.password, confirm: true } });
  if (gone.statusCode !== 200) throw new Error(`fixture: account not deleted: ${gone.body}`);
  const loggedOut = await createAccount(t.database);
  const loggedOutAccess = await signIn(loggedOut);
  const everywhere = await inject(t.app, endpoints.logoutAll, { access: loggedOutAccess });
  if (everywhere.statusCode !== 200) throw new Error(`fixture: not logged out everywhere: ${everywhere.body}`);
  stale.push(
    { label: 'an empty bearer', header: 'Bearer ' },
    { label: 'a word', header: 'Bearer not-a-token' },
    { label: 'three dots', header: 'Bearer a.b.c' },
    { label: 'a 10 kB token', header: `Bearer ${'x'.repeat(10_000)}` },
    { label: 'another scheme', header: 'Basic dXNlcjpwYXNzd29yZA==' },
    { label: 'an expired token', header: `Bearer ${past.signAccess(claims)}` },
    { label: 'a well-signed token without an expiry', header: `Bearer ${noExpiry}` },
    { label: 'a token signed with another key', header: `Bearer ${otherSecret}` },
    { label: 'an unsigned token (alg none)', header: `Bearer ${unsigned}` },
    { label: 'a token that is not an access token', header: `Bearer ${refreshTyped}` },
    { label: 'a well-signed token whose subject is not a user id', header: `Bearer ${notUuid}` },
    { label: 'a deleted account\'s unexpired token', header: `Bearer ${ghostAccess}` },
    { label: 'an unexpired token issued before a logout everywhere', header: `Bearer ${loggedOutAccess}` },
  );
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('the inputs the sweep builds from the contract', () => {
  it('are valid for every endpoint, so the sweep reaches past validation (add to bodyOverrides when one is not)', () => {
    for (const [name, e] of table) {
      const input = validInput(name, e);
      const checks: [z.ZodType | undefined, unknown][] = [
        [e.params, input.params],
        [e.query, input.query],
        [e.body, input.body],
      ];
      for (const [schema, value] of checks) {
        if (!schema) continue;
        const result = schema.safeParse(value);
        expect(result.success, `${name}: ${result.error?.message}`).toBe(true);
      }
    }
  });
});

// ---- 1. Authentication -----------------------------------------------------------------------------

describe('every endpoint that needs a session', () => {
  for (const [name, e] of table.filter(([, e]) => e.auth !== 'none' && e.auth !== 'optional')) {
    it(`${e.method} ${e.path} refuses a missing or unusable bearer with 401, before reading the body`, async () => {
      const { params, query, body } = validInput(name, e);
      const target = url(e, params, query);
      const bodies: { label: string; payload?: string | Buffer; headers?: Record<string, string> }[] = [{ label: 'no body' }];
      if (e.method !== 'GET') bodies.push({ label: 'a garbage body', ...json([1, 2]) });
      if (e.body) bodies.push({ label: 'a valid body', ...json(body) });
      if (multipartEndpoints.has(e)) {
        const form = await multipartBody([{ name: 'file', fileName: 'a.png', bytes: await png() }]);
        bodies.push({ label: 'a multipart body', payload: form.payload, headers: { 'content-type': form.contentType } });
      }
      const headers = [{ label: 'no authorization header', header: '' }, ...stale];
      const cases: Case[] = headers.flatMap((h) =>
        bodies.map((b) => ({
          label: `${h.label}, ${b.label}`,
          role: 'visitor' as const,
          method: e.method,
          url: target,
          ...(b.payload === undefined ? {} : { payload: b.payload }),
          headers: { ...b.headers, ...(h.header ? { authorization: h.header } : {}) },
        })),
      );
      const { failures } = await sweep(cases, (res) => {
        if (res.statusCode !== 401) return `answered ${res.statusCode}, not 401: ${res.body.slice(0, 200)}`;
        const problem = problemWith(res);
        if (problem) return problem;
        const { code } = res.json();
        return code === 'UNAUTHENTICATED' || code === 'TOKEN_INVALID' ? null : `401 with code ${code}`;
      });
      expect(failures).toEqual([]);
    });
  }

  for (const [name, e] of table.filter(([, e]) => e.auth === 'optional')) {
    it(`${e.method} ${e.path} (session optional) answers a visitor, and refuses an unusable bearer with 401 so the client refreshes`, async () => {
      const { params, query, body } = validInput(name, e);
      const target = url(e, params, query);
      const payload: Payload = e.body ? json(body) : {};
      const visitor = await sweep([{ label: 'no authorization header', role: 'visitor', method: e.method, url: target, ...payload }]);
      expect(visitor).toEqual({ failures: [], handled: 1 });
      const cases: Case[] = stale
        .filter((s) => s.label !== 'another scheme' && s.label !== 'an empty bearer')
        .map((s) => ({ label: s.label, role: 'visitor', method: e.method, url: target, ...payload, headers: { ...payload.headers, authorization: s.header } }));
      const { failures } = await sweep(cases, (res) => (res.statusCode === 401 ? problemWith(res) : `answered ${res.statusCode}, not 401`));
      expect(failures).toEqual([]);
    });
  }
});

// ---- 2. Garbage in, never a 500 --------------------------------------------------------------------

const badPathValues: [string, string][] = [
  ['not a uuid', 'not-a-uuid'],
  ['zero', '0'],
  ['negative', '-1'],
  ['a uuid in capitals', '0B9F6A52-8F5B-4B8F-9D3F-2D3F1C2B1A00'],
  ['a uuid and more', '0b9f6a52-8f5b-4b8f-9d3f-2d3f1c2b1a000'],
  ['the nil uuid', '00000000-0000-0000-0000-000000000000'],
  ['a uuid of nothing', '0b9f6a52-8f5b-4b8f-9d3f-2d3f1c2b1a00'],
  ['60 characters', 'x'.repeat(60)],
  ['101 characters (past the router\'s limit)', 'x'.repeat(101)],
  ['unicode', encodeURIComponent('ünïcødé 🚀 مرحبا')],
  ['a NUL byte', '%00'],
  ['a NUL byte inside', 'ab%00cd'],
  ['broken percent-encoding', '%E0%A4%A'],
  ['a lone percent sign', '%'],
  ['a climb out', '..%2F..%2Fetc%2Fpasswd'],
  ['SQL', encodeURIComponent("' OR 1=1 --")],
  ['a space', '%20'],
];

const badQueryValues: [string, string][] = [
  ['letters', 'abc'],
  ['negative', '-1'],
  ['zero', '0'],
  ['a fraction', '1.5'],
  ['beyond a double', '1e309'],
  ['below a double', '-1e309'],
  ['twenty digits', '99999999999999999999'],
  ['NaN', 'NaN'],
  ['Infinity', 'Infinity'],
  ['empty', ''],
  ['a NUL byte', 'a\u0000b'],
  ['unicode', 'ünïcødé 🚀 \u202e مرحبا'],
  ['SQL', "' OR 1=1 --"],
  ['LIKE wildcards', '%_\\'],
  ['5000 characters', 'x'.repeat(5000)],
  ['a boolean', 'true'],
];

/** A deeply nested value: arrays or objects `depth` levels down. */
const nested = (depth: number, kind: 'array' | 'object') => JSON.parse(kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);

const badJsonValues: [string, unknown][] = [
  ['null', null],
  ['true', true],
  ['negative', -1],
  ['a fraction', 1.5],
  ['a huge number', 1e308],
  ['past safe integers', 2 ** 53 + 1],
  ['an empty string', ''],
  ['a 100 000-character string', 'x'.repeat(100_000)],
  ['a NUL byte', 'a\u0000b'],
  ['unicode', 'Zoë 🚀 \u202e مرحبا 中文 \ud800'],
  ['SQL and LIKE wildcards', "' OR 1=1; -- %_\\"],
  ['an empty array', []],
  ['an array of strings', ['a', 'b']],
  ['an empty object', {}],
  ['a nested object', nested(40, 'object')],
];

/** Every place in a sample body where a value sits, as paths: ["hours", 0, "weekday"]. */
function leafPaths(value: unknown, path: (string | number)[] = [], depth = 0): (string | number)[][] {
  if (depth > 3) return [path];
  if (Array.isArray(value)) return value.length ? value.flatMap((v, i) => leafPaths(v, [...path, i], depth + 1)) : [path];
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length ? entries.flatMap(([k, v]) => leafPaths(v, [...path, k], depth + 1)) : [path];
  }
  return [path];
}

const REMOVE = Symbol('remove');
function setAt(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  if (head === undefined) return value;
  if (rest.length === 0 && leaf === REMOVE) {
    delete copy[head];
    return copy;
  }
  copy[head] = setAt(copy[head], rest, leaf);
  return copy;
}
const getAt = (value: unknown, path: (string | number)[]): unknown =>
  path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string | number, unknown>)[k] : undefined), value);

function garbageCases(name: EndpointName, e: Endpoint, role: Role): Case[] {
  const { params, query, body } = validInput(name, e);
  const base = { role, method: e.method };
  const withBody: Payload = e.body ? json(body) : {};
  const cases: Case[] = [{ ...base, ...withBody, label: 'the valid input', url: url(e, params, query) }];

  // Path parameters: malformed, too long, unicode, and the fixtures' other ids (a document's id where an address's goes).
  for (const param of Object.keys(params)) {
    const values = [...badPathValues, ...Object.entries(ids).map(([k, v]): [string, string] => [`the ${k} fixture's id`, v])];
    for (const [label, value] of values) {
      const path = fillPath(e, { ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, encodeURIComponent(v)])), [param]: value });
      const qs = new URLSearchParams(query).toString();
      cases.push({ ...base, ...withBody, label: `path ${param}: ${label}`, url: `${path}${qs ? `?${qs}` : ''}`, blame: param });
    }
  }

  // Query strings: wrong types, huge numbers, negative pages, arrays where one value goes, unknown keys.
  const queryKeys = Object.keys(shapeOf(e.query) ?? {});
  for (const key of queryKeys) {
    for (const [label, value] of badQueryValues) {
      cases.push({ ...base, ...withBody, label: `query ${key}: ${label}`, url: url(e, params, { ...query, [key]: value }), blame: key });
    }
    const twice = new URLSearchParams(query);
    twice.append(key, query[key] ?? '1');
    twice.append(key, '2');
    cases.push({ ...base, ...withBody, label: `query ${key} twice`, url: url(e, params, twice.toString()), blame: key });
    const rest = { ...query };
    delete rest[key];
    cases.push({ ...base, ...withBody, label: `query without ${key}`, url: url(e, params, rest), blame: key });
  }
  for (const [label, qs] of [
    ['unknown and bracketed keys', 'page=-1&page_size=1000000000&x[]=1&y[z]=2&__proto__=1'],
    ['broken percent-encoding', '%zz=%E0%A4%A&q=%'],
    ['empty keys', '=&&=1'],
  ] as const) {
    const valid = new URLSearchParams(query).toString();
    cases.push({ ...base, ...withBody, label: `query: ${label}`, url: url(e, params, valid ? `${valid}&${qs}` : qs) });
  }

  if (e.method === 'GET') return cases;
  const target = url(e, params, query);

  // Whole bodies of the wrong JSON type, malformed JSON, other content types, too large.
  const wholeBodies: [string, string, string][] = [
    ['an array', '[]', 'application/json'],
    ['a string', '"text"', 'application/json'],
    ['null', 'null', 'application/json'],
    ['a number', '42', 'application/json'],
    ['a negative number', '-1e308', 'application/json'],
    ['true', 'true', 'application/json'],
    ['an empty object', '{}', 'application/json'],
    ['arrays 10 000 deep', `${'['.repeat(10_000)}${']'.repeat(10_000)}`, 'application/json'],
    ['objects 5 000 deep', `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`, 'application/json'],
    ['malformed JSON', '{"a": ', 'application/json'],
    ['an empty body', '', 'application/json'],
    ['a __proto__ key', '{"__proto__": {"isOperator": true}, "constructor": {"prototype": {"x": 1}}}', 'application/json'],
    ['JSON as text/plain', JSON.stringify(body ?? {}), 'text/plain'],
    ['a form', 'a=1&b=2', 'application/x-www-form-urlencoded'],
    ['multipart', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n', 'multipart/form-data; boundary=x'],
    ['JSON in another charset', JSON.stringify(body ?? {}), 'application/json; charset=utf-16'],
    ['a body over 1 MB', JSON.stringify({ ...(body && typeof body === 'object' ? body : {}), pad: 'x'.repeat(1_100_000) }), 'application/json'],
  ];
  for (const [label, payload, contentType] of wholeBodies) {
    cases.push({ ...base, label: `body: ${label}`, url: target, payload, headers: { 'content-type': contentType } });
  }
  // The flow cookie that /resend-otp/ and the resend endpoints read, forged (once per endpoint).
  const cookie = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
  for (const [label, value] of [
    ['not base64', '!!!'],
    ['not JSON', cookie('not json')],
    ['wrong types', cookie({ id: 5, purpose: ['x'], to: null })],
    ['a NUL byte in the address', cookie({ id: randomUUID(), purpose: 'password_reset', to: 'a\u0000b@example.test' })],
    ['a phone number as a reset address', cookie({ id: randomUUID(), purpose: 'password_reset', to: '+15550000000' })],
    ['an unknown purpose', cookie({ id: randomUUID(), purpose: 'admin', to: 'x@example.test' })],
  ] as const) {
    if (role !== rolesFor(e)[0]) break;
    cases.push({ ...base, label: `flow cookie: ${label}`, url: target, payload: withBody.payload ?? '{}', headers: { 'content-type': 'application/json', cookie: `ll_code_flow=${value}` } });
  }
  if (!e.body || !body || typeof body !== 'object') return cases;

  cases.push({ ...base, label: 'body with unknown fields', url: target, ...json({ ...body, unknown_field: 'x', is_operator: true, user_id: randomUUID() }) });
  // Field by field on top of a valid body, nested fields included (hours.0.weekday).
  for (const path of leafPaths(body)) {
    const field = path.join('.');
    const current = getAt(body, path);
    const variants: [string, unknown][] = [...badJsonValues, ['removed', REMOVE]];
    if (typeof current === 'string' && current.length > 1) {
      variants.push(
        ['the valid value with a NUL byte inside', `${current.slice(0, 1)}\u0000${current.slice(1)}`],
        ['the valid value with emoji and bidi marks', `${current} 🚀\u202e`],
      );
    }
    for (const [label, value] of variants) {
      cases.push({ ...base, label: `body ${field}: ${label}`, url: target, ...json(setAt(body, path, value)), blame: String(path[0]) });
    }
  }

  return cases;
}

describe('no input makes an endpoint answer 500', () => {
  for (const [name, e] of table.filter(([, e]) => !multipartEndpoints.has(e))) {
    it(`${e.method} ${e.path}`, async () => {
      const cases = rolesFor(e)
        .flatMap((role) => garbageCases(name, e, role))
        .map((c) => ({ ...c, endsSessions: sessionEnders.has(name) }));
      const { failures, handled } = await sweep(cases);
      expect(failures).toEqual([]);
      // The sweep is only worth something if some of it got past validation into the handler.
      expect(handled, 'answers from the handler itself').toBeGreaterThan(0);
    });
  }
});

// ---- 3. Multipart uploads: malformed multipart, not JSON ------------------------------------------

describe('the multipart uploads refuse malformed multipart in the error shape', () => {
  for (const { endpoint: e, owner: role, fileField } of uploads) {
    it(`${e.method} ${e.path}`, async () => {
      const image = await png();
      const valid = await multipartBody([
        { name: 'kind', value: 'identity' },
        { name: fileField, fileName: 'a.png', bytes: image },
      ]);
      const boundary = valid.contentType.split('boundary=')[1] ?? '';
      const raw = (contentType: string, payload: string | Buffer, label: string): Case => ({ label, role, method: e.method, url: `/api${e.path}`, payload, headers: { 'content-type': contentType } });
      const form = async (label: string, parts: Part[]) => {
        const built = await multipartBody(parts);
        return raw(built.contentType, built.payload, label);
      };
      const cases: Case[] = [
        raw('multipart/form-data', valid.payload, 'no boundary'),
        raw('multipart/form-data; boundary=', valid.payload, 'an empty boundary'),
        raw('multipart/form-data; boundary=something-else', valid.payload, 'a boundary the body does not use'),
        raw(valid.contentType, valid.payload.subarray(0, Math.floor(valid.payload.length / 2)), 'a body cut in half'),
        raw(valid.contentType, valid.payload.subarray(0, valid.payload.length - 10), 'a body without its closing boundary'),
        raw(valid.contentType, '', 'an empty body'),
        raw(valid.contentType, `--${boundary}\r\n\r\n\r\n--${boundary}--\r\n`, 'a part without headers'),
        raw(valid.contentType, `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${boundary}--\r\n`, 'a part without a name'),
        raw(valid.contentType, 'x'.repeat(1000), 'bytes that are not multipart'),
        raw('application/json', '{"images": []}', 'JSON'),
        raw('text/plain', 'hello', 'text'),
        await form('wrong field names', [
          { name: 'document', value: 'identity' },
          { name: 'photo', fileName: 'a.png', bytes: image },
        ]),
        await form('only a text field', [{ name: 'kind', value: 'identity' }]),
        await form('a file of zero bytes', [
          { name: 'kind', value: 'identity' },
          { name: fileField, fileName: 'empty.png', bytes: Buffer.alloc(0) },
        ]),
        await form('text posing as an image', [
          { name: 'kind', value: 'identity' },
          { name: fileField, fileName: 'a.png', bytes: Buffer.from('not an image at all') },
        ]),
        await form('a file name that climbs out, with a NUL byte', [
          { name: 'kind', value: 'identity' },
          { name: fileField, fileName: '../../../etc/passwd\u0000.png', bytes: image },
        ]),
        await form('a unicode file name', [
          { name: 'kind', value: 'identity' },
          { name: fileField, fileName: 'ünïcødé 🚀 \u202egnp.exe', bytes: image },
        ]),
        await form('an unknown kind', [
          { name: 'kind', value: 'passport\u0000' },
          { name: fileField, fileName: 'a.png', bytes: image },
        ]),
        await form('a kind twice', [
          { name: 'kind', value: 'identity' },
          { name: 'kind', value: 'other' },
          { name: fileField, fileName: 'a.png', bytes: image },
        ]),
        await form('thirty text fields', Array.from({ length: 30 }, (_, i) => ({ name: `f${i}`, value: 'x' }))),
        await form('two files', [
          { name: 'kind', value: 'identity' },
          { name: fileField, fileName: 'a.png', bytes: image },
          { name: fileField, fileName: 'b.png', bytes: image },
        ]),
      ];
      expect((await sweep(cases)).failures).toEqual([]);
    });
  }
});

// ---- 4. The WebSocket route, asked over plain HTTP ------------------------------------------------

describe('the realtime socket route (not in the table)', () => {
  it('refuses a missing, made-up, repeated, oversized or NUL ticket with 401 in the error shape', async () => {
    const cases: Case[] = ['', '?ticket=', '?ticket=made-up', '?ticket=a&ticket=b', `?ticket=${'x'.repeat(5000)}`, '?ticket=%00', '?ticket=%E0%A4%A'].map((qs) => ({
      label: qs || 'no ticket',
      role: 'visitor',
      method: 'GET',
      url: `/api/ws${qs}`,
    }));
    expect((await sweep(cases, (res) => (res.statusCode === 401 ? problemWith(res) : `answered ${res.statusCode}, not 401`))).failures).toEqual([]);
  });
});
