import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Endpoint, EndpointName } from '@localloop/contract';
import { users } from '../src/db/schema.ts';
import { defOf, fillPath, formatOf, multipartBody, png, sample, type Part, type SampleContext } from './inputs.ts';
import { ids, idFor, multipartEndpoints, problemWith, send, sessionEnders, setUpWorld, t, table, uploads, validInput, type Case, type Role } from './endpoint-world.ts';

/**
 * Property-based fuzzing of every endpoint (fast-check): path parameters, query strings and bodies generated from the
 * endpoint's own zod schemas (valid-looking values and the fixtures' ids, so many requests reach the handler), then
 * mutated: a field of the wrong type, huge and deeply nested values, unicode edge cases (lone surrogates, NUL, bidi
 * marks), SQL and HTML metacharacters, negative and huge numbers, impossible dates and time zones, prototype-pollution
 * keys. The two uploads get generated multipart bodies instead (uploadsFor). Each endpoint's cases are shared out among
 * the roles, a quarter each (a visitor, a user, the approved vendor, an operator). Every answer must be below 500,
 * in the one error shape when it is a 4xx, and come within 15 s; afterwards no prototype is polluted and nobody became
 * an operator.
 *
 * The run's seed is printed; `FUZZ_SEED=<seed>` replays it (`FUZZ_RUNS` sets the cases per endpoint, 24 by default).
 * The deterministic sweep of the same table (endpoint-sweep.test.ts) tries each hostile value field by field.
 */

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = Number(process.env.FUZZ_RUNS ?? 24);
const ANSWER_WITHIN_MS = 15_000;
console.log(`fuzz: seed ${SEED}, ${RUNS} cases per endpoint (replay: FUZZ_SEED=${SEED})`);

let user = { id: '' };
beforeAll(async () => {
  const { person } = await setUpWorld();
  user = person.user;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

// ---- Hostile values ----------------------------------------------------------------------------------

/**
 * A value nested `depth` levels deep, generated as a marker string and written out only in the request's JSON text: as a
 * real nested value it would overflow the stack of whatever walks it here (fast-check's report of a failing case).
 */
const nested = (depth: number, kind: 'array' | 'object') => `\u0001deep:${kind}:${depth}\u0001`;
const expandNested = (json: string) =>
  json.replace(/"\\u0001deep:(array|object):(\d+)\\u0001"/g, (_m, kind: string, n: string) => {
    const depth = Number(n);
    return kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  });

const hostileString = fc.oneof(
  fc.constantFrom(
    '<img src=x onerror=alert(1)>',
    '"><script>alert(1)</script>',
    "'; DROP TABLE users; --",
    "' OR 1=1 --",
    '%_\\',
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    '\u202egnp.exe',
    '\u200b\u200d\ufeff',
    'Zoë 🚀 مرحبا 中文 👩‍👩‍👧',
    'x'.repeat(100_000),
    '🚀'.repeat(5_000),
    '../../etc/passwd',
    '${7*7}{{7*7}}',
    '2030-02-30',
    '2030-13-01T25:61:00Z',
    '0000-00-00T00:00:00Z',
    '9999-12-31T23:59:59+14:00',
    'Mars/Olympus_Mons',
    'Etc/GMT+99',
    'NaN',
    '1e400',
    '-0',
    ' ',
    '',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

const hostileNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, 1.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, -(2 ** 53) - 1, 1e308, -1e308, Number.MIN_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.constantFrom(null, true, false, [], {}),
  fc.integer({ min: 20, max: 3_000 }).map((depth) => nested(depth, 'array')),
  fc.integer({ min: 20, max: 3_000 }).map((depth) => nested(depth, 'object')),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Keys that pollute a prototype where an object is merged without care. */
const pollutingKeys = fc.constantFrom('__proto__', 'constructor', 'prototype');

// ---- Values from the schemas -------------------------------------------------------------------------

const uuids = () => [...Object.values(ids).filter(Boolean), user.id];

/** Values a schema describes: the valid sample first among them, then others of its type and shape. */
function fromSchema(schema: z.ZodType, e: Endpoint, field: string, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const ctx: SampleContext = { uuid: (f) => idFor(e, f) };
  const valid = fc.constant(sample(schema, ctx, field));
  if (depth > 4) return valid;
  switch (def.type) {
    case 'object': {
      const shape = def.shape ?? {};
      const required = Object.entries(shape)
        .filter(([, s]) => !['optional', 'default'].includes(defOf(s).type))
        .map(([k]) => k);
      return fc.record(Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, fromSchema(s, e, k, depth + 1)])), { requiredKeys: required });
    }
    case 'optional':
    case 'default':
      return def.innerType ? fc.option(fromSchema(def.innerType, e, field, depth), { nil: undefined, freq: 4 }) : valid;
    case 'nullable':
      return def.innerType ? fc.option(fromSchema(def.innerType, e, field, depth), { nil: null, freq: 4 }) : valid;
    case 'nonoptional':
    case 'readonly':
      return def.innerType ? fromSchema(def.innerType, e, field, depth) : valid;
    case 'pipe':
      return def.in ? fromSchema(def.in, e, field, depth) : valid;
    case 'string': {
      const format = formatOf(schema);
      if (format === 'uuid') return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...uuids()) }, fc.uuid(), hostileString);
      if (format === 'email') return fc.oneof(valid, fc.emailAddress(), hostileString);
      return fc.oneof({ weight: 3, arbitrary: valid }, fc.string({ maxLength: 60 }), hostileString);
    }
    case 'number':
    case 'int':
      return fc.oneof({ weight: 3, arbitrary: valid }, fc.integer({ min: -5, max: 500 }), hostileNumber);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...Object.values(def.entries ?? { x: 'x' })) }, hostileString);
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'array':
      return def.element ? fc.array(fromSchema(def.element, e, field, depth + 1), { maxLength: 5 }) : valid;
    case 'union':
      return def.options?.length ? fc.oneof(...def.options.map((o) => fromSchema(o, e, field, depth + 1))) : valid;
    default:
      return valid;
  }
}

/** Every place in a value where another value sits, as paths (five levels down at most). */
function leafPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (path.length >= 5) return [path];
  if (Array.isArray(value)) return [path, ...value.flatMap((v, i) => leafPaths(v, [...path, i]))];
  if (value && typeof value === 'object') return [path, ...Object.entries(value).flatMap(([k, v]) => leafPaths(v, [...path, k]))];
  return [path];
}

function setAt(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return leaf;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head] = setAt(copy[head], rest, leaf);
  return copy;
}

/** A value from the schema, then sometimes one to three of its places (or the whole) replaced by hostile values. */
function mutated(base: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const replaced = fc.tuple(base, fc.array(fc.tuple(fc.nat(), hostileValue), { minLength: 1, maxLength: 3 })).map(([value, changes]) =>
    changes.reduce<unknown>((v, [at, leaf]) => {
      const paths = leafPaths(v);
      return setAt(v, paths[at % paths.length] ?? [], leaf);
    }, value),
  );
  return fc.oneof({ weight: 2, arbitrary: base }, { weight: 3, arbitrary: replaced });
}

/** A path segment as a client could send it: encoded when it can be, raw percent-escapes of a lone surrogate when not. */
const segment = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? 'undefined';
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};

/** Query values as text, sometimes a key twice, sometimes an extra key. */
function queryString(value: unknown, extra: [string, string] | null, twice: boolean): string {
  const search = new URLSearchParams();
  const entries: [string, unknown][] = value && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : [['q', value]];
  for (const [k, v] of entries) {
    if (v === undefined) continue;
    const text = typeof v === 'string' ? v : JSON.stringify(v) ?? '';
    try {
      encodeURIComponent(text);
      search.append(k, text);
      if (twice) search.append(k, '2');
    } catch {
      search.append(k, 'x');
    }
  }
  if (extra) search.append(...extra);
  return search.toString();
}

type Generated = { role: Role; params: unknown; query: unknown; body: unknown; extraQuery: [string, string] | null; twice: boolean; polluting: string | null };

const roles: Role[] = ['visitor', 'user', 'vendor', 'operator'];
/** The cases each role gets at each endpoint: the run's cases per endpoint, shared out. */
const RUNS_PER_ROLE = Math.ceil(RUNS / roles.length);

function requestsFor(name: EndpointName, e: Endpoint, role: Role): fc.Arbitrary<Generated> {
  const valid = validInput(name, e);
  return fc.record({
    role: fc.constant(role),
    params: e.params ? mutated(fromSchema(e.params, e, '')) : fc.constant(valid.params),
    query: e.query ? mutated(fromSchema(e.query, e, '')) : fc.constant(undefined),
    body: e.body ? mutated(fromSchema(e.body, e, '')) : fc.oneof(fc.constant(undefined), hostileValue),
    extraQuery: fc.option(fc.tuple(fc.oneof(pollutingKeys, fc.string({ maxLength: 10 })), fc.string({ maxLength: 20 })), { nil: null }),
    twice: fc.boolean(),
    polluting: fc.option(pollutingKeys, { nil: null, freq: 3 }),
  });
}

/** The request a generated case makes. */
function requestOf(name: EndpointName, e: Endpoint, g: Generated) {
  const params = g.params && typeof g.params === 'object' ? (g.params as Record<string, unknown>) : {};
  const path = fillPath(e, Object.fromEntries(Object.keys(validInput(name, e).params).map((k) => [k, segment(params[k] ?? 'x')])));
  const qs = g.query === undefined && !g.extraQuery ? '' : queryString(g.query, g.extraQuery, g.twice);
  let payload: string | undefined;
  if (e.method !== 'GET' && g.body !== undefined) {
    payload = expandNested(JSON.stringify(g.body) ?? 'null');
    // A key that pollutes a prototype, as JSON carries it (an object literal would set the prototype instead).
    if (g.polluting && payload.startsWith('{')) payload = `{"${g.polluting}":{"isOperator":true,"is_operator":true,"prototype":{"polluted":1}}${payload === '{}' ? '' : ','}${payload.slice(1)}`;
  }
  return {
    label: `${g.role}: ${e.method} ${path.slice(0, 200)}${qs ? `?${qs.slice(0, 200)}` : ''} ${payload ? `body ${payload.slice(0, 300)}` : ''}`,
    role: g.role,
    method: e.method,
    url: `${path}${qs ? `?${qs}` : ''}`,
    ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'application/json' } }),
    endsSessions: sessionEnders.has(name),
  };
}

type Upload = { role: Role; parts: Part[]; broken: { cutAt: number } | { contentType: string } | null };

/**
 * Multipart bodies for an upload, as a client could send them: parts generated around the valid ones (the file field
 * with a real PNG, the kind), then mutated: unknown or hostile field names and values, file names that climb out or
 * hide their extension, bytes that are random, cut short or trailed by garbage, a PDF header on nonsense, parts
 * repeated or missing; and sometimes the framing broken (cut short, another boundary, another content type).
 */
function uploadsFor(fileField: string, role: Role, image: Buffer): fc.Arbitrary<Upload> {
  const name = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(fileField, 'kind') }, fc.constantFrom('images', 'file', 'caption', '__proto__'), hostileString);
  const bytes = fc.oneof(
    { weight: 3, arbitrary: fc.constant(image) },
    fc.nat({ max: image.length }).map((n) => image.subarray(0, n)),
    fc.uint8Array({ maxLength: 2048 }).map((extra) => Buffer.concat([image, extra])),
    fc.uint8Array({ maxLength: 2048 }).map((random) => Buffer.from(random)),
    fc.uint8Array({ maxLength: 512 }).map((random) => Buffer.concat([Buffer.from('%PDF-1.7\n'), random])),
  );
  const fileName = fc.oneof({ weight: 3, arbitrary: fc.constantFrom('a.png', 'scan.pdf', 'photo.jpeg') }, hostileString);
  const part: fc.Arbitrary<Part> = fc.oneof(
    fc.record({ name, value: fc.oneof({ weight: 3, arbitrary: fc.constantFrom('identity', 'business', 'other') }, hostileString) }),
    fc.record({ name, fileName, bytes }),
  );
  const valid: Part[] = [
    { name: 'kind', value: 'identity' },
    { name: fileField, fileName: 'a.png', bytes: image },
  ];
  const around = fc.tuple(fc.nat({ max: valid.length }), fc.array(part, { minLength: 1, maxLength: 3 })).map(([at, extra]) => [...valid.slice(0, at), ...extra, ...valid.slice(at)]);
  const contentTypes = fc.constantFrom('multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; boundary=other', 'application/json', 'image/png');
  return fc.record({
    role: fc.constant(role),
    parts: fc.oneof(fc.constant(valid), fc.array(part, { maxLength: 6 }), around),
    broken: fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, fc.record({ cutAt: fc.nat() }), fc.record({ contentType: fc.oneof(contentTypes, hostileString) })),
  });
}

/** The request a generated upload makes: its parts serialised by the platform's FormData, then its framing broken. */
async function uploadRequest(e: Endpoint, g: Upload): Promise<Case> {
  const form = await multipartBody(g.parts);
  const payload = g.broken && 'cutAt' in g.broken ? form.payload.subarray(0, g.broken.cutAt % (form.payload.length + 1)) : form.payload;
  const contentType = g.broken && 'contentType' in g.broken ? g.broken.contentType : form.contentType;
  const parts = g.parts.map((p) => ('value' in p ? `${p.name}=${p.value.slice(0, 60)}` : `${p.name}=${p.fileName.slice(0, 60)} (${p.bytes.length} bytes)`));
  return {
    label: `${g.role}: ${e.method} /api${e.path} multipart [${parts.join(', ')}]${g.broken ? ` ${JSON.stringify(g.broken)}` : ''}`,
    role: g.role,
    method: e.method,
    url: `/api${e.path}`,
    payload,
    headers: { 'content-type': contentType },
  };
}

/** Sends each generated case, as a role; every answer must be below 500, in the error shape when a 4xx, and in time. */
async function check<G>(seed: number, cases: fc.Arbitrary<G>, requestFor: (g: G) => Case | Promise<Case>) {
  const property = fc.asyncProperty(cases, async (g) => {
    const request = await requestFor(g);
    const res: LightMyRequestResponse = await withinTime(send(request));
    sent += 1;
    if (res.statusCode < 400) handled += 1;
    const problem = problemWith(res);
    if (problem) throw new Error(`${request.label}\n  -> ${problem}`);
  });
  try {
    await fc.assert(property, { seed, numRuns: RUNS_PER_ROLE, endOnFailure: true });
  } catch (err) {
    // fast-check keeps what the failing case threw (the request and the problem with its answer) as the cause.
    const { message, cause } = err as Error;
    throw new Error(`replay with FUZZ_SEED=${SEED} (this case's seed ${seed}):\n${message}\n${cause instanceof Error ? cause.message : ''}`);
  }
}

const withinTime = <T,>(work: Promise<T>) =>
  Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`)), ANSWER_WITHIN_MS).unref())]);

let sent = 0;
let handled = 0;

describe(`generated and mutated inputs (fast-check, seed ${SEED})`, () => {
  table
    .filter(([, e]) => !multipartEndpoints.has(e))
    .forEach(([name, e], index) => {
      it(`${e.method} ${e.path}`, async () => {
        for (const [r, role] of roles.entries()) {
          await check((SEED + index * 7919 + r) % 2 ** 31, requestsFor(name, e, role), (g) => requestOf(name, e, g));
        }
      }, 120_000);
    });

  uploads.forEach(({ endpoint: e, fileField }, index) => {
    it(`${e.method} ${e.path} (generated multipart bodies)`, async () => {
      const image = await png();
      for (const [r, role] of roles.entries()) {
        await check((SEED + (table.length + index) * 7919 + r) % 2 ** 31, uploadsFor(fileField, role, image), (g) => uploadRequest(e, g));
      }
    }, 120_000);
  });

  it('polluted no prototype and made nobody an operator', async () => {
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>).isOperator).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const [row] = await t.database.db.select({ isOperator: users.isOperator }).from(users).where(eq(users.id, user.id));
    expect(row?.isOperator).toBe(false);
    console.log(`fuzz: ${sent} requests sent, ${handled} answered 2xx/3xx by a handler`);
    expect(sent).toBeGreaterThanOrEqual(RUNS_PER_ROLE * roles.length * table.length);
  });
});
