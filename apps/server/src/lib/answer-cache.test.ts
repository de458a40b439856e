import { describe, expect, it } from 'vitest';
import { testClock } from '../../test/helper.ts';
import { answerCache } from './answer-cache.ts';

/** A computation that counts its runs and answers a new object each time. */
function counted() {
  let runs = 0;
  return {
    get runs() {
      return runs;
    },
    compute: async () => ({ run: ++runs }),
  };
}

describe('answerCache', () => {
  it('answers the same key from memory until the time is up, then computes again', async () => {
    const clock = testClock();
    const cache = answerCache<{ run: number }>({ ttlMs: 10_000, maxBytes: 1_000_000, clock });
    const work = counted();
    expect(await cache.get('a', work.compute)).toEqual({ run: 1 });
    clock.advance(9_999);
    expect(await cache.get('a', work.compute)).toEqual({ run: 1 });
    expect(await cache.get('b', work.compute)).toEqual({ run: 2 });
    clock.advance(2);
    expect(await cache.get('a', work.compute)).toEqual({ run: 3 });
  });

  it('runs one computation for askers who come while it runs', async () => {
    const cache = answerCache<{ run: number }>({ ttlMs: 10_000, maxBytes: 1_000_000, clock: testClock() });
    const work = counted();
    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.get('a', work.compute)));
    expect(work.runs).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('keeps no failure: the askers of a failed computation see its error, the next asker computes again', async () => {
    const cache = answerCache<{ run: number }>({ ttlMs: 10_000, maxBytes: 1_000_000, clock: testClock() });
    const failing = () => Promise.reject(new Error('the database is down'));
    const askers = await Promise.allSettled([cache.get('a', failing), cache.get('a', failing)]);
    expect(askers.map((a) => a.status)).toEqual(['rejected', 'rejected']);
    const work = counted();
    expect(await cache.get('a', work.compute)).toEqual({ run: 1 });
  });

  it('keeps at most maxBytes of answers, the least recently asked leaving first', async () => {
    // Each entry here is its JSON ({"run":1}: 9 characters) and its key (1): two fit in 20, not three.
    const cache = answerCache<{ run: number }>({ ttlMs: 10_000, maxBytes: 20, clock: testClock() });
    const work = counted();
    await cache.get('a', work.compute);
    await cache.get('b', work.compute);
    await cache.get('a', work.compute);
    await cache.get('c', work.compute); // b leaves
    expect(await cache.get('a', work.compute)).toEqual({ run: 1 });
    expect(await cache.get('b', work.compute)).toEqual({ run: 4 });
  });

  it('with no time to keep, computes every time', async () => {
    const cache = answerCache<{ run: number }>({ ttlMs: 0, maxBytes: 1_000_000, clock: testClock() });
    const work = counted();
    await cache.get('a', work.compute);
    await cache.get('a', work.compute);
    expect(work.runs).toBe(2);
  });

  describe('keeping from the second ask', () => {
    it('computes a question asked once and keeps nothing; keeps it from its second ask within the time; forgets the first ask after the time', async () => {
      const clock = testClock();
      const cache = answerCache<{ run: number }>({ ttlMs: 10_000, maxBytes: 1_000_000, clock, fromSecondAsk: true });
      const work = counted();
      expect(await cache.get('a', work.compute)).toEqual({ run: 1 });
      expect(await cache.get('a', work.compute)).toEqual({ run: 2 });
      expect(await cache.get('a', work.compute)).toEqual({ run: 2 });
      clock.advance(10_001);
      expect(await cache.get('a', work.compute)).toEqual({ run: 3 });
      clock.advance(10_001);
      expect(await cache.get('a', work.compute)).toEqual({ run: 4 });
      expect(await cache.get('a', work.compute)).toEqual({ run: 5 });
      expect(await cache.get('a', work.compute)).toEqual({ run: 5 });
    });

    it('runs one computation for askers who come while the first runs, and keeps its answer', async () => {
      const cache = answerCache<{ run: number }>({ ttlMs: 10_000, maxBytes: 1_000_000, clock: testClock(), fromSecondAsk: true });
      const work = counted();
      const answers = await Promise.all(Array.from({ length: 50 }, () => cache.get('a', work.compute)));
      expect(work.runs).toBe(1);
      expect(new Set(answers).size).toBe(1);
      expect(await cache.get('a', work.compute)).toBe(answers[0]);
      expect(work.runs).toBe(1);
    });

    it('keeps no failure of a first ask: its askers see the error, the next asker computes again', async () => {
      const cache = answerCache<{ run: number }>({ ttlMs: 10_000, maxBytes: 1_000_000, clock: testClock(), fromSecondAsk: true });
      const failing = () => Promise.reject(new Error('the database is down'));
      const askers = await Promise.allSettled([cache.get('a', failing), cache.get('a', failing)]);
      expect(askers.map((a) => a.status)).toEqual(['rejected', 'rejected']);
      const work = counted();
      expect(await cache.get('a', work.compute)).toEqual({ run: 1 });
      expect(await cache.get('a', work.compute)).toEqual({ run: 1 });
    });
  });
});
