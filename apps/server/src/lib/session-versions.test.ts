import { describe, expect, it } from 'vitest';
import { testClock } from '../../test/helper.ts';
import { sessionVersions } from './session-versions.ts';

/** The accounts' versions as the database holds them, counting the reads; `gate` holds a read until it is opened. */
function table(rows: Record<string, number | null>) {
  let reads = 0;
  let gate: Promise<void> | null = null;
  return {
    rows,
    get reads() {
      return reads;
    },
    hold() {
      let open = () => {};
      gate = new Promise((resolve) => (open = resolve));
      return () => {
        gate = null;
        open();
      };
    },
    read: async (userId: string) => {
      reads += 1;
      // What the row held when the statement ran, answered once the gate opens.
      const seen = rows[userId] ?? null;
      if (gate) await gate;
      return seen;
    },
  };
}

describe('sessionVersions', () => {
  it('asks the database once per account for as long as it is told nothing, and again once the time is up', async () => {
    const clock = testClock();
    const db = table({ a: 3, b: 7 });
    const versions = sessionVersions({ read: db.read, clock, ttlMs: 30_000 });
    expect(await versions.of('a')).toBe(3);
    expect(await versions.of('a')).toBe(3);
    expect(await versions.of('b')).toBe(7);
    expect(db.reads).toBe(2);
    db.rows.a = 4;
    clock.advance(30_001);
    expect(await versions.of('a')).toBe(4);
    expect(db.reads).toBe(3);
  });

  it('forgets an account when the bus says its sessions ended, and does not keep a read that began before the word', async () => {
    const db = table({ a: 3 });
    const versions = sessionVersions({ read: db.read, clock: testClock() });
    expect(await versions.of('a')).toBe(3);
    db.rows.a = 4;
    versions.ended('a');
    expect(await versions.of('a')).toBe(4);

    // A read that saw the row before the change commits, and answers after the word went round: not kept.
    db.rows.b = 0;
    const open = db.hold();
    const early = versions.of('b');
    db.rows.b = 1;
    versions.ended('b');
    open();
    expect(await early).toBe(0);
    expect(await versions.of('b')).toBe(1);
    expect(await versions.of('b')).toBe(1);
    expect(db.reads).toBe(4);
  });

  it('keeps nothing of an account this process is ending the sessions of, until the hold is over', async () => {
    const clock = testClock();
    const db = table({ a: 3 });
    const versions = sessionVersions({ read: db.read, clock, holdMs: 10_000 });
    expect(await versions.of('a')).toBe(3);
    versions.ending('a');
    // Before the commit the database still says 3, and that must not be kept past it.
    expect(await versions.of('a')).toBe(3);
    db.rows.a = 4;
    expect(await versions.of('a')).toBe(4);
    const reads = db.reads;
    clock.advance(10_001);
    expect(await versions.of('a')).toBe(4);
    expect(await versions.of('a')).toBe(4);
    expect(db.reads).toBe(reads + 1);
  });

  it('asks every time while the bus is down, and afresh once it is back', async () => {
    const db = table({ a: 3 });
    const versions = sessionVersions({ read: db.read, clock: testClock() });
    expect(await versions.of('a')).toBe(3);
    versions.busDown();
    db.rows.a = 4;
    expect(await versions.of('a')).toBe(4);
    expect(await versions.of('a')).toBe(4);
    expect(db.reads).toBe(3);
    db.rows.a = 5;
    versions.busUp();
    expect(await versions.of('a')).toBe(5);
    expect(await versions.of('a')).toBe(5);
    expect(db.reads).toBe(4);
  });

  it('does not keep an account that may not act, nor a read that spanned the bus going down', async () => {
    const db = table({ gone: null, a: 1 });
    const versions = sessionVersions({ read: db.read, clock: testClock() });
    expect(await versions.of('gone')).toBeNull();
    expect(await versions.of('gone')).toBeNull();
    expect(db.reads).toBe(2);

    const open = db.hold();
    const spanning = versions.of('a');
    versions.busDown();
    versions.busUp();
    open();
    expect(await spanning).toBe(1);
    expect(await versions.of('a')).toBe(1);
    expect(db.reads).toBe(4);
  });

  it('keeps at most `max` accounts, the longest unasked leaving first', async () => {
    const db = table({ a: 1, b: 2, c: 3 });
    const versions = sessionVersions({ read: db.read, clock: testClock(), max: 2 });
    await versions.of('a');
    await versions.of('b');
    await versions.of('a');
    await versions.of('c');
    const reads = db.reads;
    await versions.of('a');
    await versions.of('c');
    expect(db.reads).toBe(reads);
    await versions.of('b');
    expect(db.reads).toBe(reads + 1);
  });
});
