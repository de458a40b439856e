import type { z } from 'zod';
// Only the token refresh: every page's chunk needs this client, and must not build every domain's schemas (nor the
// password rules) for it.
import { ErrorResponse, tokenRefreshEndpoint, TokenRefreshResponse } from '@localloop/contract';
import type { BodyOf, Endpoint, HttpMethod, ParamsOf, QueryOf, ResponseOf } from '@localloop/contract';
import { config } from '../config.ts';
import { reportReachable, reportUnreachable } from '../lib/connectivity.ts';
import { takeEarlyAnswer, takeEarlyFetch } from '../lib/early-fetch.ts';
import { clearAll, getAccessToken, getRefreshToken, storeTokens } from '../session/storage.ts';
import { ApiError, badResponseCode, networkErrorCode } from './api-error.ts';
import { apiUrl } from './api-url.ts';
import type { QueryValue } from './api-url.ts';

export { ApiError, badResponseCode, networkErrorCode } from './api-error.ts';

export type RequestOptions = {
  method?: HttpMethod;
  /** A JSON value, or FormData for a multipart upload. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Extra request headers, e.g. a purchase's Idempotency-Key. */
  headers?: Record<string, string>;
  /** When false a 401 is returned as an error without trying a token refresh (e.g. login itself). */
  refreshOn401?: boolean;
};

type ClientDeps = {
  baseUrl: string;
  fetch: typeof fetch;
  /** Where to send someone whose session could not be refreshed; a full page load by default. */
  navigate: (path: string) => void;
};

const deps: ClientDeps = {
  baseUrl: config.apiBaseUrl,
  // Late-bound so a test stub of globalThis.fetch is seen.
  fetch: (input, init) => globalThis.fetch(input, init),
  navigate: (path) => window.location.assign(path),
};

/** Swap the network, base URL or navigation (tests, and the app's router). Returns a restore function. */
export function configureApiClient(overrides: Partial<ClientDeps>): () => void {
  const previous = { ...deps };
  Object.assign(deps, overrides);
  return () => {
    Object.assign(deps, previous);
  };
}

const refreshPath = tokenRefreshEndpoint.path;

/**
 * This page's name for the server, random for each page load and sent with every call: a notification that a call of
 * this page causes comes back with it in its push, so the page that acted (and answered its own action already) does
 * not toast it too, while the person's other tabs and devices do.
 */
export const tabId = crypto.randomUUID();
const tabHeader = 'X-LocalLoop-Tab';

/**
 * One refresh at a time for the whole page: refresh tokens rotate and a reused one revokes the
 * session, so concurrent 401s must share a single call rather than each spending the token.
 */
let refreshInFlight: Promise<boolean> | null = null;

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  return apiUrl(deps.baseUrl, path, query);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const parsed = ErrorResponse.safeParse(await readJson(response));
  if (parsed.success) {
    return new ApiError(response.status, parsed.data.code, parsed.data.error, parsed.data.fields);
  }
  return new ApiError(response.status, `HTTP_${response.status}`, 'Something went wrong on our side. Please try again.');
}

function networkError(): ApiError {
  return new ApiError(0, networkErrorCode, 'We could not reach LocalLoop. Check your connection and try again.');
}

function encodeBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  // Multipart goes as it is: fetch writes its Content-Type with the boundary.
  return body instanceof FormData ? body : JSON.stringify(body);
}

async function send(path: string, options: RequestOptions, access: string | null): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json', [tabHeader]: tabId };
  if (options.body !== undefined && !(options.body instanceof FormData)) headers['Content-Type'] = 'application/json';
  if (access) headers.Authorization = `Bearer ${access}`;
  const url = buildUrl(path, options.query);
  const method = options.method ?? 'GET';
  try {
    // The page's first request, when the boot script already sent exactly this one (a visitor's, so none with a token).
    const early = method === 'GET' && access === null && options.body === undefined ? await answerOf(takeEarlyFetch(url), options.signal) : null;
    const response = early ?? (await deps.fetch(url, { method, headers, body: encodeBody(options.body), signal: options.signal }));
    reportReachable();
    return response;
  } catch (cause) {
    // A cancelled request (e.g. a query that is no longer needed) stays an AbortError for its caller.
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    // The shell's offline banner (shell/offline-banner.tsx) shows until a call gets through again.
    reportUnreachable();
    throw networkError();
  }
}

/**
 * An early request's response, or null when there was none or it failed (the caller asks the network itself). A
 * cancelled caller stops waiting for it.
 */
async function answerOf(early: Promise<Response> | null, signal: AbortSignal | undefined): Promise<Response | null> {
  if (!early) return null;
  signal?.throwIfAborted();
  const aborted = new Promise<never>((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true }));
  return Promise.race([early.catch(() => null), aborted]);
}

/** Resolves true when new tokens are stored. On a refused refresh the tokens go and the person goes to /login. */
function refreshTokens(): Promise<boolean> {
  if (refreshInFlight) return refreshInFlight;
  refreshInFlight = (async () => {
    const refresh = getRefreshToken();
    if (!refresh) return endSession();
    let response: Response;
    try {
      response = await send(refreshPath, { method: 'POST', body: { refresh } }, null);
    } catch {
      // A network blip is not a refused session: keep the tokens, let this request fail.
      return false;
    }
    if (!response.ok) return endSession();
    const tokens = TokenRefreshResponse.safeParse(await readJson(response));
    if (!tokens.success) return endSession();
    storeTokens(tokens.data.access, tokens.data.refresh);
    return true;
  })().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/**
 * Swaps this device's tokens for fresh ones now: after a password change the server ends every older access token,
 * this device's too (its refresh token survives), so renewing at once spares the next call a 401.
 */
export function renewSession(): Promise<boolean> {
  return refreshTokens();
}

/**
 * The session is over (its refresh was refused: a logout everywhere, a password change, an expired token): everything
 * this browser kept of it goes, as at a logout, not only the tokens. The account's data and the exact place it chose
 * would otherwise be there for the next person to sign in on this browser, and be kept with their account.
 */
function endSession(): false {
  clearAll();
  deps.navigate('/login');
  return false;
}

/**
 * A JSON call under the API base. Sends the stored bearer token; a 401 on a call that carried one is
 * answered by one shared token refresh and one retry of this request, never more.
 */
export async function request(path: string, options: RequestOptions = {}): Promise<unknown> {
  return readJson(await sendWithRefresh(path, options));
}

async function sendWithRefresh(path: string, options: RequestOptions): Promise<Response> {
  const access = getAccessToken();
  let response = await send(path, options, access);

  const mayRefresh = options.refreshOn401 !== false && path !== refreshPath && access !== null;
  if (response.status === 401 && mayRefresh) {
    // If another request already refreshed since this one was sent, the new token is enough.
    const current = getAccessToken();
    const refreshed = current !== null && current !== access ? true : await refreshTokens();
    if (refreshed) response = await send(path, options, getAccessToken());
  }

  if (!response.ok) throw await toApiError(response);
  return response;
}

type PathParams = Record<string, string | number>;

/** Fills "{name}" and ":name" placeholders of a contract path. */
export function fillPath(path: string, params: PathParams = {}): string {
  return path.replace(/\{(\w+)\}|:(\w+)/g, (match, braced: string | undefined, colon: string | undefined) => {
    const name = braced ?? colon;
    const value = name === undefined ? undefined : params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name ?? match}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** A query value as the URL carries it: a schema's coerced field takes anything, the query string only these. */
type QueryArg<Q> = { [K in keyof Q]: Q[K] & QueryValue };

/** An argument named K: absent without a schema, optional when every key of it is, else required. */
type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : Partial<T> extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** params and query are typed by the endpoint's schemas, so a misspelt or missing key fails to compile. */
export type CallArgs<E extends Endpoint> = { signal?: AbortSignal; headers?: Record<string, string> } & Part<'params', ParamsOf<E>> &
  Part<'query', QueryArg<QueryOf<E>>> &
  (E['body'] extends z.ZodType ? { body: BodyOf<E> } : { body?: undefined });

type CallRest<E extends Endpoint> = Partial<CallArgs<E>> extends CallArgs<E> ? [args?: CallArgs<E>] : [args: CallArgs<E>];

/** What call() hands on, once the compiler has checked the arguments against the endpoint. */
type SentArgs = { params?: PathParams; query?: Record<string, QueryValue>; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> };

function sendEndpoint<E extends Endpoint>(endpoint: E, rest: CallRest<E>): Promise<Response> {
  // Checked against E at the call site; TypeScript cannot follow E's schemas into this generic body.
  const args = rest[0] as SentArgs | undefined;
  return sendWithRefresh(fillPath(endpoint.path, args?.params), {
    method: endpoint.method,
    body: args?.body,
    query: args?.query,
    signal: args?.signal,
    headers: args?.headers,
    // A 401 from an endpoint that needs no session (login, logout) is its answer, not an expired token.
    refreshOn401: endpoint.auth !== 'none',
  });
}

/** A call typed by the contract's endpoint table; the answer is checked against its response schema. */
export async function call<E extends Endpoint>(endpoint: E, ...rest: CallRest<E>): Promise<ResponseOf<E>> {
  const data = await readJson(await sendEndpoint(endpoint, rest));
  const parsed = endpoint.response.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(0, badResponseCode, 'LocalLoop sent an answer we could not read. Please try again.');
  }
  // The data was parsed by E's own response schema; TypeScript cannot follow that through the generic.
  return parsed.data as ResponseOf<E>;
}

/**
 * The answer the boot script already has for this call (a visitor's first GET of the page: lib/early-fetch.ts), checked
 * against the endpoint's response schema as call() checks it; undefined when there is none in yet. A query's
 * `initialData`: the page's first render then shows its answer instead of its skeleton, one render instead of two.
 */
export function earlyAnswer<E extends Endpoint>(endpoint: E, ...rest: CallRest<E>): ResponseOf<E> | undefined {
  if (endpoint.method !== 'GET' || getAccessToken() !== null) return undefined;
  const args = rest[0] as SentArgs | undefined;
  const early = takeEarlyAnswer(buildUrl(fillPath(endpoint.path, args?.params), args?.query));
  if (!early) return undefined;
  const parsed = endpoint.response.safeParse(early.body);
  // The same type call() returns, for the same reason.
  return parsed.success ? (parsed.data as ResponseOf<E>) : undefined;
}

/** A file behind an endpoint (e.g. a private document): typed and sent like call(), answered with its bytes. */
export async function callBlob<E extends Endpoint>(endpoint: E, ...rest: CallRest<E>): Promise<Blob> {
  return (await sendEndpoint(endpoint, rest)).blob();
}
