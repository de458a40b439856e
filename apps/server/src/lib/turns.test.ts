import { describe, expect, it } from 'vitest';
import { turnsPerRow } from './turns.ts';

/** A write that finishes when told to, recording when it began. */
function held(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { write: async () => (log.push(`start ${name}`), await done, name), finish };
}

describe('turns per row', () => {
  it('lets a few writes of one row in at a time, first come first served, and others rows\' at once', async () => {
    const turns = turnsPerRow(2);
    const log: string[] = [];
    const writes = ['a', 'b', 'c', 'd'].map((name) => held(log, name));
    const answers = writes.map((w) => turns('deal-1', w.write));
    const other = held(log, 'other');
    const otherAnswer = turns('deal-2', other.write);
    await new Promise((r) => setTimeout(r, 0));
    expect(log).toEqual(['start a', 'start b', 'start other']);
    writes[1]?.finish();
    expect(await answers[1]).toBe('b');
    await new Promise((r) => setTimeout(r, 0));
    expect(log).toEqual(['start a', 'start b', 'start other', 'start c']);
    for (const w of writes) w.finish();
    other.finish();
    expect(await Promise.all([...answers, otherAnswer])).toEqual(['a', 'b', 'c', 'd', 'other']);
    expect(log.at(-1)).toBe('start d');
  });

  it('gives the turn on when a write fails, and passes the failure to its caller', async () => {
    const turns = turnsPerRow(1);
    const failed = turns('row', () => Promise.reject(new Error('refused')));
    const next = turns('row', () => Promise.resolve('next'));
    await expect(failed).rejects.toThrow('refused');
    expect(await next).toBe('next');
  });
});
