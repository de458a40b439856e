import { describe, expect, it } from 'vitest';
import { batchedReads } from './batched-reads.ts';

describe('reads batched across requests', () => {
  it('sends the keys asked in one turn of the event loop as one read, and answers each asker its own', async () => {
    const reads: number[][] = [];
    const double = batchedReads(async (keys: readonly number[]) => {
      reads.push([...keys]);
      return keys.map((k) => k * 2);
    });
    // Asked from separate callbacks of one turn, as requests whose data came in one poll phase.
    const asked = await Promise.all([1, 2, 3].map((k) => new Promise<number>((resolve, reject) => setImmediate(() => double(k).then(resolve, reject)))));
    expect(asked).toEqual([2, 4, 6]);
    expect(reads).toEqual([[1, 2, 3]]);
    // A lone key goes alone, and asked again it is read again: nothing is kept.
    expect(await double(2)).toBe(4);
    expect(await double(2)).toBe(4);
    expect(reads.slice(1)).toEqual([[2], [2]]);
  });

  it('fails only the asker whose answer is an Error, and every asker of a read that throws', async () => {
    let down = false;
    const read = batchedReads(async (keys: readonly string[]) => {
      if (down) throw new Error('connection lost');
      return keys.map((k) => (k === 'bad' ? new Error(`no ${k}`) : k.toUpperCase()));
    });
    const answers = await Promise.allSettled([read('a'), read('bad'), read('b')]);
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : (a.reason as Error).message))).toEqual(['A', 'no bad', 'B']);
    down = true;
    const failed = await Promise.allSettled([read('a'), read('b')]);
    expect(failed.map((f) => f.status)).toEqual(['rejected', 'rejected']);
  });

  it('sends at most maxBatch keys a read', async () => {
    const sizes: number[] = [];
    const read = batchedReads(
      async (keys: readonly number[]) => {
        sizes.push(keys.length);
        return [...keys];
      },
      { maxBatch: 4 },
    );
    expect(await Promise.all(Array.from({ length: 10 }, (_, i) => read(i)))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(sizes).toEqual([4, 4, 2]);
  });
});
