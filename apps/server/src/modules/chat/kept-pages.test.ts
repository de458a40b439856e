import { describe, expect, it } from 'vitest';
import type { ChatMessagePage } from '@localloop/contract';
import { testClock } from '../../../test/helper.ts';
import { keptPages } from './kept-pages.ts';

const room = '6f1d5c1e-0000-4000-8000-000000000001';
const other = '6f1d5c1e-0000-4000-8000-000000000002';

/** A reader that counts its reads and answers a page naming the read. */
function reader() {
  let reads = 0;
  const read = () => {
    reads += 1;
    const page: ChatMessagePage = { results: [], has_more: reads > 1 };
    return Promise.resolve(page);
  };
  return { read, reads: () => reads };
}

/** A read that answers only when told to. */
function held() {
  let answer!: (page: ChatMessagePage) => void;
  let fail!: (error: Error) => void;
  const page = new Promise<ChatMessagePage>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  return { read: () => page, answer: () => answer({ results: [], has_more: false }), fail: () => fail(new Error('the database is gone')) };
}

describe('kept chat pages', () => {
  it('reads a page once and answers the next askers from memory, each room and page on its own', async () => {
    const pages = keptPages({ ttlMs: 10_000, clock: testClock() });
    const r = reader();
    const first = await pages.get(room, 'newest:50', r.read);
    expect(await pages.get(room, 'newest:50', r.read)).toBe(first);
    expect(r.reads()).toBe(1);
    await pages.get(room, '120:50', r.read);
    await pages.get(other, 'newest:50', r.read);
    expect(r.reads()).toBe(3);
  });

  it('reads once for everyone asking while the read is on its way', async () => {
    const pages = keptPages({ ttlMs: 10_000, clock: testClock() });
    let reads = 0;
    const slow = held();
    const read = () => {
      reads += 1;
      return slow.read();
    };
    const asked = [pages.get(room, 'newest:50', read), pages.get(room, 'newest:50', read), pages.get(room, 'newest:50', read)];
    slow.answer();
    const answers = await Promise.all(asked);
    expect(reads).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('forgets a room\'s pages when it has a new message, and only that room\'s', async () => {
    const pages = keptPages({ ttlMs: 10_000, clock: testClock() });
    const r = reader();
    await pages.get(room, 'newest:50', r.read);
    await pages.get(room, '120:50', r.read);
    await pages.get(other, 'newest:50', r.read);
    pages.changed(room);
    await pages.get(room, 'newest:50', r.read);
    await pages.get(room, '120:50', r.read);
    await pages.get(other, 'newest:50', r.read);
    expect(r.reads()).toBe(5);
  });

  it('does not keep a page whose read began before the room changed: it may have missed the message', async () => {
    const pages = keptPages({ ttlMs: 10_000, clock: testClock() });
    const slow = held();
    const before = pages.get(room, 'newest:50', slow.read);
    pages.changed(room);
    // Asked after the word: not joined to the read begun before it.
    const r = reader();
    await pages.get(room, 'newest:50', r.read);
    expect(r.reads()).toBe(1);
    slow.answer();
    await before;
    await pages.get(room, 'newest:50', r.read);
    // The later read was kept; the earlier one, answering last, did not replace it.
    expect(r.reads()).toBe(1);
  });

  it('keeps a page for ttlMs at most: what the bus does not tell of (a new name) shows that long', async () => {
    const clock = testClock();
    const pages = keptPages({ ttlMs: 10_000, clock });
    const r = reader();
    await pages.get(room, 'newest:50', r.read);
    clock.advance(9_999);
    await pages.get(room, 'newest:50', r.read);
    expect(r.reads()).toBe(1);
    clock.advance(2);
    await pages.get(room, 'newest:50', r.read);
    expect(r.reads()).toBe(2);
  });

  it('keeps nothing and uses nothing kept while the bus is down, and forgets everything when it is back', async () => {
    const pages = keptPages({ ttlMs: 10_000, clock: testClock() });
    const r = reader();
    await pages.get(room, 'newest:50', r.read);
    pages.busDown();
    await pages.get(room, 'newest:50', r.read);
    await pages.get(room, 'newest:50', r.read);
    expect(r.reads()).toBe(3);
    // A read that began while the bus was down is not kept once it is back.
    const slow = held();
    const during = pages.get(room, '120:50', slow.read);
    pages.busUp();
    slow.answer();
    await during;
    await pages.get(room, '120:50', r.read);
    await pages.get(room, 'newest:50', r.read);
    await pages.get(room, 'newest:50', r.read);
    expect(r.reads()).toBe(5);
  });

  it('does not keep a failed read: the next asker reads again', async () => {
    const pages = keptPages({ ttlMs: 10_000, clock: testClock() });
    const failing = held();
    const asked = pages.get(room, 'newest:50', failing.read);
    failing.fail();
    await expect(asked).rejects.toThrow('the database is gone');
    const r = reader();
    await pages.get(room, 'newest:50', r.read);
    expect(r.reads()).toBe(1);
  });

  it('keeps at most maxBytes of pages, the least recently read leaving first', async () => {
    const big = (n: number): ChatMessagePage => ({ results: [], has_more: n > 0, ...{ pad: 'x'.repeat(400) } });
    const pages = keptPages({ ttlMs: 10_000, clock: testClock(), maxBytes: 1_000 });
    let reads = 0;
    const read = () => Promise.resolve(big((reads += 1)));
    await pages.get(room, 'a', read);
    await pages.get(room, 'b', read);
    await pages.get(room, 'a', read);
    // A third page does not fit beside two: b, read least recently, leaves.
    await pages.get(room, 'c', read);
    expect(reads).toBe(3);
    await pages.get(room, 'a', read);
    expect(reads).toBe(3);
    await pages.get(room, 'b', read);
    expect(reads).toBe(4);
  });

  it('keeps nothing with ttlMs 0', async () => {
    const pages = keptPages({ ttlMs: 0, clock: testClock() });
    expect(pages.keeps).toBe(false);
    const r = reader();
    await pages.get(room, 'newest:50', r.read);
    await pages.get(room, 'newest:50', r.read);
    expect(r.reads()).toBe(2);
  });
});
