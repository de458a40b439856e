import { LRUCache } from 'lru-cache';
import type { ChatMessagePage } from '@localloop/contract';
import type { Clock } from '../../lib/clock.ts';

/**
 * The history pages of rooms, kept in the process: a busy room's members opening it (the newest page, then older ones)
 * cost a membership check each, not a read of 50 messages with their senders each (at scale the read was 7–9 % of
 * health's rate; bench/RESULTS.md). A page is the same for every member, so whoever reads it first keeps it for the
 * others; membership itself is never kept (messages.ts asks it on every call).
 *
 * What is kept stays true for as long as the bus is heard:
 * - a new message in a room, heard on the bus from any process (`changed`), forgets the room's pages, and a page read
 *   begun before the word is not kept (it may have been read before the message's commit); the process that posts
 *   forgets at once, so its poster's next read does not wait for the bus to come round;
 * - only pages back in time are kept: the newest page and pages before a message. Catching up (`after` a message) is
 *   always read afresh: the web app catches up after every message event and every confirmed subscription, so the few
 *   milliseconds between a commit and its word on the bus never hide a message;
 * - while the bus is down nothing is kept or used (`busDown`); once it is back (`busUp`) everything is read afresh;
 * - what the bus does not tell of (a sender's new name or picture, a deleted account's messages leaving with it) shows
 *   for at most `ttlMs`;
 * - at most `maxBytes` of pages (measured as their JSON), the least recently read leaving first.
 * `ttlMs` 0 keeps nothing (tests that change rows and read at once; the statement recorder of `npm run bench`).
 */
export type KeptPages = {
  /** Whether pages are kept at all (`ttlMs` > 0): when not, messages.ts reads a page and its membership in one statement. */
  readonly keeps: boolean;
  /** The room's page named `key`, kept or read by `read` (once for everyone asking it at the same time). */
  get(roomId: string, key: string, read: () => Promise<ChatMessagePage>): Promise<ChatMessagePage>;
  /** The room has a new message (heard on the bus, or posted by this process once its transaction committed). */
  changed(roomId: string): void;
  busDown(): void;
  busUp(): void;
};

/** What the kept pages of all rooms may take: 8 MB, some 500 pages of 50 messages. */
export const KEPT_PAGE_BYTES = 8 * 2 ** 20;

export function keptPages({ ttlMs, clock, maxBytes = KEPT_PAGE_BYTES }: { ttlMs: number; clock: Clock; maxBytes?: number }): KeptPages {
  if (ttlMs <= 0) return { keeps: false, get: (_roomId, _key, read) => read(), changed() {}, busDown() {}, busUp() {} };
  // Each kept page's key under its room, to forget a room's pages without looking at the others'.
  const byRoom = new Map<string, Set<string>>();
  const cache = new LRUCache<string, { roomId: string; page: ChatMessagePage }>({
    maxSize: maxBytes,
    sizeCalculation: (entry, key) => JSON.stringify(entry.page).length + key.length,
    ttl: ttlMs,
    perf: { now: () => clock().getTime() },
    // Read the clock at every look (its default keeps one reading for 1 ms, on a timer a moved test clock outruns).
    ttlResolution: 0,
    // However a page leaves (forgotten, replaced, pushed out, past its time), its room's index lets go of it.
    dispose: (entry, key) => {
      const keys = byRoom.get(entry.roomId);
      keys?.delete(key);
      if (keys?.size === 0) byRoom.delete(entry.roomId);
    },
  });
  // Pages past their time leave once a TTL, not when the cap pushes them out (one timer, not keeping the process alive).
  setInterval(() => cache.purgeStale(), ttlMs).unref();
  const reading = new Map<string, { roomId: string; page: Promise<ChatMessagePage> }>();
  // Raised by every forgetting: a read that began before one is not kept.
  let generation = 0;
  let trusted = true;
  const forget = (roomId?: string) => {
    generation += 1;
    if (roomId === undefined) {
      cache.clear();
      reading.clear();
      return;
    }
    for (const key of [...(byRoom.get(roomId) ?? [])]) cache.delete(key);
    // Whoever asks from now on reads afresh; those already waiting get the read they joined.
    for (const [key, pending] of reading) if (pending.roomId === roomId) reading.delete(key);
  };
  return {
    keeps: true,
    get(roomId, key, read) {
      if (!trusted) return read();
      const name = `${roomId}|${key}`;
      const kept = cache.get(name);
      if (kept) return Promise.resolve(kept.page);
      const pending = reading.get(name);
      if (pending) return pending.page;
      const began = generation;
      const page = read().then((answer) => {
        if (trusted && began === generation) {
          cache.set(name, { roomId, page: answer });
          let keys = byRoom.get(roomId);
          if (!keys) byRoom.set(roomId, (keys = new Set()));
          keys.add(name);
        }
        return answer;
      });
      const entry = { roomId, page };
      reading.set(name, entry);
      // Settled either way, it is no longer what a new asker joins (a failed read is not kept: the next asker reads).
      const done = () => {
        if (reading.get(name) === entry) reading.delete(name);
      };
      page.then(done, done);
      return page;
    },
    changed: (roomId) => forget(roomId),
    busDown() {
      trusted = false;
      forget();
    },
    busUp() {
      forget();
      trusted = true;
    },
  };
}
