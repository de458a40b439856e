import type { ChatMessagePage } from '@localloop/contract';
import type { Clock } from '../../lib/clock.ts';
import { keptUntilChanged, type KeptUntilChanged } from '../../lib/kept-until-changed.ts';

/**
 * The history pages of rooms, kept in the process: a busy room's members opening it (the newest page, then older ones)
 * cost a membership check each, not a read of 50 messages with their senders each (at scale the read was 7–9 % of
 * health's rate; bench/RESULTS.md). A page is the same for every member, so whoever reads it first keeps it for the
 * others; membership itself is never kept (messages.ts asks it on every call).
 *
 * What is kept stays true for as long as the bus is heard:
 * - a new message in a room, heard on the bus from any process (`changed`), forgets the room's pages, and a page whose read
 *   began before the word is never served after it (it may have been read before the commit); the process that posts
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
export type KeptPages = KeptUntilChanged<ChatMessagePage> & {
  /** Whether pages are kept at all (`ttlMs` > 0): when not, messages.ts reads a page and its membership in one statement. */
  readonly keeps: boolean;
};

/** What the kept pages of all rooms may take: 8 MB, some 500 pages of 50 messages. */
export const KEPT_PAGE_BYTES = 8 * 2 ** 20;

/** Rooms are the scopes of lib/kept-until-changed.ts: a new message in a room is its `changed`. */
export function keptPages({ ttlMs, clock, maxBytes = KEPT_PAGE_BYTES }: { ttlMs: number; clock: Clock; maxBytes?: number }): KeptPages {
  return { keeps: ttlMs > 0, ...keptUntilChanged<ChatMessagePage>({ ttlMs, clock, maxBytes }) };
}
