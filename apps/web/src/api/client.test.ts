import { authEndpoints, healthEndpoints } from '@localloop/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userLogin } from '../test/fixtures.ts';
import { ApiError, call, configureApiClient, fillPath, networkErrorCode, request, tabId } from './client.ts';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function authHeader(init: RequestInit): string | undefined {
  const headers = init.headers as Record<string, string> | undefined;
  return headers?.Authorization;
}

/** A fetch stub that records every call; `handler` decides the answers. */
function stubFetch(handler: Handler) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    return handler(url, init);
  });
  return { fetchStub, calls, refreshCalls: () => calls.filter((c) => c.url.endsWith('/token/refresh/')) };
}

let navigate: ReturnType<typeof vi.fn<(path: string) => void>>;
let restore: () => void;

beforeEach(() => {
  navigate = vi.fn<(path: string) => void>();
});

afterEach(() => {
  restore();
});

function useFetch(handler: Handler) {
  const stub = stubFetch(handler);
  restore = configureApiClient({ baseUrl: '/api', fetch: stub.fetchStub, navigate });
  return stub;
}

const expired = () => json(401, { error: 'Your session has expired.', code: 'TOKEN_INVALID' });

describe('api client', () => {
  it('names this page in every call, reads and writes alike, with one id for the page\'s life (its own pushes come back with it)', async () => {
    const { calls } = useFetch(() => json(200, {}));
    await request('/notifications/');
    await request('/profile/', { method: 'PATCH', body: { first_name: 'Ann' } });
    const tabs = calls.map(({ init }) => (init.headers as Record<string, string>)['X-LocalLoop-Tab']);
    expect(tabs).toEqual([tabId, tabId]);
    expect(tabId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends JSON under /api with the stored access token as a bearer', async () => {
    localStorage.setItem('access', 'A1');
    const healthy = { status: 'ok', database: 'up', realtime: 'listening' };
    const { calls } = useFetch(() => json(200, healthy));

    await expect(call(healthEndpoints.health)).resolves.toEqual(healthy);

    expect(calls[0]?.url).toBe('/api/health');
    expect(authHeader(calls[0]?.init ?? {})).toBe('Bearer A1');
  });

  it('sends no Authorization header when no access token is stored', async () => {
    const { calls } = useFetch(() => json(200, { status: 'ok', database: 'up', realtime: 'listening' }));
    await call(healthEndpoints.health);
    expect(authHeader(calls[0]?.init ?? {})).toBeUndefined();
  });

  it('refreshes once on a 401, stores the rotated tokens and retries the request with the new token', async () => {
    localStorage.setItem('access', 'old-access');
    localStorage.setItem('refresh', 'old-refresh');
    const { calls, refreshCalls } = useFetch((url, init) => {
      if (url.endsWith('/token/refresh/')) {
        expect(JSON.parse(String(init.body))).toEqual({ refresh: 'old-refresh' });
        return json(200, { access: 'new-access', refresh: 'new-refresh' });
      }
      return authHeader(init) === 'Bearer new-access' ? json(200, { items: [1] }) : expired();
    });

    await expect(request('/notifications/')).resolves.toEqual({ items: [1] });

    expect(refreshCalls()).toHaveLength(1);
    expect(calls.map((c) => c.url)).toEqual(['/api/notifications/', '/api/token/refresh/', '/api/notifications/']);
    expect(localStorage.getItem('access')).toBe('new-access');
    expect(localStorage.getItem('refresh')).toBe('new-refresh');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not refresh a second time when the retried request gets a 401 again', async () => {
    localStorage.setItem('access', 'old-access');
    localStorage.setItem('refresh', 'old-refresh');
    const { calls, refreshCalls } = useFetch((url) =>
      url.endsWith('/token/refresh/') ? json(200, { access: 'new-access', refresh: 'new-refresh' }) : expired(),
    );

    await expect(request('/notifications/')).rejects.toMatchObject({ status: 401, code: 'TOKEN_INVALID' });

    expect(refreshCalls()).toHaveLength(1);
    expect(calls).toHaveLength(3);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shares one refresh call between concurrent 401s', async () => {
    localStorage.setItem('access', 'old-access');
    localStorage.setItem('refresh', 'old-refresh');
    let releaseRefresh: () => void = () => {};
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const { refreshCalls } = useFetch(async (url, init) => {
      if (url.endsWith('/token/refresh/')) {
        await refreshGate;
        return json(200, { access: 'new-access', refresh: 'new-refresh' });
      }
      return authHeader(init) === 'Bearer new-access' ? json(200, { url }) : expired();
    });

    const all = Promise.all([request('/a/'), request('/b/'), request('/c/')]);
    await vi.waitFor(() => expect(refreshCalls()).toHaveLength(1));
    releaseRefresh();

    await expect(all).resolves.toEqual([{ url: '/api/a/' }, { url: '/api/b/' }, { url: '/api/c/' }]);
    expect(refreshCalls()).toHaveLength(1);
  });

  it('retries without refreshing when another request already refreshed the token', async () => {
    localStorage.setItem('access', 'old-access');
    localStorage.setItem('refresh', 'old-refresh');
    const { refreshCalls } = useFetch((_url, init) => {
      if (authHeader(init) === 'Bearer old-access') {
        // Another tab or request rotated the tokens while this one was on the wire.
        localStorage.setItem('access', 'fresh-access');
        return expired();
      }
      return json(200, { ok: true });
    });

    await expect(request('/x/')).resolves.toEqual({ ok: true });
    expect(refreshCalls()).toHaveLength(0);
  });

  it('ends the whole session and goes to /login when the refresh is refused: tokens, account data and its location', async () => {
    localStorage.setItem('access', 'old-access');
    localStorage.setItem('refresh', 'reused-refresh');
    localStorage.setItem('userData', '{}');
    localStorage.setItem('userLocation', JSON.stringify({ city: 'Brooklyn', state: 'New York', latitude: 40.678, longitude: -73.944, country: 'United States', area: 'Crown Heights', formattedAddress: 'Crown Heights, Brooklyn' }));
    useFetch((url) =>
      url.endsWith('/token/refresh/')
        ? json(401, { error: 'This session was ended for your safety. Please log in again.', code: 'REFRESH_REUSED' })
        : expired(),
    );

    await expect(request('/notifications/')).rejects.toMatchObject({ status: 401 });

    expect(localStorage.getItem('access')).toBeNull();
    expect(localStorage.getItem('refresh')).toBeNull();
    // The next person to sign in on this browser must not find them (nor keep this place with their own account).
    expect(localStorage.getItem('userData')).toBeNull();
    expect(localStorage.getItem('userLocation')).toBeNull();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it('goes to /login once when concurrent requests share a refused refresh', async () => {
    localStorage.setItem('access', 'old-access');
    localStorage.setItem('refresh', 'bad');
    const { refreshCalls } = useFetch((url) =>
      url.endsWith('/token/refresh/') ? json(401, { error: 'Your session has ended.', code: 'REFRESH_INVALID' }) : expired(),
    );

    const results = await Promise.allSettled([request('/a/'), request('/b/')]);

    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(refreshCalls()).toHaveLength(1);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('goes to /login without calling the server when there is no refresh token to use', async () => {
    localStorage.setItem('access', 'old-access');
    const { refreshCalls } = useFetch(() => expired());
    await expect(request('/x/')).rejects.toBeInstanceOf(ApiError);
    expect(refreshCalls()).toHaveLength(0);
    expect(localStorage.getItem('access')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('does not refresh on a 401 when no bearer was sent', async () => {
    localStorage.setItem('refresh', 'some-refresh');
    const { calls, refreshCalls } = useFetch(() => expired());
    await expect(request('/x/')).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
    expect(refreshCalls()).toHaveLength(0);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('surfaces a wrong-password login as an ApiError for the form, without a refresh or a redirect', async () => {
    // Even with a stale token left in storage: a 401 from login is its answer, not an expired session.
    localStorage.setItem('access', 'stale');
    localStorage.setItem('refresh', 'stale-refresh');
    const { calls } = useFetch(() => json(401, { error: 'The e-mail or password is incorrect.', code: 'INVALID_CREDENTIALS' }));

    const failure = call(authEndpoints.login, { body: { email: 'user@example.com', password: 'nope' } });

    await expect(failure).rejects.toEqual(
      expect.objectContaining({ status: 401, code: 'INVALID_CREDENTIALS', message: 'The e-mail or password is incorrect.' }),
    );
    expect(calls).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem('refresh')).toBe('stale-refresh');
  });

  it('never answers a 401 from token/refresh itself with another refresh', async () => {
    localStorage.setItem('access', 'a');
    localStorage.setItem('refresh', 'r');
    const { calls } = useFetch(() => json(401, { error: 'Your session has ended.', code: 'REFRESH_INVALID' }));
    await expect(call(authEndpoints.tokenRefresh, { body: { refresh: 'r' } })).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
  });

  it('posts the login body as JSON and returns the checked login response', async () => {
    const { calls } = useFetch(() => json(200, userLogin));
    await expect(call(authEndpoints.login, { body: { email: 'user@example.com', password: 'pw' } })).resolves.toEqual(userLogin);
    expect(calls[0]?.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ email: 'user@example.com', password: 'pw' });
    expect((calls[0]?.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('throws a typed ApiError with the server code and per-field messages', async () => {
    useFetch(() => json(400, { error: 'Check the highlighted fields.', code: 'VALIDATION_FAILED', fields: { email: 'Enter a valid e-mail address.' } }));
    const error = await request('/x/', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', fields: { email: 'Enter a valid e-mail address.' } });
  });

  it('turns an error without the JSON error shape into a generic ApiError', async () => {
    useFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(request('/x/')).rejects.toMatchObject({ status: 502, code: 'HTTP_502' });
  });

  it('reports a network failure as a NETWORK_ERROR ApiError', async () => {
    useFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(request('/x/')).rejects.toMatchObject({ status: 0, code: networkErrorCode });
  });

  it('rejects an answer that does not match the contract', async () => {
    useFetch(() => json(200, { status: 'sideways', database: 'up', realtime: 'listening' }));
    await expect(call(healthEndpoints.health)).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('adds query parameters and skips empty ones', async () => {
    const { calls } = useFetch(() => json(200, {}));
    await request('/deals/lists/', { query: { lat: 40.7, lng: -74, q: undefined } });
    expect(calls[0]?.url).toBe('/api/deals/lists/?lat=40.7&lng=-74');
  });
});

describe('fillPath', () => {
  it('fills {name} and :name placeholders, encoded', () => {
    expect(fillPath('/vendor/status/{id}/', { id: 'a b' })).toBe('/vendor/status/a%20b/');
    expect(fillPath('/rate-deal/:deal_id/', { deal_id: 7 })).toBe('/rate-deal/7/');
  });
  it('refuses to build a path with a missing parameter', () => {
    expect(() => fillPath('/x/{id}/')).toThrow(/id/);
  });
});
