import type { LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import { ErrorResponse, type BodyOf, type Endpoint, type ParamsOf, type QueryOf, type ResponseOf } from '@localloop/contract';
import type { App } from '../src/lib/http.ts';

const uncheckedValue = Symbol('unchecked');
const encodedBody = Symbol('encoded');

/** Params, a query or a body the compiler does not check against the contract: a test of how wrong input is answered. */
export type Unchecked = { readonly [uncheckedValue]: unknown };
/** A body already encoded, sent under its own content type (a multipart upload). */
export type Encoded = { readonly [encodedBody]: { payload: string | Buffer; contentType: string } };

/** Deliberately wrong input, sent as it is: a body as JSON (`raw(undefined)` sends none), a query string as written. */
export function raw(value: unknown): Unchecked {
  return { [uncheckedValue]: value };
}

/** A body sent as these bytes under this content type: `encoded(await multipartBody(parts))`. */
export function encoded(body: { payload: string | Buffer; contentType: string }): Encoded {
  return { [encodedBody]: body };
}

const isUnchecked = (value: unknown): value is Unchecked => typeof value === 'object' && value !== null && uncheckedValue in value;
const isEncoded = (value: unknown): value is Encoded => typeof value === 'object' && value !== null && encodedBody in value;

type QueryValue = string | number | boolean | null | undefined;
/** A query value as a URL carries it: a schema's coerced field takes anything, the query string only these. */
type QueryArg<Q> = { [K in keyof Q]: Q[K] & QueryValue };

/** An argument named K: absent without a schema, optional when every key of it is, else required; raw() fits any. */
type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: Unchecked }
  : Partial<T> extends T
    ? { [P in K]?: T | Unchecked }
    : { [P in K]: T | Unchecked };

type BodyPart<E extends Endpoint> = E['body'] extends z.ZodType
  ? undefined extends BodyOf<E>
    ? { body?: BodyOf<E> | Unchecked | Encoded }
    : { body: BodyOf<E> | Unchecked | Encoded }
  : { body?: Unchecked | Encoded };

/** What a call sends besides the endpoint's input: who is calling, from where, with which other headers. */
export type Sender = {
  /** An access token, sent as `authorization: Bearer …`. */
  access?: string | null;
  /** More headers; one whose value is undefined is left out. */
  headers?: Record<string, string | undefined>;
  remoteAddress?: string;
};

/** The query of an endpoint as inject() takes it, for a test's own helper around one endpoint. */
export type InjectQuery<E extends Endpoint> = QueryArg<QueryOf<E>>;

/** params, query and body are typed by the endpoint's schemas: a misspelt key or a wrong type fails to compile. */
export type InjectArgs<E extends Endpoint> = Sender & Part<'params', ParamsOf<E>> & Part<'query', InjectQuery<E>> & BodyPart<E>;
export type InjectRest<E extends Endpoint> = Partial<InjectArgs<E>> extends InjectArgs<E> ? [args?: InjectArgs<E>] : [args: InjectArgs<E>];

/** The light-my-request response, with its body read by the endpoint's success shape or as the one error shape. */
export type Answer<E extends Endpoint> = Omit<LightMyRequestResponse, 'json'> & {
  /** The endpoint's answer, typed by its response schema; throws unless the status is the endpoint's success status. */
  json(): ResponseOf<E>;
  /** The error body, checked to be the one error shape; throws on a success. */
  error(): ErrorResponse;
};

/** What inject() hands on, once the compiler has checked the arguments against the endpoint. */
type SentArgs = Sender & { params?: unknown; query?: unknown; body?: unknown };

/**
 * Calls one contract endpoint through the app: its method, its path under /api with `{param}` filled from `params`,
 * `query` encoded, `body` as JSON, signed in with `access` when given. Typed by the endpoint like the web's call().
 */
export function inject<E extends Endpoint>(app: App, endpoint: E, ...rest: InjectRest<E>): Promise<Answer<E>> {
  // Checked against E at the call site; TypeScript cannot follow E's schemas into this generic body.
  return send(app, endpoint, rest[0] ?? {});
}

/** inject() bound to an app, as one client would call it. */
export type Client = <E extends Endpoint>(endpoint: E, ...rest: InjectRest<E>) => Promise<Answer<E>>;

/**
 * One client of the app (a browser, a device at an address): `sender()` says what each of its calls sends besides its
 * own arguments (an address, cookies), and `onAnswer` sees every answer (to keep the cookies it sets).
 */
export function clientOf(app: App, sender: () => Sender, onAnswer?: (res: Omit<LightMyRequestResponse, 'json'>) => void): Client {
  return async (endpoint, ...rest) => {
    const own = sender();
    const args: SentArgs = rest[0] ?? {};
    const res = await send(app, endpoint, { ...own, ...args, headers: { ...own.headers, ...args.headers } });
    onAnswer?.(res);
    return res;
  };
}

async function send<E extends Endpoint>(app: App, endpoint: E, args: SentArgs): Promise<Answer<E>> {
  const body = encode(args.body);
  const res = await app.inject({
    method: endpoint.method,
    url: `/api${fillPath(endpoint.path, unwrap(args.params))}${queryString(unwrap(args.query))}`,
    headers: definedOnly({
      ...(body.contentType ? { 'content-type': body.contentType } : {}),
      ...(args.access ? { authorization: `Bearer ${args.access}` } : {}),
      ...args.headers,
    }),
    ...(args.remoteAddress ? { remoteAddress: args.remoteAddress } : {}),
    ...(body.payload === undefined ? {} : { payload: body.payload }),
  });
  return answer(endpoint, res);
}

const definedOnly = (headers: Record<string, string | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined));

const unwrap = (value: unknown): unknown => (isUnchecked(value) ? value[uncheckedValue] : value);

/** Fills the "{name}" placeholders of a contract path, each value percent-encoded. */
function fillPath(path: string, params: unknown): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** "?a=1&b=2" from an object (keys without a value left out, an array as repeated keys), or a raw string as it is. */
function queryString(query: unknown): string {
  if (query === undefined || query === null) return '';
  if (typeof query === 'string') return query ? `?${query}` : '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function encode(body: unknown): { payload?: string | Buffer; contentType?: string } {
  if (isEncoded(body)) return body[encodedBody];
  const value = unwrap(body);
  return value === undefined ? {} : { payload: JSON.stringify(value), contentType: 'application/json' };
}

function answer<E extends Endpoint>(endpoint: E, res: LightMyRequestResponse): Answer<E> {
  const status = endpoint.status ?? 200;
  const read = (): unknown => JSON.parse(res.body);
  const json = (): ResponseOf<E> => {
    if (res.statusCode !== status) throw new Error(`${endpoint.method} ${endpoint.path} answered ${res.statusCode}, not ${status}: ${res.body}`);
    // The route's serializer checked this body against E's response schema; the compiler cannot follow that.
    return read() as ResponseOf<E>;
  };
  const error = (): ErrorResponse => {
    if (res.statusCode < 400) throw new Error(`${endpoint.method} ${endpoint.path} answered ${res.statusCode}, not an error: ${res.body}`);
    const body = read();
    const parsed = ErrorResponse.safeParse(body);
    if (!parsed.success) throw new Error(`${endpoint.method} ${endpoint.path} answered ${res.statusCode} outside the error shape: ${res.body}`);
    // The body itself, not the parsed copy, so that an assertion sees every field the server sent.
    return body as ErrorResponse;
  };
  return Object.assign(res, { json, error });
}
