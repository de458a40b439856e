// No imports: the boot script (src/boot) starts these requests before the app's bundles have arrived, and the app takes
// their answers over here instead of asking again.

/** A GET the boot script started, waiting for the app's first request of the same address. */
type EarlyFetch = { url: string; startedAt: number; response: Promise<Response> };

/** Shared through the window: the boot script and the app are separate bundles. */
const slot = '__localloopEarlyFetches';
type EarlyFetches = { [slot]?: EarlyFetch[] };

/**
 * Long enough for a slow phone to download and start the app; an answer older than this is not handed over (the app
 * asks afresh), so a page the person reaches much later never shows it.
 */
export const earlyFetchMaxAgeMs = 20_000;

const pending = (): EarlyFetch[] => ((globalThis as EarlyFetches)[slot] ??= []);

/**
 * GETs `url` now, as the API client would for a visitor (no bearer token: never call this when a session is stored),
 * and keeps the answer for takeEarlyFetch. Resolves with the response, for the caller's own look (clone it first).
 */
export function startEarlyFetch(url: string): Promise<Response> {
  const response = globalThis.fetch(url, { headers: { Accept: 'application/json' } });
  // A failure is the app's to see when it takes the answer over; until then nobody waits on it.
  response.catch(() => undefined);
  pending().push({ url, startedAt: Date.now(), response });
  return response;
}

/**
 * The answer of an early GET of exactly `url`, at most once: the first caller takes it and any later one asks the
 * network. Null when none was started for this address, or it is too old. Only for a request without a session: the
 * early one carried no token.
 */
export function takeEarlyFetch(url: string): Promise<Response> | null {
  const list = pending();
  const index = list.findIndex((early) => early.url === url);
  if (index === -1) return null;
  const [early] = list.splice(index, 1);
  if (!early || Date.now() - early.startedAt > earlyFetchMaxAgeMs) return null;
  return early.response;
}
