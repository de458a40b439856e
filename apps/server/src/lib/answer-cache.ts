import { LRUCache } from 'lru-cache';
import { keptAnswer } from './answer-serializer.ts';
import type { Clock } from './clock.ts';

/**
 * A short memory of answers that are the same for every visitor (what is near a point, what a search finds there), so
 * that a crowd asking the same thing costs the database one answer every `ttlMs`, not one each:
 * - asked again within `ttlMs` of being computed, the answer is served as it was (deals sold out or activities filled
 *   meanwhile show for at most that long; each page a card opens reads the row itself);
 * - asked again while it is being computed, the second asker waits for the same computation (one query, not fifty);
 * - a computation that fails is not kept: the next asker computes again;
 * - at most `maxBytes` of answers (measured as their JSON) are kept, the least recently asked leaving first: questions
 *   that are all different (a crawler walking the map) cannot grow the memory past it.
 * Only answers without anything of the asker in them belong here: callers keep signed-in answers (favourites, one's own
 * requests) out of it. `ttlMs` 0 keeps nothing (tests that change rows and read again at once).
 * The TTL runs on the app's clock, so a test can move it.
 */
/** What each endpoint's kept answers may take: 16 MB, some 400 /Discover answers of 40 KB or 2,000 searches. */
export const SHARED_ANSWER_BYTES = 16 * 2 ** 20;

/** What each list's kept answers may take: 4 MB, some 300 pages of 20 cards (four lists, 16 MB in all). */
export const SHARED_LIST_BYTES = 4 * 2 ** 20;

export type AnswerCache<T extends object> = {
  get(key: string, compute: () => Promise<T>): Promise<T>;
};

/** Keys a cache that keeps answers from their second ask remembers having been asked once (their text only). */
const FIRST_ASKS_REMEMBERED = 20_000;

export function answerCache<T extends object>({
  ttlMs,
  maxBytes,
  clock,
  fromSecondAsk = false,
}: {
  ttlMs: number;
  maxBytes: number;
  clock: Clock;
  /**
   * Keep an answer only once its key is asked a second time within `ttlMs` (or by a second asker while the first
   * computes): a list asked at a point nobody else asks about is computed and not kept, so one-off questions neither
   * pay for being measured and kept nor push out the answers a crowd shares (a doorkeeper, as in TinyLFU).
   */
  fromSecondAsk?: boolean;
}): AnswerCache<T> {
  if (ttlMs <= 0) return { get: (_key, compute) => compute() };
  const cache = new LRUCache<string, T, () => Promise<T>>({
    maxSize: maxBytes,
    // Once per computed answer (which cost four list queries), never per answer served.
    sizeCalculation: (answer, key) => JSON.stringify(answer).length + key.length,
    ttl: ttlMs,
    perf: { now: () => clock().getTime() },
    // Read the clock at every look (its default keeps one reading for 1 ms, on a timer a moved test clock outruns).
    ttlResolution: 0,
    fetchMethod: async (_key, _stale, { context }) => keptAnswer(await context()),
  });
  // Answers past their time are dropped once a TTL, not kept until the cap pushes them out: memory holds at most one
  // TTL's worth of questions. One timer for the cache (lru-cache's ttlAutopurge sets one per answer), not keeping the
  // process alive.
  setInterval(() => cache.purgeStale(), ttlMs).unref();
  const kept = async (key: string, compute: () => Promise<T>) => {
    const answer = await cache.fetch(key, { context: compute });
    // fetchMethod answers or throws; the type allows undefined, which would be a bug here, not a miss.
    if (answer === undefined) throw new Error(`the answer cache gave nothing for ${key}`);
    return answer;
  };
  if (!fromSecondAsk) return { get: kept };
  // Keys asked once within the time (their text only, the oldest forgotten first), and the first computations running.
  const askedOnce = new LRUCache<string, true>({ max: FIRST_ASKS_REMEMBERED, ttl: ttlMs, perf: { now: () => clock().getTime() }, ttlResolution: 0 });
  const firstAsks = new Map<string, { answer: Promise<T>; joined: boolean }>();
  return {
    get(key, compute) {
      const running = firstAsks.get(key);
      if (running) {
        // A second asker while the first computes: one computation for both, and its answer kept.
        running.joined = true;
        return running.answer;
      }
      if (askedOnce.has(key) || cache.has(key)) return kept(key, compute);
      askedOnce.set(key, true);
      const first = { answer: compute(), joined: false };
      firstAsks.set(key, first);
      void first.answer.then(
        (answer) => {
          firstAsks.delete(key);
          if (first.joined) cache.set(key, keptAnswer(answer));
        },
        () => firstAsks.delete(key),
      );
      return first.answer;
    },
  };
}

/**
 * A list near a point (deals, activities, services, shops), or a deal's or an activity's page, as visitors get it: their answer holds nothing of the asker,
 * so once asked a second time it is kept `ttlMs` for the next visitors asking the same (a city's crowd on its landing
 * page and lists); a
 * signed-in caller's answer carries their marks (favourites, their place in an activity) and is computed each time.
 * The query is the key: the same point, radius, filters and page.
 */
export function keptForVisitors<Q, T extends object>(
  { ttlMs, clock }: { ttlMs: number; clock: Clock },
  list: (callerId: string | null, query: Q) => Promise<T>,
): (callerId: string | null, query: Q) => Promise<T> {
  // Kept from a second ask: most lists are asked at a point of the asker's own, once (answer-cache's doorkeeper).
  const shared = answerCache<T>({ ttlMs, maxBytes: SHARED_LIST_BYTES, clock, fromSecondAsk: true });
  return (callerId, query) => (callerId ? list(callerId, query) : shared.get(JSON.stringify(query), () => list(null, query)));
}
