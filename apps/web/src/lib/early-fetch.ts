// No imports: the boot script (src/boot) starts these requests before the app's bundles have arrived, and the app takes
// their answers over here instead of asking again.

/** A GET the boot script started, waiting for the app's first request of the same address. */
type EarlyFetch = {
  url: string;
  startedAt: number;
  response: Promise<Response>;
  /** Its JSON body once a 2xx answer has arrived and been read; until then (or for an error) undefined. */
  answer?: { body: unknown };
  /** Settles once the body is read, or the request failed. */
  settled: Promise<void>;
};

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
 * and keeps the answer for takeEarlyAnswer and takeEarlyFetch. Resolves with the answer's JSON body, or null for an
 * error or a failed request.
 */
export function startEarlyFetch(url: string): Promise<unknown> {
  const response = globalThis.fetch(url, { headers: { Accept: 'application/json' } });
  // A failure is the app's to see when it takes the answer over; until then nobody waits on it.
  response.catch(() => undefined);
  const body = response
    .then((r) => (r.ok ? (r.clone().json() as Promise<unknown>) : null))
    .then(
      (json) => {
        if (json !== null) early.answer = { body: json };
        return json;
      },
      () => null,
    );
  const early: EarlyFetch = { url, startedAt: Date.now(), response, settled: body.then(() => undefined) };
  pending().push(early);
  return body;
}

/** Settles once every early GET still waiting for the app has its body read (or failed). */
export function earlyAnswersSettled(): Promise<void> {
  return Promise.all(pending().map((early) => early.settled)).then(() => undefined);
}

const fresh = (early: EarlyFetch) => Date.now() - early.startedAt <= earlyFetchMaxAgeMs;

/**
 * The JSON body of an early GET of exactly `url` if it has already arrived, at once and at most once (as with
 * takeEarlyFetch, which then has nothing for the address): for a first render that shows the page with its answer.
 * Undefined when there is none, it is not in yet, or it is too old.
 */
export function takeEarlyAnswer(url: string): { body: unknown } | undefined {
  const list = pending();
  const index = list.findIndex((early) => early.url === url && early.answer !== undefined);
  if (index === -1) return undefined;
  const [early] = list.splice(index, 1);
  return early && fresh(early) ? early.answer : undefined;
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
  if (!early || !fresh(early)) return null;
  return early.response;
}
