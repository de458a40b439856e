import { vi } from 'vitest';
import { configureApiClient } from '../api/client.ts';

export type Reply = { status: number; body?: unknown };
export type StubRequest = { method: string; path: string; query: URLSearchParams; body: unknown; headers: Record<string, string> };
export type Handler = Reply | ((request: StubRequest) => Reply | Promise<Reply>);

const notFound: Reply = { status: 404, body: { error: 'There is no such endpoint.', code: 'NOT_FOUND' } };

function readBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/**
 * What every signed-in page asks for on its own (the unread dot's list), answered by default so a test
 * about something else sees no "Failed to load notifications" toast. A test's handlers override these.
 */
const backgroundHandlers: Record<string, Handler> = {
  'GET /notifications/': { status: 200, body: [] },
  // The user header brings the account's kept location to the device, and keeps one chosen here.
  'GET /profile/location/': { status: 200, body: { location: null } },
  // A vendor's public page lists its services (app/pages/vendor-page.tsx): none unless a test says otherwise.
  'GET /appointments/get-all-services/': { status: 200, body: { count: 0, count_capped: false, page: 1, page_size: 50, results: [] } },
  // And the deals it has on sale: none unless a test says otherwise.
  'GET /deals/lists/': { status: 200, body: { count: 0, count_capped: false, page: 1, page_size: 20, results: [] } },
  'PUT /profile/location/': (request) => ({
    status: 200,
    body: { area: '', ...(request.body as Record<string, unknown>), updated_at: new Date().toISOString() },
  }),
};

/**
 * A fake API behind the real client: handlers keyed "METHOD /path/" (path under /api, no query).
 * Anything else (besides backgroundHandlers) answers 404 in the server's error shape. Restored after
 * each test by setup.ts.
 */
export function stubApi(handlers: Record<string, Handler> = {}) {
  const table = new Map(Object.entries({ ...backgroundHandlers, ...handlers }));
  const requests: StubRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const request: StubRequest = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      body: readBody(init.body),
      headers: (init.headers as Record<string, string> | undefined) ?? {},
    };
    requests.push(request);
    const handler = table.get(`${request.method} ${request.path}`) ?? notFound;
    const reply = typeof handler === 'function' ? await handler(request) : handler;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  // A second stub in one test replaces the first; the restore after the test goes back to the real client.
  restoreApiStub();
  restoreClient = configureApiClient({ baseUrl: '/api', fetch: fetchStub, navigate: vi.fn() });
  return {
    fetchStub,
    requests,
    /** Replaces or adds one handler, e.g. a second answer of the same endpoint. */
    on(key: string, handler: Handler) {
      table.set(key, handler);
    },
    /** The requests to one endpoint, "METHOD /path/". */
    to(key: string) {
      return requests.filter((request) => `${request.method} ${request.path}` === key);
    },
  };
}

let restoreClient: (() => void) | null = null;

export function restoreApiStub(): void {
  restoreClient?.();
  restoreClient = null;
}

export const ok = (body: unknown): Reply => ({ status: 200, body });
export const refuse = (status: number, code: string, error: string, fields?: Record<string, string>): Reply => ({
  status,
  body: fields ? { error, code, fields } : { error, code },
});
